import { STORED_IMAGES_PATH } from '@agency/core/images';
import type { Language } from '@agency/core/language';
import type { MediaItem, MediaUse, MediaUseKind, MediaUseRole } from '@agency/core/rules';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { type Runner, rows } from '../db/rows';
import { media, users } from '../db/schema';
import type { ImageStore, StoredFile } from '../lib/image-store';
import { type EncodedImage, loadSharp } from '../lib/images';
import { IMAGE_NAME, removeImage, storeImage } from '../lib/storage';

type MediaRow = typeof media.$inferSelect;

export interface MediaListQuery {
  /** The words searched for (each must be in the file name or an alt text); none lists every image. */
  terms: readonly string[];
  page: number;
  perPage: number;
}

export type AltChange =
  | { saved: MediaItem }
  /** Someone changed it since `version`: nothing saved. */
  | { conflict: MediaItem };

export type MediaRemoval = { deleted: MediaItem } | { inUse: MediaUse[] };

export interface MediaLibrary {
  /** Stores an accepted image's file and adds it to the library; answers its stored name. */
  add(image: EncodedImage, meta: { fileName: string; uploadedBy: number | null }): Promise<string>;
  /** Takes back an image `add` stored for a write that then failed: its row and its file. */
  discard(name: string | null): Promise<void>;
  /** Whether `name` is an image of the library. */
  has(name: string): Promise<boolean>;
  /**
   * Of `names`, those the library does not have, in a write's transaction `tx`: the others are locked (FOR
   * SHARE) until it ends, so a Delete running meanwhile waits for the write and then sees it as a use.
   */
  missing(tx: Pick<Database, 'select'>, names: readonly string[]): Promise<string[]>;
  list(query: MediaListQuery): Promise<{ items: MediaItem[]; total: number }>;
  get(id: number): Promise<MediaItem | null>;
  /** Writes both alt texts when `version` is the stored one; null for an unknown id. */
  changeAlt(id: number, alt: Record<Language, string>, version: Date): Promise<AltChange | null>;
  /**
   * Deletes an image nothing uses (its row, then its file and widths); null for an unknown id. `audit` writes
   * the trail's entry in the delete's transaction.
   */
  remove(
    id: number,
    audit: (tx: Pick<Database, 'insert'>, deleted: MediaItem) => Promise<void>,
  ): Promise<MediaRemoval | null>;
  /**
   * Adds to the library the stored images it does not list (stored before it existed, or by a seed): their
   * size read from the file, their date the file's. Answers how many it added.
   */
  adopt(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaLibrary;
  }
}

/**
 * The longest uploaded file name kept, in characters. The name the browser sent is only a label (the stored
 * file has a server-made one): its folders and control characters go.
 */
export const FILE_NAME_MAX = 200;

/** Control characters, and the marks that turn text around (a name that shows `gpj.exe` as `exe.jpg`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is taken out
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function uploadedFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNPRINTABLE, '').trim();
  return Array.from(clean).slice(0, FILE_NAME_MAX).join('');
}

/**
 * Writes an accepted image's file under a new name in `store` and adds it to the library, in `db` (a seed's
 * transaction, or the server's database): the one way an image is stored. Answers its stored name; nothing is
 * left behind when either step fails.
 */
export async function storeMediaImage(
  db: Pick<Database, 'insert'>,
  store: ImageStore,
  image: EncodedImage,
  meta: { fileName: string; uploadedBy: number | null; alt?: Partial<Record<Language, string>> },
): Promise<string> {
  const name = await storeImage(store, image.webp);
  try {
    await db.insert(media).values({
      name,
      fileName: meta.fileName,
      bytes: image.webp.length,
      width: image.width,
      height: image.height,
      alt: meta.alt ?? {},
      uploadedBy: meta.uploadedBy,
    });
  } catch (err) {
    await removeImage(store, name);
    throw err;
  }
  return name;
}

/** A WebP the server drew itself (a seed's picture) as an accepted image: its size read from its header. */
export async function encodedImage(webp: Buffer): Promise<EncodedImage> {
  const meta = await (await loadSharp())(webp).metadata();
  return { webp, width: meta.width ?? 0, height: meta.height ?? 0 };
}

const URL_PREFIX = STORED_IMAGES_PATH;

/**
 * The stored images an HTML text shows, by file name (a width's address names its image): the twin of the
 * database's stored_image_names() (migration 0027), which keeps posts' `content_images`.
 */
export function storedImageNames(html: string): string[] {
  const names = new Set<string>();
  for (const part of html.split(URL_PREFIX).slice(1)) {
    const match = /^([0-9a-f]{32})(?:-[0-9]+w)?\.webp/.exec(part);
    if (match) names.add(`${match[1]}.webp`);
  }
  return [...names];
}

