import { adminDb, type ContentDraftRecord, type DraftRecord } from '../../../lib/admin-db';

export type { DraftRecord, LibraryImage, PostFields, StoredImage } from '../../../lib/admin-db';

/** The IndexedDB key of a post never sent. */
export const newDraftKey = (id: string) => `new:${id}`;
/** The IndexedDB key of unsent changes to the stored post `slug`. */
export const editDraftKey = (slug: string) => `edit:${slug}`;

/** A random id for a new draft (crypto.randomUUID needs a secure context: fall back elsewhere). */
export function newDraftId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Stores (or replaces) a draft, stamped with the time it was saved. */
export async function saveDraft(
  draft: Omit<DraftRecord, 'savedAt'>,
  now: Date = new Date(),
): Promise<DraftRecord> {
  const record: DraftRecord = { ...draft, savedAt: now.toISOString() };
  const db = await adminDb();
  await db.put('drafts', record);
  return record;
}

export async function getDraft(key: string): Promise<DraftRecord | undefined> {
  const db = await adminDb();
  return db.get('drafts', key);
}

/** Removes a draft: call it only once the server has accepted the work, or when the editor discards it. */
export async function deleteDraft(key: string): Promise<void> {
  const db = await adminDb();
  await db.delete('drafts', key);
}

/** Every unsent draft on this device, the most recently saved first. */
export async function listDrafts(): Promise<DraftRecord[]> {
  const db = await adminDb();
  const drafts = await db.getAllFromIndex('drafts', 'savedAt');
  return drafts.reverse();
}

// Unsent edits of the editable kinds (FAQ items, and the kinds that follow), in their own store.

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
