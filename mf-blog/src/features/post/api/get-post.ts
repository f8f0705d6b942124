import { apiFetch, type Language, type Post, useApiRead } from '@agency/core';

/** The answer was not a post (no slug or content), so there is nothing to show. */
export class NotAPostError extends Error {
  constructor() {
    super('Unexpected post response');
    this.name = 'NotAPostError';
  }
}

/**
 * GET /api/posts/{slug}?language= : the post itself, whatever its language (the page says when it differs).
 * An unknown slug or a draft is a 404 ApiError.
 */
export async function getPost(slug: string, language: Language, signal?: AbortSignal): Promise<Post> {
  return parsePost(await apiFetch<unknown>(postPath(slug), { query: { language }, signal }));
}

function postPath(slug: string): string {
  return `/posts/${encodeURIComponent(slug)}`;
}

/** The post in an answer, or NotAPostError. */
export function parsePost(value: unknown): Post {
  const body = value as Partial<Post> | null;
  if (!body || typeof body !== 'object' || typeof body.slug !== 'string' || typeof body.title !== 'string') {
    throw new NotAPostError();
  }
  return body as Post;
}

/** The post at `slug` (the page's own data when the server rendered it), reloaded when either changes. */
export function usePost(slug: string, language: Language) {
  return useApiRead(postPath(slug), { language }, parsePost);
}
