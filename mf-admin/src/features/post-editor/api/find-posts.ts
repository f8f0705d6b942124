import type { Language, Paginated, PostSummary } from '@agency/core';
import { adminFetch } from '../../../lib/admin-api';

/** How many posts the translation picker lists at a time. */
export const PICKER_SIZE = 8;

/**
 * Posts of one language for the translation picker (editor session): those whose title holds `query`, or
 * without a query the newest that have no translation yet (the likely ones).
 */
export async function findPosts(
  language: Language,
  query: string,
  signal?: AbortSignal,
): Promise<PostSummary[]> {
  const q = query.trim();
  const body = await adminFetch<{ data?: Paginated<PostSummary> } | null>('/posts', {
    query: q
      ? { language, q, per_page: PICKER_SIZE }
      : { language, translation: 'missing', per_page: PICKER_SIZE },
    signal,
  });
  const list = body?.data?.data;
  if (!Array.isArray(list)) throw new Error('Unexpected posts response: data.data is not a list');
  return list;
}
