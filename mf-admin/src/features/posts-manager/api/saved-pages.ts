import type { Language, Paginated, PostSummary } from '@agency/core';
import { adminDb, type PostPageRecord } from '../../../lib/admin-db';

const pageKey = (language: Language, page: number) => `${language}:${page}`;

/** Keeps a loaded page in IndexedDB so the manager can show it offline (cleared at sign-out). */
export async function savePostPage(
  language: Language,
  page: number,
  data: Paginated<PostSummary>,
  now: Date = new Date(),
): Promise<void> {
  const db = await adminDb();
  await db.put('post-pages', {
    key: pageKey(language, page),
    language,
    page,
    data,
    savedAt: now.toISOString(),
  });
}

export async function readSavedPostPage(
  language: Language,
  page: number,
): Promise<PostPageRecord | undefined> {
  const db = await adminDb();
  return db.get('post-pages', pageKey(language, page));
}
