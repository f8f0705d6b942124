import { type Language, type PostSummary, TEASER_REQUEST_SIZE, useApiRead } from '@agency/core';

export { TEASER_REQUEST_SIZE };
/** Posts the home page shows: the first three of the reader's language (spec section 7). */
export const TEASER_SIZE = 3;

/** The newest posts in an answer of GET /api/posts, of which the first three in `language`. */
export function latestPostsParser(language: Language) {
  return (body: unknown): PostSummary[] => {
    const posts = (body as { data?: { data?: unknown } } | null)?.data?.data;
    if (!Array.isArray(posts)) throw new Error('Unexpected posts response: data.data is not a list');
    return (posts as PostSummary[]).filter((post) => post.language === language).slice(0, TEASER_SIZE);
  };
}

/** GET /api/posts?language=..&per_page=10: the newest posts (the page's own data when the server rendered it). */
export function useLatestPosts(language: Language) {
  return useApiRead(
    '/posts',
    { language, per_page: String(TEASER_REQUEST_SIZE) },
    latestPostsParser(language),
  );
}
