import { ApiError, type Paginated, type PostSummary } from '@agency/core';
import { useMemo } from 'react';
import { usePageLoad } from '../../../hooks/use-page-load';
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
  const load = usePageLoad(
    key,
    async (signal): Promise<{ data: Paginated<PostSummary>; savedAt: string | null }> => {
      try {
        const data = await getAdminPosts(filters, page, signal);
        // Kept for offline use; the list does not wait for it.
        if (!signal.aborted) void savePostPage(filters, page, data, new Date()).catch(() => undefined);
        return { data, savedAt: null };
      } catch (error) {
        const saved =
          error instanceof ApiError && error.isNetworkError && !signal.aborted
            ? await readSavedPostPage(filters, page).catch(() => undefined)
            : undefined;
        if (!saved) throw error;
        return { data: saved.data, savedAt: saved.savedAt };
      }
    },
    reloadToken,
  );
  // One object per answer (the manager resets its row actions when it changes).
  return useMemo(() => (load.status === 'loaded' ? { status: 'loaded', ...load.page } : load), [load]);
}
