import 'fake-indexeddb/auto';
import { adminDb } from '../lib/admin-db';

/** Empties every store of the admin database (fake-indexeddb in tests) between tests. */
export async function clearAdminDb(): Promise<void> {
  const db = await adminDb();
  await Promise.all([db.clear('drafts'), db.clear('post-pages'), db.clear('content-drafts')]);
}
