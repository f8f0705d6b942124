import { adminFetch } from '../../../lib/admin-api';

/** DELETE /api/posts/{id}: the list deletes by id (the edit screen by slug). */
export async function deletePostById(id: number): Promise<void> {
  await adminFetch(`/posts/${id}`, { method: 'DELETE' });
}
