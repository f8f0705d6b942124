import { type PageLoad, usePageLoad } from '../../../hooks/use-page-load';
import { getMessages, type MessageFilters, type MessagesPage } from '../api/messages';
import { setNewMessageCount } from '../api/new-count';

export type MessagesPageState = PageLoad<MessagesPage>;

/**
 * One page of the inbox with the given filters, asked again when they, the page or `reloadToken` change.
 * A reload of the same list keeps the rows on screen until the answer arrives. Messages are never kept on
 * the device: they hold a stranger's details, and a shared computer is not the place for them.
 */
export function useMessagesPage(
  filters: MessageFilters,
  page: number,
  reloadToken: number,
): MessagesPageState {
  const key = JSON.stringify([filters.status, filters.service, filters.q, page]);
  return usePageLoad(
    key,
    async (signal) => {
      const answer = await getMessages(filters, page, { signal });
      if (!signal.aborted) setNewMessageCount(answer.new_count);
      return answer;
    },
    reloadToken,
  );
}
