import type { Post } from '@agency/core';
import { adminFetch } from '../../../lib/admin-api';

/** A revision in a post's list (GET /api/posts/{slug}/revisions): newest first. */
export interface RevisionSummary {
  id: number;
  created_at: string;
  author: { id: number; name: string } | null;
  title: string;
}

/** A revision whole: the post's fields as that save left them. */
export interface Revision extends RevisionSummary {
  post_id: number;
  slug: string;
  description: string;
  content: string;
  seo_title: string;
  seo_description: string;
  poster_image: string | null;
  poster_image_url: string | null;
  /** False when the image file was deleted since (a later save replaced or removed it). */
  poster_image_available: boolean;
  status: 'draft' | 'published';
  published_at: string;
}

const base = (slug: string) => `/posts/${encodeURIComponent(slug)}/revisions`;

export async function listRevisions(slug: string, signal?: AbortSignal): Promise<RevisionSummary[]> {
  return (await adminFetch<{ data: RevisionSummary[] }>(base(slug), { signal })).data;
}

export async function getRevision(slug: string, id: number, signal?: AbortSignal): Promise<Revision> {
  return (await adminFetch<{ data: Revision }>(`${base(slug)}/${id}`, { signal })).data;
}

/**
 * POST /api/posts/{slug}/revisions/{id}/restore with the version the editor has: the post as saved, and whether
 * its image could not come back (its file was deleted since). A newer save is a 409, as for a PUT.
 */
export async function restoreRevision(
  slug: string,
  id: number,
  version: string,
): Promise<{ post: Post; withoutImage: boolean }> {
  const body = await adminFetch<{ message: string; data: Post }>(`${base(slug)}/${id}/restore`, {
    method: 'POST',
    json: { version },
  });
  return { post: body.data, withoutImage: body.message === 'post_restored_without_image' };
}
