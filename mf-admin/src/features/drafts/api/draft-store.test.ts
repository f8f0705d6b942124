// @vitest-environment node
// Node's own Blob is structured-cloned for real by fake-indexeddb (happy-dom's Blob would lose its bytes).
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAdminDb } from '../../../testing/idb';
import {
  type DraftRecord,
  deleteDraft,
  editDraftKey,
  getDraft,
  listDrafts,
  newDraftKey,
  saveDraft,
} from './draft-store';

const fields: DraftRecord['fields'] = {
  language: 'ar',
  title: 'مرحبا بالعالم',
  slug: 'مرحبا-بالعالم',
  status: 'draft',
  description: 'وصف',
  content: '<p>نص</p>',
  seo_title: '',
  seo_description: '',
  published_at: '2026-11-21',
};

const draft = (key: string): Omit<DraftRecord, 'savedAt'> => ({
  key,
  kind: 'new',
  slug: null,
  fields,
  slugFollowsTitle: true,
  image: null,
  removeImage: false,
  existingImage: null,
  baseVersion: null,
});

describe('draft store', () => {
  beforeEach(() => clearAdminDb());

  it('saves every field and gives it back, stamped with the time it was saved', async () => {
    await saveDraft(draft(newDraftKey('a')), new Date('2026-11-21T10:00:00Z'));
    expect(await getDraft(newDraftKey('a'))).toEqual({
      ...draft(newDraftKey('a')),
      savedAt: '2026-11-21T10:00:00.000Z',
    });
  });

  it('keeps the featured image as a Blob with its bytes, type and name', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const blob = new Blob([bytes], { type: 'image/png' });
    await saveDraft({
      ...draft(editDraftKey('hello')),
      image: { blob, name: 'cover.png', type: 'image/png' },
    });
    const restored = await getDraft(editDraftKey('hello'));
    expect(restored?.image?.blob).toBeInstanceOf(Blob);
    expect(restored?.image?.name).toBe('cover.png');
    expect(restored?.image?.blob.type).toBe('image/png');
    const stored = restored?.image?.blob as Blob;
    expect(new Uint8Array(await stored.arrayBuffer())).toEqual(bytes);
  });

  it('replaces a draft saved under the same key', async () => {
    await saveDraft(draft(editDraftKey('x')));
    await saveDraft({ ...draft(editDraftKey('x')), fields: { ...fields, title: 'Second' } });
    expect((await getDraft(editDraftKey('x')))?.fields.title).toBe('Second');
    expect(await listDrafts()).toHaveLength(1);
  });

  it('lists unsent drafts, the most recently saved first', async () => {
    await saveDraft(draft(newDraftKey('old')), new Date('2026-01-01T00:00:00Z'));
    await saveDraft(draft(newDraftKey('new')), new Date('2026-03-01T00:00:00Z'));
    await saveDraft(draft(editDraftKey('mid')), new Date('2026-02-01T00:00:00Z'));
    expect((await listDrafts()).map((d) => d.key)).toEqual(['new:new', 'edit:mid', 'new:old']);
  });

  it('deletes only the draft it is asked to', async () => {
    await saveDraft(draft(newDraftKey('keep')));
    await saveDraft(draft(newDraftKey('sent')));
    await deleteDraft(newDraftKey('sent'));
    expect(await getDraft(newDraftKey('sent'))).toBeUndefined();
    expect(await getDraft(newDraftKey('keep'))).toBeDefined();
  });
});
