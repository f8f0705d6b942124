import type { Post } from '@agency/core';
import { adminFetch } from '../../../lib/admin-api';

/** POST /api/posts (multipart): 201 { message: 'post_created', data: post }. */
export async function createPost(form: FormData): Promise<Post> {
  const body = await adminFetch<{ data: Post }>('/posts', { method: 'POST', form });
  return body.data;
}
