import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ADMIN_DB_NAME, adminDb } from './admin-db';

/** Opens the database as another script could, before the admin screens do: at version 1, with no store. */
function openBare(version: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(ADMIN_DB_NAME, version);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
  });
}

describe('adminDb', () => {
  it('makes every store it needs even when the database was first opened by someone else, with none', async () => {
    await openBare(1);
    const db = await adminDb();
    expect([...db.objectStoreNames].sort()).toEqual(['content-drafts', 'drafts', 'post-pages']);
    // And they work: a saved draft is read back.
    await db.put('post-pages', {
      key: 'k',
      page: 1,
      data: { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0, links: [] },
      savedAt: '2026-11-25T10:00:00.000Z',
    });
    expect((await db.get('post-pages', 'k'))?.page).toBe(1);
    expect(db.transaction('drafts').store.indexNames.contains('savedAt')).toBe(true);
    db.close();
  });
});
