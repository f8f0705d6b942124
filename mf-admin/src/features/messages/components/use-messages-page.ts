import { useEffect, useState } from 'react';
import { getMessages, type MessageFilters, type MessagesPage } from '../api/messages';
import { setNewMessageCount } from '../api/new-count';

export type MessagesPageState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'loaded'; page: MessagesPage };

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
  const [state, setState] = useState<MessagesPageState>({ status: 'loading' });
  const [shown, setShown] = useState(key);
  if (shown !== key) {
    setShown(key);
    setState({ status: 'loading' });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filters and the page.
  useEffect(() => {
    const controller = new AbortController();
    getMessages(filters, page, { signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setNewMessageCount(answer.new_count);
        setState({ status: 'loaded', page: answer });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [key, reloadToken]);

  return state;
}
