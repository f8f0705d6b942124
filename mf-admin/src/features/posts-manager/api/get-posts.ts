import type { Language, Paginated, PostSummary } from '@agency/core';
import { adminFetch } from '../../../lib/admin-api';

/**
 * GET /api/posts?language=&page= with the editor's session: every status and date, newest first. The page
 * size is the server's. The list is at `data` (the spec's admin client reads data.data.data).
 */
export async function getAdminPosts(
  language: Language,
  page: number,
  signal?: AbortSignal,
): Promise<Paginated<PostSummary>> {
  const body = await adminFetch<{ data?: Paginated<PostSummary> } | null>('/posts', {
    query: { language, page },
    signal,
  });
  const data = body?.data;
  if (!data || !Array.isArray(data.data))
    throw new Error('Unexpected posts response: data.data is not a list');
  return data;
}
