import type { Language, Paginated, PostSummary } from '@agency/core';
import type { PostState } from '@agency/core/rules';
import { adminFetch } from '../../../lib/admin-api';

/** What the posts manager lists: every post when all are absent. */
export interface PostFilters {
  language?: Language;
  status?: PostState;
  /** Text the title holds, in any case. */
  q?: string;
  /** Only the posts that have no translation. */
  missingTranslation?: boolean;
}

/** The filters as the API's query (and the address's): only those that are set, in one order. */
export function filtersQuery(filters: PostFilters): Record<string, string> {
  return {
    ...(filters.language ? { language: filters.language } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.missingTranslation ? { translation: 'missing' } : {}),
  };
}

/**
 * GET /api/posts with the editor's session: every status and date, both languages unless one is asked for,
 * newest first. The page size is the server's. The list is at `data` (the spec's admin client reads
 * data.data.data). Each post carries its translations.
 */
export async function getAdminPosts(
  filters: PostFilters,
  page: number,
  signal?: AbortSignal,
): Promise<Paginated<PostSummary>> {
  const body = await adminFetch<{ data?: Paginated<PostSummary> } | null>('/posts', {
    query: { ...filtersQuery(filters), page },
    signal,
  });
  const data = body?.data;
  if (!data || !Array.isArray(data.data))
    throw new Error('Unexpected posts response: data.data is not a list');
  return data;
}
