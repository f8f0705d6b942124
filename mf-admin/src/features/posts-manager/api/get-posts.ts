import type { Language, Paginated, PostSummary } from '@agency/core';
import { adminFetch } from '../../../lib/admin-api';

/**
 * GET /api/posts?language=&page= with the editor's session: every status and date, newest first. The page
 * size is the server's. The list is at `data` (the spec's admin client reads data.data.data). Each post
 * carries its translations; `missingTranslation` lists only the posts that have none.
 */
export async function getAdminPosts(
  language: Language,
  page: number,
  signal?: AbortSignal,
  { missingTranslation = false }: { missingTranslation?: boolean } = {},
): Promise<Paginated<PostSummary>> {
  const body = await adminFetch<{ data?: Paginated<PostSummary> } | null>('/posts', {
    query: missingTranslation ? { language, page, translation: 'missing' } : { language, page },
    signal,
  });
  const data = body?.data;
  if (!data || !Array.isArray(data.data))
    throw new Error('Unexpected posts response: data.data is not a list');
  return data;
}
