import type { Language, Post } from '@agency/core';
import { adminFetch } from '../../../lib/admin-api';

/** GET /api/posts/{slug}?language=: with the editor's session, drafts and future posts too. */
export function getPost(slug: string, language: Language, signal?: AbortSignal): Promise<Post> {
  return adminFetch<Post>(`/posts/${encodeURIComponent(slug)}`, { query: { language }, signal });
}
