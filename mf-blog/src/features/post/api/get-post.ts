import { apiFetch, type Language, type Post, useAsync } from '@agency/core';

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
  const body = await apiFetch<Partial<Post> | null>(`/posts/${encodeURIComponent(slug)}`, {
    query: { language },
    signal,
  });
  if (!body || typeof body !== 'object' || typeof body.slug !== 'string' || typeof body.title !== 'string') {
    throw new NotAPostError();
  }
  return body as Post;
}

/** The post at `slug`, reloaded when the slug or the language changes. */
export function usePost(slug: string, language: Language) {
  return useAsync(`${language}:${slug}`, (signal) => getPost(slug, language, signal));
}
