import type { Language, Paginated, PostStatus, PostSummary, PostTranslation } from '@agency/core';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** Every field of the post form, as the editor holds it (published_at: `YYYY-MM-DDTHH:mm:ss` on its clock; a date alone in drafts kept before posts had a time). */
export interface PostFields {
  language: Language;
  title: string;
  slug: string;
  status: PostStatus;
  description: string;
  content: string;
  seo_title: string;
  seo_description: string;
  published_at: string;
}

/** A chosen featured image kept as a Blob; the name is stored beside it (a File's name does not survive). */
export interface StoredImage {
  blob: Blob;
  name: string;
  type: string;
}

/** A featured image chosen from the media library: sent by its stored name (`library_image`), not uploaded. */
export interface LibraryImage {
  /** The stored file's name, `{32 hex}.webp`. */
  name: string;
  url: string;
  /** The name it was uploaded with (empty when not known). */
  file_name: string;
}

/** Unsent work: 'new:<uuid>' for a post never sent, 'edit:<slug>' for changes to a stored post. */
export interface DraftRecord {
  key: string;
  kind: 'new' | 'edit';
  /** The slug of the stored post an edit draft belongs to. */
  slug: string | null;
  fields: PostFields;
  slugFollowsTitle: boolean;
  image: StoredImage | null;
  /** A featured image chosen from the media library instead (absent from drafts kept before the library). */
  libraryImage?: LibraryImage | null;
  removeImage: boolean;
  existingImage: string | null;
  /** `updated_at` of the server copy the edit started from: sent as `version` so a stale save gets 409. */
  baseVersion: string | null;
  /** The stored post's id (edit), its linked translation as the form holds it, and the stored link's id. */
  postId?: number | null;
  translation?: PostTranslation | null;
  baseTranslationId?: number | null;
  savedAt: string;
}

/** The posts manager's last loaded page per filters and page number, for reading offline. */
export interface PostPageRecord {
  /** The filters as the address writes them, then the page: `language=ar&status=draft:2`. */
  key: string;
  page: number;
  data: Paginated<PostSummary>;
  savedAt: string;
}

/**
 * Unsent edits of any editable kind (FAQ items, and the kinds that follow): the form's values as the editor
 * left them. Key: `{kind}:{id}` for a stored item, `{kind}:new:{language}:{translation_of}` for a new one.
 */
export interface ContentDraftRecord {
  key: string;
  kind: string;
  values: Record<string, unknown>;
  /** The `version` the edit started from (null for a new item): a stale save gets 409. */
  baseVersion: string | null;
  savedAt: string;
}

interface AdminDb extends DBSchema {
  drafts: { key: string; value: DraftRecord; indexes: { savedAt: string } };
  'post-pages': { key: string; value: PostPageRecord };
  'content-drafts': { key: string; value: ContentDraftRecord };
}

export const ADMIN_DB_NAME = 'agency-admin';
/** 3: every store made when missing (see the upgrade below); 2 added `content-drafts`. */
const ADMIN_DB_VERSION = 3;

let dbPromise: Promise<IDBPDatabase<AdminDb>> | null = null;

/**
 * The admin screens' own IndexedDB database. Editors' drafts and lists live here, never in the service
 * worker's Cache Storage, which is shared by every visitor-facing page.
 */
export function adminDb(): Promise<IDBPDatabase<AdminDb>> {
  if (!dbPromise) {
    dbPromise = openDB<AdminDb>(ADMIN_DB_NAME, ADMIN_DB_VERSION, {
      // Each store is made when it is missing rather than by the version it came with: a database left
      // at a version without them (opened by another script first, an interrupted upgrade) is mended too.
      upgrade(db) {
        if (!db.objectStoreNames.contains('drafts')) {
          const drafts = db.createObjectStore('drafts', { keyPath: 'key' });
          drafts.createIndex('savedAt', 'savedAt');
        }
        if (!db.objectStoreNames.contains('post-pages'))
          db.createObjectStore('post-pages', { keyPath: 'key' });
        // Version 2: the editable kinds' unsent edits.
        if (!db.objectStoreNames.contains('content-drafts'))
          db.createObjectStore('content-drafts', { keyPath: 'key' });
      },
      // Another tab upgraded the schema: let it, and reopen on the next call.
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
        dbPromise = null;
      },
    }).catch((error: unknown) => {
      dbPromise = null;
      throw error;
    });
  }
  return dbPromise;
}

/** Forgets the posts manager's saved pages (at sign-out: they may list drafts nobody else should read). */
export async function clearSavedPostPages(): Promise<void> {
  const db = await adminDb();
  await db.clear('post-pages');
}
