import type { Paginated, PostSummary } from '@agency/core';
import { adminDb, type PostPageRecord } from '../../../lib/admin-db';
import { filtersQuery, type PostFilters } from './get-posts';

/** The list's key: its filters as the address writes them, and the page. */
const pageKey = (filters: PostFilters, page: number) =>
  `${new URLSearchParams(filtersQuery(filters))}:${page}`;

/** Keeps a loaded page in IndexedDB so the manager can show it offline (cleared at sign-out). */
export async function savePostPage(
  filters: PostFilters,
  page: number,
  data: Paginated<PostSummary>,
  now: Date = new Date(),
): Promise<void> {
  const db = await adminDb();
  await db.put('post-pages', { key: pageKey(filters, page), page, data, savedAt: now.toISOString() });
}

export async function readSavedPostPage(
  filters: PostFilters,
  page: number,
): Promise<PostPageRecord | undefined> {
  const db = await adminDb();
  return db.get('post-pages', pageKey(filters, page));
}
