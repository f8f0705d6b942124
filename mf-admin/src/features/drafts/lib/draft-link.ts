import type { DraftRecord } from '../api/draft-store';

/** Where a draft is reopened: the create screen with its id, or the edit screen of its post. */
export function draftPath(draft: Pick<DraftRecord, 'key' | 'kind' | 'slug'>): string {
  if (draft.kind === 'edit' && draft.slug) return `/edit_blog/${encodeURIComponent(draft.slug)}`;
  return `/new_blog?draft=${encodeURIComponent(draft.key.replace(/^new:/, ''))}`;
}
