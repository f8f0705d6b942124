import {
  apiFetch,
  type Language,
  type Paginated,
  POSTS_PER_PAGE,
  type PostSummary,
  useApiRead,
} from '@agency/core';

export { POSTS_PER_PAGE };

/** The answer had no list at `data.data` (spec section 8: 'No posts available'). */
export class NoPostsError extends Error {
  constructor() {
    super('No posts available');
    this.name = 'NoPostsError';
  }
}

interface PostsResponse {
  data?: Partial<Paginated<PostSummary>> | null;
}

/**
 * GET /api/posts?language=&per_page=9&page=&q= : one page of published posts (of a search's results, with `q`). Posts in another language than
 * the reader's are dropped (the spec filters public lists on the client too). The query is always written
 * the same way, so the service worker's cache finds a page however the reader reached it.
 */
export async function getPosts(
  language: Language,
  page: number,
  signal?: AbortSignal,
  q?: string,
): Promise<Paginated<PostSummary>> {
  return postsParser(
    language,
    page,
  )(await apiFetch<unknown>('/posts', { query: postsQuery(language, page, q), signal }));
}

/** Written as core's page reads write it (page-reads.ts), so the server's answer in the page is found. */
function postsQuery(language: Language, page: number, q?: string) {
  return { language, per_page: POSTS_PER_PAGE, page, q };
}

/** One page of the list in an answer, or NoPostsError. */
function postsParser(language: Language, page: number) {
  return (value: unknown): Paginated<PostSummary> => parsePosts(value, language, page);
}

function parsePosts(value: unknown, language: Language, page: number): Paginated<PostSummary> {
  const result = (value as PostsResponse | null)?.data;
  if (!result || !Array.isArray(result.data)) throw new NoPostsError();
  return {
    data: result.data.filter((post) => post?.language === language),
    current_page: Number(result.current_page) || page,
    last_page: Number(result.last_page) || 1,
    per_page: Number(result.per_page) || POSTS_PER_PAGE,
    total: Number(result.total) || 0,
    links: Array.isArray(result.links) ? result.links : [],
  };
}

/** The page of posts (or of a search's results) for the reader's language, reloaded when any changes. */
export function usePosts(language: Language, page: number, q?: string) {
  return useApiRead('/posts', postsQuery(language, page, q), postsParser(language, page));
}
