import type { Language, Paginated, PostSummary } from '@agency/core';
import { adminDb, type PostPageRecord } from '../../../lib/admin-db';

/** The list's key: language, page, and the filter when on (the unfiltered key stays as before). */
const pageKey = (language: Language, page: number, missingTranslation = false) =>
  `${language}:${page}${missingTranslation ? ':missing' : ''}`;

/** Keeps a loaded page in IndexedDB so the manager can show it offline (cleared at sign-out). */
export async function savePostPage(
  language: Language,
  page: number,
  data: Paginated<PostSummary>,
  now: Date = new Date(),
  missingTranslation = false,
): Promise<void> {
  const db = await adminDb();
  await db.put('post-pages', {
    key: pageKey(language, page, missingTranslation),
    language,
    page,
    data,
    savedAt: now.toISOString(),
  });
}

export async function readSavedPostPage(
  language: Language,
  page: number,
  missingTranslation = false,
): Promise<PostPageRecord | undefined> {
  const db = await adminDb();
  return db.get('post-pages', pageKey(language, page, missingTranslation));
}
