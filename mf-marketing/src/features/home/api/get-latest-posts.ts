import { apiFetch, type Language, type PostSummary } from '@agency/core';

/** Posts the home page asks for; it shows the first three of the reader's language (spec section 7). */
export const TEASER_REQUEST_SIZE = 10;
export const TEASER_SIZE = 3;

/** GET /api/posts?language=..&per_page=10: the newest posts, of which the first three in `language`. */
export async function getLatestPosts(language: Language, signal?: AbortSignal): Promise<PostSummary[]> {
  const body = await apiFetch<{ data?: { data?: unknown } } | null>('/posts', {
    query: { language, per_page: String(TEASER_REQUEST_SIZE) },
    signal,
  });
  const posts = body?.data?.data;
  if (!Array.isArray(posts)) throw new Error('Unexpected posts response: data.data is not a list');
  return (posts as PostSummary[]).filter((post) => post.language === language).slice(0, TEASER_SIZE);
}
