import { ApiError, type Language, type Paginated, type PostSummary } from '@agency/core';
import { useEffect, useState } from 'react';
import { getAdminPosts } from '../api/get-posts';
import { readSavedPostPage, savePostPage } from '../api/saved-pages';

export type PostsPageState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  /** `savedAt` is set when the page comes from this device's copy (offline), null when fresh. */
  | { status: 'loaded'; data: Paginated<PostSummary>; savedAt: string | null };

/**
 * One page of the admin list (all posts, or those missing a translation), reloaded when the language, the
 * page, the filter or `reloadToken` changes. A reload of
 * the same page keeps the rows on screen until the answer arrives. Offline, the copy saved on this device
 * is shown instead.
 */
export function usePostsPage(
  language: Language,
  page: number,
  reloadToken: number,
  missingTranslation = false,
): PostsPageState {
  const [state, setState] = useState<PostsPageState>({ status: 'loading' });
  const [shown, setShown] = useState({ language, page, missingTranslation });
  if (shown.language !== language || shown.page !== page || shown.missingTranslation !== missingTranslation) {
    setShown({ language, page, missingTranslation });
    setState({ status: 'loading' });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadToken only asks for the same page again.
  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      try {
        const data = await getAdminPosts(language, page, controller.signal, { missingTranslation });
        if (controller.signal.aborted) return;
        setState({ status: 'loaded', data, savedAt: null });
        await savePostPage(language, page, data, new Date(), missingTranslation).catch(() => undefined);
      } catch (error) {
        if (controller.signal.aborted) return;
        const saved =
          error instanceof ApiError && error.isNetworkError
            ? await readSavedPostPage(language, page, missingTranslation).catch(() => undefined)
            : undefined;
        if (controller.signal.aborted) return;
        setState(
          saved ? { status: 'loaded', data: saved.data, savedAt: saved.savedAt } : { status: 'error', error },
        );
      }
    })();
    return () => controller.abort();
  }, [language, page, reloadToken, missingTranslation]);

  return state;
}
