import type { Language, Paginated } from '@agency/core';
import { ApiError } from '@agency/core';
import { MEDIA_PER_PAGE, type MediaItem, type MediaUse } from '@agency/core/rules';
import { adminFetch } from '../../../lib/admin-api';

/** The longest search the server takes (docs/api.md, "Media library"). */
export const MEDIA_SEARCH_MAX = 200;

/** GET /api/media: a page of the library, newest first, matching `q` (file name and both alt texts). */
export async function listMedia(
  { q, page, perPage = MEDIA_PER_PAGE }: { q?: string; page: number; perPage?: number },
  signal?: AbortSignal,
): Promise<Paginated<MediaItem>> {
  const body = await adminFetch<{ data?: Paginated<MediaItem> } | null>('/media', {
    query: { ...(q?.trim() ? { q: q.trim() } : {}), page, per_page: perPage },
    signal,
  });
  if (!body?.data || !Array.isArray(body.data.data)) throw new Error('Unexpected media list');
  return body.data;
}

/** GET /api/media/{id}: one image, with where it is used now. */
export async function getMedia(id: number, signal?: AbortSignal): Promise<MediaItem> {
  return (await adminFetch<{ data: MediaItem }>(`/media/${id}`, { signal })).data;
}

/**
 * PUT /api/media/{id}: its alt texts, with the version they were written over. A 409 carries the server's
 * copy (`conflictingMedia`).
 */
export async function updateMediaAlt(
  id: number,
  alt: Record<Language, string>,
  version: string,
): Promise<MediaItem> {
  const body = await adminFetch<{ data: MediaItem }>(`/media/${id}`, {
    method: 'PUT',
    json: { alt, version },
  });
  return body.data;
}

/** DELETE /api/media/{id}: refused with 409 `media_in_use` (and its uses) while anything shows it. */
export async function deleteMedia(id: number): Promise<void> {
  await adminFetch(`/media/${id}`, { method: 'DELETE' });
}

/** The server's copy sent with a 409 `media_conflict`, else null. */
export function conflictingMedia(error: unknown): MediaItem | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const current = (error.body as { current?: MediaItem } | null)?.current;
  return current && typeof current === 'object' ? current : null;
}

/** The uses sent with a 409 `media_in_use`, else null. */
export function usesInTheWay(error: unknown): MediaUse[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const uses = (error.body as { uses?: unknown } | null)?.uses;
  return Array.isArray(uses) ? (uses as MediaUse[]) : null;
}