/** Where each kind of use is edited, site-relative (a service's screen shows one language: the use's). */
function editUrl(kind: MediaUseKind, id: number, key: string, language: Language): string {
  switch (kind) {
    case 'post':
      return `/edit_blog/${encodeURIComponent(key)}`;
    case 'service':
      return `/site/services/${encodeURIComponent(key)}?language=${language}`;
    case 'client_logo':
      return `/site/logos/${id}`;
    default:
      return `/site/${kind}/${id}`;
  }
}

interface UseRow {
  name: string;
  kind: MediaUseKind;
  role: MediaUseRole;
  id: number;
  language: Language;
  title: string;
  key: string;
}

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Everything that shows one of `names` now: posts (featured image, images in the text, found through the
 * content_images index), portfolio projects (cover, gallery, sharing image, text), FAQ answers, services and
 * client logos (their URL). Revisions are no use: a restore of one whose image is gone says so.
 */
async function usesOf(db: Runner, names: readonly string[]): Promise<Map<string, MediaUse[]>> {
  const byName = new Map<string, MediaUse[]>();
  if (names.length === 0) return byName;
  const list = textArray(names);
  const urls = textArray(names.map((n) => `${URL_PREFIX}${n}`));
  const found = await rows<UseRow>(
    db,
    sql`
      SELECT poster_image AS name, 'post' AS kind, 'featured' AS role, id, language, title, slug AS key
        FROM posts WHERE poster_image = ANY(${list})
      UNION ALL
      SELECT n, 'post', 'inline', id, language, title, slug
        FROM posts, unnest(content_images) AS n WHERE content_images && ${list} AND n = ANY(${list})
      UNION ALL
      SELECT cover_image, 'portfolio', 'cover', id, language, title, slug
        FROM portfolio_projects WHERE cover_image = ANY(${list})
      UNION ALL
      SELECT g->>'image', 'portfolio', 'gallery', id, language, title, slug
        FROM portfolio_projects, jsonb_array_elements(gallery) AS g WHERE g->>'image' = ANY(${list})
      UNION ALL
      SELECT seo_image, 'portfolio', 'seo', id, language, title, slug
        FROM portfolio_projects WHERE seo_image = ANY(${list})
      UNION ALL
      SELECT n, 'portfolio', 'inline', id, language, title, slug
        FROM portfolio_projects, unnest(stored_image_names(body)) AS n WHERE n = ANY(${list})
      UNION ALL
      SELECT n, 'faq', 'inline', id, language, question, id::text
        FROM faq_items, unnest(stored_image_names(answer)) AS n WHERE n = ANY(${list})
      UNION ALL
      SELECT substr(s.image_path, ${URL_PREFIX.length + 1}), 'service', 'image', s.id, t.language, t.name, s.slug
        FROM services s JOIN service_translations t ON t.service_id = s.id
        WHERE s.image_path = ANY(${urls})
      UNION ALL
      SELECT substr(image, ${URL_PREFIX.length + 1}), 'client_logo', 'image', id, language, name, id::text
        FROM client_logos WHERE image = ANY(${urls})
      ORDER BY kind, id, role, language`,
  );
  for (const row of found) {
    const use: MediaUse = {
      kind: row.kind,
      role: row.role,
      id: Number(row.id),
      language: row.language,
      title: row.title,
      edit_url: editUrl(row.kind, Number(row.id), row.key, row.language),
    };
    const list = byName.get(row.name) ?? [];
    // An image shown twice in one text is one use.
    const same = (u: MediaUse) =>
      u.kind === use.kind && u.id === use.id && u.role === use.role && u.language === use.language;
    if (!list.some(same)) list.push(use);
    byName.set(row.name, list);
  }
  return byName;
}

function toItem(row: MediaRow, uploader: string | null, uses: MediaUse[]): MediaItem {
  return {
    id: row.id,
    name: row.name,
    url: `${URL_PREFIX}${row.name}`,
    file_name: row.fileName,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    alt: { en: row.alt.en ?? '', ar: row.alt.ar ?? '' },
    created_at: row.createdAt.toISOString(),
    version: row.updatedAt.toISOString(),
    uploaded_by: row.uploadedBy === null ? null : { id: row.uploadedBy, name: uploader ?? '' },
    uses,
  };
}

/** What a search looks in: the file name and both alt texts, normalised as post search is (search_normalize). */
const searchable = sql`search_normalize(${media.fileName} || ' ' || coalesce(${media.alt}->>'en', '') || ' ' || coalesce(${media.alt}->>'ar', ''))`;

function searchWhere(terms: readonly string[]): SQL | undefined {
  if (terms.length === 0) return undefined;
  return and(...terms.map((term) => sql`strpos(${searchable}, search_normalize(${term})) > 0`));
}

