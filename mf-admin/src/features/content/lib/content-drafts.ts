import { adminDb, type ContentDraftRecord } from '../../../lib/admin-db';

/** The draft key of an item being edited, or of a new one (in a language, maybe translating another). */
export function contentDraftKey(
  kind: string,
  target: { id: number } | { language: string; translationOf: number | null },
): string {
  return 'id' in target
    ? `${kind}:${target.id}`
    : `${kind}:new:${target.language}:${target.translationOf ?? ''}`;
}

export async function readContentDraft(key: string): Promise<ContentDraftRecord | undefined> {
  return (await adminDb()).get('content-drafts', key);
}

/** Kept at every change, so that nothing typed is lost to a closed tab, a crash or the network. */
export async function saveContentDraft(record: Omit<ContentDraftRecord, 'savedAt'>): Promise<void> {
  await (await adminDb()).put('content-drafts', { ...record, savedAt: new Date().toISOString() });
}

/** Dropped only once the server accepted the item (or the editor discarded it). */
export async function deleteContentDraft(key: string): Promise<void> {
  await (await adminDb()).delete('content-drafts', key);
}
