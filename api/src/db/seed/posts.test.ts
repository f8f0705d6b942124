import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { slugify, slugProblem, validatePost } from '@agency/core/rules';
import type { Paginated, Post } from '@agency/core/types';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { posterImagesDir } from '../../lib/image-store';
import { sanitizePostHtml } from '../../lib/sanitize';
import { migrationsDir } from '../../paths';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/databases';
import { media, postRevisions, posts } from '../schema';
import { POSTER_HEIGHT, POSTER_WIDTH } from './poster-images';
import { POST_SEEDS, seedPosts } from './posts';

const ARABIC_LETTER = /[\u0621-\u064A]/;
const headers = { 'x-api-key': TEST_API_KEY };

describe('post seeds', () => {
  it.each(['en', 'ar'] as const)(
    'has at least 12 published posts, a draft and a future post in %s',
    (language) => {
      const seeds = POST_SEEDS[language];
      expect(
        seeds.filter((s) => (s.status ?? 'published') === 'published' && s.daysAgo > 0).length,
      ).toBeGreaterThanOrEqual(12);
      expect(seeds.some((s) => s.status === 'draft')).toBe(true);
      expect(seeds.some((s) => s.daysAgo < 0 && (s.status ?? 'published') === 'published')).toBe(true);
    },
  );

  it('passes the editor’s own rules, with slugs made from the titles', () => {
    for (const seed of [...POST_SEEDS.en, ...POST_SEEDS.ar]) {
      const input = {
        title: seed.title,
        slug: seed.title,
        description: seed.description,
        content: seed.content,
        seo_title: seed.seoTitle,
        seo_description: seed.seoDescription,
        published_at: '2026-01-01',
      };
      expect(validatePost(input).filter((p) => p.field !== 'slug')).toEqual([]);
      // What the editor's toolbar makes and nothing more: saving the post unchanged keeps it unchanged.
      expect(sanitizePostHtml(seed.content)).toBe(seed.content);
    }
  });

  it('writes Arabic posts in Arabic, with headings, lists and links in every post', () => {
    for (const seed of POST_SEEDS.ar) {
      for (const text of [seed.title, seed.description, seed.seoTitle, seed.seoDescription]) {
        expect(text).toMatch(ARABIC_LETTER);
      }
    }
    for (const seed of [...POST_SEEDS.en, ...POST_SEEDS.ar]) {
      expect(seed.content).toMatch(/<h2>/);
      expect(seed.content).toMatch(/<(ul|ol)>/);
      expect(seed.content).toMatch(/<a href="/);
    }
  });
});

/** The [en, ar] slugs of the seeds that tell one story, by story. */
function storyPairs(): [string, string][] {
  const slugOf = (language: 'en' | 'ar', story: string) =>
    slugify(POST_SEEDS[language].find((seed) => seed.story === story)?.title ?? '');
  const stories = [...new Set(POST_SEEDS.en.flatMap((seed) => (seed.story ? [seed.story] : [])))];
  return stories.map((story) => [slugOf('en', story), slugOf('ar', story)] as [string, string]).sort();
}

describeEachDatabase('seedPosts', (database) => {
  const t = useTestApp(database);
  let first: boolean;

  /** The [en, ar] slugs of the posts linked as translations, as stored. */
  async function linkedPairs(): Promise<[string, string][]> {
    const rows = await database.db
      .select({ slug: posts.slug, language: posts.language, group: posts.translationGroup })
      .from(posts)
      .where(isNotNull(posts.translationGroup));
    const groups = new Map<number, Record<string, string>>();
    for (const row of rows)
      groups.set(row.group ?? 0, { ...groups.get(row.group ?? 0), [row.language]: row.slug });
    return [...groups.values()].map((g) => [g.en ?? '', g.ar ?? ''] as [string, string]).sort();
  }

  beforeAll(async () => {
    first = await seedPosts(database.db, { images: t.app.storage.store });
  });

  it('inserts every sample post once, with unique valid slugs', async () => {
    expect(first).toBe(true);
    const rows = await database.db.select().from(posts);
    expect(rows).toHaveLength(POST_SEEDS.en.length + POST_SEEDS.ar.length);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    for (const row of rows) expect(slugProblem(row.slug)).toBeNull();
    expect(rows.filter((r) => r.language === 'ar').every((r) => ARABIC_LETTER.test(r.slug))).toBe(true);
    // Each has its create as its first revision, as an editor's post does.
    const revisions = await database.db.select().from(postRevisions);
    expect(revisions.map((r) => [r.postId, r.title]).sort()).toEqual(rows.map((r) => [r.id, r.title]).sort());
  });

  it.each(['en', 'ar'])(
    'shows at least 12 published %s posts to the public, newest a few days old',
    async (language) => {
      const res = await t.app.inject({ url: `/api/posts?language=${language}&per_page=9`, headers });
      const page = res.json<{ data: Paginated<Post> }>().data;
      expect(page.total).toBeGreaterThanOrEqual(12);
      expect(page.last_page).toBeGreaterThanOrEqual(2);
      const newest = Date.parse(page.data[0]?.published_at ?? '');
      expect(Date.now() - newest).toBeLessThan(7 * 24 * 60 * 60 * 1000);
      const oldest = Date.parse(page.data.at(-1)?.published_at ?? '');
      expect(newest - oldest).toBeGreaterThan(60 * 24 * 60 * 60 * 1000);
    },
  );

  it('keeps the draft and the future post out of the public list', async () => {
    const [drafts] = await database.db.select({ n: count() }).from(posts).where(eq(posts.status, 'draft'));
    expect(drafts?.n).toBe(2);
    const res = await t.app.inject({ url: '/api/posts?per_page=100', headers });
    const page = res.json<{ data: Paginated<Post> }>().data;
    expect(page.total).toBe(POST_SEEDS.en.length + POST_SEEDS.ar.length - 4);
  });

  it('gives every post its own poster, served from /storage/poster_images', async () => {
    const rows = await database.db.select().from(posts);
    const files = await readdir(posterImagesDir(t.config.dataDir));
    expect(files.sort()).toEqual(rows.map((r) => r.posterImage).sort());
    const res = await t.app.inject({ url: `/storage/poster_images/${rows[0]?.posterImage}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', POSTER_WIDTH, POSTER_HEIGHT]);
    // Each is in the media library, named after its post, with its size.
    const library = await database.db.select().from(media);
    expect(library.map((m) => [m.name, m.fileName, m.width, m.height]).sort()).toEqual(
      rows.map((r) => [r.posterImage, `${r.slug}.webp`, POSTER_WIDTH, POSTER_HEIGHT]).sort(),
    );
  });

  it('links the posts that tell one story in both languages as translations, readable from either one', async () => {
    const pairs = storyPairs();
    expect(pairs.length).toBeGreaterThanOrEqual(8);
    expect(await linkedPairs()).toEqual(pairs);
    // What a reader of the published English post sees: its Arabic translation, by slug.
    const [en, ar] = pairs[0] as [string, string];
    const res = await t.app.inject({ url: `/api/posts/${encodeURIComponent(en)}`, headers });
    expect(res.json<Post>().translations).toEqual([expect.objectContaining({ language: 'ar', slug: ar })]);
  });

  it('links them once on a database seeded before (migration 0008), leaving what an editor changed alone', async () => {
    const pairs = storyPairs();
    const [pairA, pairB] = pairs as [[string, string], [string, string]];
    // As the seed left a database before: no links. Then an editor links pairB's English post to pairA's
    // Arabic post (its own choice: kept, and neither pair is linked by the migration).
    await database.db.update(posts).set({ translationGroup: null });
    const editorGroup = 900_001;
    await database.db
      .update(posts)
      .set({ translationGroup: editorGroup })
      .where(sql`${posts.slug} IN (${pairB[0]}, ${pairA[1]})`);
    const migration = await readFile(path.join(migrationsDir, '0008_link_seed_translations.sql'), 'utf8');
    await database.db.execute(sql.raw(migration));
    const linked = await linkedPairs();
    expect(linked).toEqual(
      [...pairs.filter((pair) => pair !== pairA && pair !== pairB), [pairB[0], pairA[1]]].sort(),
    );
    const [editorsOwn] = await database.db
      .select({ n: count() })
      .from(posts)
      .where(eq(posts.translationGroup, editorGroup));
    expect(editorsOwn?.n).toBe(2);
    // Run again: nothing changes.
    await database.db.execute(sql.raw(migration));
    expect(await linkedPairs()).toEqual(linked);
  });

  it('does nothing once posts exist', async () => {
    const before = await readdir(posterImagesDir(t.config.dataDir));
    expect(await seedPosts(database.db, { images: t.app.storage.store })).toBe(false);
    const [rows] = await database.db.select({ n: count() }).from(posts);
    expect(rows?.n).toBe(POST_SEEDS.en.length + POST_SEEDS.ar.length);
    expect(await readdir(posterImagesDir(t.config.dataDir))).toEqual(before);
  });
});
