import { adminFetch } from '../../../lib/admin-api';

/** DELETE /api/posts/{slug}: the edit screen deletes by slug. */
export async function deletePostBySlug(slug: string): Promise<void> {
  await adminFetch(`/posts/${encodeURIComponent(slug)}`, { method: 'DELETE' });
}
