import { ApiError, type Post } from '@agency/core';
import { adminFetch } from '../../../lib/admin-api';

/** PUT /api/posts/{slug} (multipart, with `version`): 200 { message: 'post_updated', data: post }. */
export async function updatePost(slug: string, form: FormData): Promise<Post> {
  const body = await adminFetch<{ data: Post }>(`/posts/${encodeURIComponent(slug)}`, {
    method: 'PUT',
    form,
  });
  return body.data;
}

/** The server's copy when an update was refused because someone saved first (409 post_conflict). */
export function conflictingPost(error: unknown): Post | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const current = (error.body as { current?: unknown } | null)?.current;
  return current && typeof current === 'object' ? (current as Post) : null;
}