async function items(db: Database, where: SQL | undefined, page?: { limit: number; offset: number }) {
  let query = db
    .select({ row: media, uploader: users.name })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy))
    .where(where)
    .orderBy(desc(media.createdAt), desc(media.id))
    .$dynamic();
  if (page) query = query.limit(page.limit).offset(page.offset);
  const found = await query;
  const uses = await usesOf(
    db,
    found.map(({ row }) => row.name),
  );
  return found.map(({ row, uploader }) => toItem(row, uploader, uses.get(row.name) ?? []));
}

export const mediaPlugin = fp(
  async (app) => {
    const db = app.db;
    const one = async (id: number) => (await items(db, eq(media.id, id)))[0] ?? null;

    app.decorate('media', {
      add: (image, meta) => storeMediaImage(db, app.storage.store, image, meta),

      async discard(name) {
        if (name === null) return;
        await db.delete(media).where(eq(media.name, name));
        await app.storage.remove(name);
      },

      async has(name) {
        if (!IMAGE_NAME.test(name)) return false;
        const [row] = await db.select({ id: media.id }).from(media).where(eq(media.name, name));
        return row !== undefined;
      },

      async missing(tx, names) {
        const wanted = [...new Set(names)].filter((n) => IMAGE_NAME.test(n));
        if (wanted.length === 0) return [];
        const found = await tx
          .select({ name: media.name })
          .from(media)
          .where(inArray(media.name, wanted))
          .for('share');
        const here = new Set(found.map((r) => r.name));
        return wanted.filter((n) => !here.has(n));
      },

      async list({ terms, page, perPage }) {
        const where = searchWhere(terms);
        const [found, totals] = await Promise.all([
          items(db, where, { limit: perPage, offset: (page - 1) * perPage }),
          db.select({ n: count() }).from(media).where(where),
        ]);
        return { items: found, total: totals[0]?.n ?? 0 };
      },

      get: one,

      async changeAlt(id, alt, version) {
        const [saved] = await db
          .update(media)
          .set({ alt, updatedAt: sql`greatest(now(), ${media.updatedAt} + interval '1 millisecond')` })
          .where(and(eq(media.id, id), eq(media.updatedAt, version)))
          .returning({ id: media.id });
        const item = await one(id);
        if (!item) return null;
        return saved ? { saved: item } : { conflict: item };
      },

      async remove(id, audit) {
        const outcome = await db.transaction(async (tx): Promise<MediaRemoval | null> => {
          // Locked, so two deletes of one image agree on who deleted it.
          const [row] = await tx.select().from(media).where(eq(media.id, id)).for('update');
          if (!row) return null;
          const uses = (await usesOf(tx, [row.name])).get(row.name) ?? [];
          if (uses.length > 0) return { inUse: uses };
          await tx.delete(media).where(eq(media.id, id));
          const deleted = toItem(row, null, []);
          await audit(tx, deleted);
          return { deleted };
        });
        if (outcome && 'deleted' in outcome) await app.storage.remove(outcome.deleted.name);
        return outcome;
      },

      async adopt() {
        const store = app.storage.store;
        const files: StoredFile[] = [];
        for await (const file of store.list()) if (IMAGE_NAME.test(file.name)) files.push(file);
        let added = 0;
        // In slices, so a folder of thousands of files is one query per slice, not one per file.
        for (let start = 0; start < files.length; start += 500) {
          const slice = files.slice(start, start + 500);
          const known = new Set(
            (
              await db
                .select({ name: media.name })
                .from(media)
                .where(
                  inArray(
                    media.name,
                    slice.map((f) => f.name),
                  ),
                )
            ).map((r) => r.name),
          );
          for (const { name, bytes, modified } of slice.filter((f) => !known.has(f.name))) {
            try {
              const original = await store.get(name);
              if (original === null) continue;
              const meta = await (await loadSharp())(original).metadata();
              const inserted = await db
                .insert(media)
                .values({
                  name,
                  bytes,
                  width: meta.width ?? 0,
                  height: meta.height ?? 0,
                  createdAt: modified,
                  updatedAt: modified,
                })
                .onConflictDoNothing()
                .returning({ id: media.id });
              added += inserted.length;
            } catch (err) {
              // Gone meanwhile, or not an image after all: nothing to list.
              app.log.warn({ err, name }, 'could not add a stored image to the media library');
            }
          }
        }
        return added;
      },
    } satisfies MediaLibrary);

    // Not awaited, after the storage's own sweep has its start: a large folder must not hold up the start.
    app.addHook('onReady', async () => {
      void app.media
        .adopt()
        .then((added) => {
          if (added > 0) app.log.info({ added }, 'added stored images to the media library');
        })
        .catch((err) => app.log.warn({ err }, 'could not add stored images to the media library'));
    });
  },
  { name: 'media', dependencies: ['storage'] },
);
