import { ApiError, type Paginated, type PostSummary } from '@agency/core';
import { useEffect, useState } from 'react';
import { getAdminPosts, type PostFilters } from '../api/get-posts';
import { readSavedPostPage, savePostPage } from '../api/saved-pages';

export type PostsPageState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  /** `savedAt` is set when the page comes from this device's copy (offline), null when fresh. */
  | { status: 'loaded'; data: Paginated<PostSummary>; savedAt: string | null };

/**
 * One page of the admin list with the given filters, reloaded when they, the page or `reloadToken` change.
 * A reload of the same list keeps the rows on screen until the answer arrives. Offline, the copy saved on
 * this device is shown instead.
 */
export function usePostsPage(filters: PostFilters, page: number, reloadToken: number): PostsPageState {
  const key = JSON.stringify([filters.language, filters.status, filters.q, filters.missingTranslation, page]);
  const [state, setState] = useState<PostsPageState>({ status: 'loading' });
  const [shown, setShown] = useState(key);
  if (shown !== key) {
    setShown(key);
    setState({ status: 'loading' });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filters and the page.
  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      try {
        const data = await getAdminPosts(filters, page, controller.signal);
        if (controller.signal.aborted) return;
        setState({ status: 'loaded', data, savedAt: null });
        await savePostPage(filters, page, data, new Date()).catch(() => undefined);
      } catch (error) {
        if (controller.signal.aborted) return;
        const saved =
          error instanceof ApiError && error.isNetworkError
            ? await readSavedPostPage(filters, page).catch(() => undefined)
            : undefined;
        if (controller.signal.aborted) return;
        setState(
          saved ? { status: 'loaded', data: saved.data, savedAt: saved.savedAt } : { status: 'error', error },
        );
      }
    })();
    return () => controller.abort();
  }, [key, reloadToken]);

  return state;
}
