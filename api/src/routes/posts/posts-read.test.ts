import type { Paginated, Post, PostSummary } from '@agency/core/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/databases';
import { DAY_MS, insertPosts } from '../../test/posts';

const headers = { 'x-api-key': TEST_API_KEY };

/** A list's posts carry every field but the content (a card needs none). */
const SUMMARY_KEYS = [
  'created_at',
  'description',
  'id',
  'language',
  'poster_image',
  'poster_image_url',
  'published_at',
  'seo_description',
  'seo_title',
  'slug',
  'status',
  'title',
  'updated_at',
];
// A post's answer also lists its translations (a card needs neither: lists leave both out for the public).
const POST_KEYS = [...SUMMARY_KEYS, 'content', 'translations'].sort();

const ARABIC_SLUG = 'تصميم-المواقع';

describeEachDatabase('posts read API', (database) => {
  const t = useTestApp(database);
  const now = Date.now();

  beforeAll(async () => {
    // 23 published English posts, one a day, the newest yesterday; three Arabic ones; hidden posts of both.
    await insertPosts(database.db, [
      ...Array.from({ length: 23 }, (_, i) => ({
        slug: `en-${i + 1}`,
        publishedAt: new Date(now - (i + 1) * DAY_MS),
        posterImage: i === 0 ? '0123456789abcdef0123456789abcdef.webp' : null,
      })),
      {
        slug: ARABIC_SLUG,
        language: 'ar' as const,
        title: 'تصميم المواقع',
        publishedAt: new Date(now - 2 * DAY_MS),
      },
      { slug: 'ar-2', language: 'ar' as const, publishedAt: new Date(now - 5 * DAY_MS) },
      { slug: 'ar-3', language: 'ar' as const, publishedAt: new Date(now - 9 * DAY_MS) },
      { slug: 'en-draft', status: 'draft' as const, publishedAt: new Date(now - 3 * DAY_MS) },
      { slug: 'en-future', publishedAt: new Date(now + 3 * DAY_MS) },
      { slug: 'ar-draft', language: 'ar' as const, status: 'draft' as const },
      { slug: 'ar-future', language: 'ar' as const, publishedAt: new Date(now + 60_000) },
      // Same instant as en-1: the newer id comes first.
      { slug: 'en-same-time', publishedAt: new Date(now - DAY_MS) },
    ]);
  });

  async function list(query: Record<string, string>): Promise<Paginated<PostSummary>> {
    const res = await t.app.inject({ url: '/api/posts', query, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json<{ data: Paginated<PostSummary> }>();
    expect(Object.keys(body)).toEqual(['data']);
    return body.data;
  }

  describe('GET /api/posts', () => {
    it('answers the first 10 published posts of a language, newest first, in Laravel’s shape', async () => {
      const page = await list({ language: 'en' });
      expect(Object.keys(page).sort()).toEqual([
        'current_page',
        'data',
        'last_page',
        'links',
        'per_page',
        'total',
      ]);
      expect(page).toMatchObject({ current_page: 1, last_page: 3, per_page: 10, total: 24 });
      expect(page.data.map((p) => p.slug)).toEqual([
        'en-same-time',
        'en-1',
        'en-2',
        'en-3',
        'en-4',
        'en-5',
        'en-6',
        'en-7',
        'en-8',
        'en-9',
      ]);
      for (const post of page.data) expect(Object.keys(post).sort()).toEqual(SUMMARY_KEYS);
    });

    it('never shows drafts or posts dated in the future to the public', async () => {
      const all = await list({ per_page: '100' });
      const slugs = all.data.map((p) => p.slug);
      expect(all.total).toBe(27);
      for (const hidden of ['en-draft', 'en-future', 'ar-draft', 'ar-future'])
        expect(slugs).not.toContain(hidden);
      expect(all.data.every((p) => p.status === 'published')).toBe(true);
      expect(all.data.every((p) => Date.parse(p.published_at) <= Date.now())).toBe(true);
    });

    it('lists every language when none is given, still newest first', async () => {
      const all = await list({ per_page: '100' });
      const dates = all.data.map((p) => Date.parse(p.published_at));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(new Set(all.data.map((p) => p.language))).toEqual(new Set(['en', 'ar']));
    });

    it('filters by language', async () => {
      const ar = await list({ language: 'ar' });
      expect(ar.data.map((p) => p.slug)).toEqual([ARABIC_SLUG, 'ar-2', 'ar-3']);
      expect(ar).toMatchObject({ total: 3, last_page: 1 });
    });

    it('pages with per_page and page, links keeping the query', async () => {
      const page = await list({ language: 'en', per_page: '9', page: '2' });
      expect(page).toMatchObject({ current_page: 2, last_page: 3, per_page: 9, total: 24 });
      expect(page.data.map((p) => p.slug)).toEqual([
        'en-9',
        'en-10',
        'en-11',
        'en-12',
        'en-13',
        'en-14',
        'en-15',
        'en-16',
        'en-17',
      ]);
      const url = (n: number) => `/api/posts?language=en&per_page=9&page=${n}`;
      expect(page.links).toEqual([
        { url: url(1), label: '&laquo; Previous', active: false },
        { url: url(1), label: '1', active: false },
        { url: url(2), label: '2', active: true },
        { url: url(3), label: '3', active: false },
        { url: url(3), label: 'Next &raquo;', active: false },
      ]);
      const last = await list({ language: 'en', per_page: '9', page: '3' });
      expect(last.data).toHaveLength(6);
      expect(last.links.at(-1)).toEqual({ url: null, label: 'Next &raquo;', active: false });
    });

    it('follows its own links to the same page', async () => {
      const first = await list({ language: 'ar', per_page: '2' });
      const next = first.links.at(-1)?.url;
      expect(next).toBe('/api/posts?language=ar&per_page=2&page=2');
      const res = await t.app.inject({ url: next ?? '', headers });
      expect(res.json<{ data: Paginated<Post> }>().data.data.map((p) => p.slug)).toEqual(['ar-3']);
    });

    it('answers an empty page past the last one', async () => {
      const page = await list({ language: 'ar', page: '7' });
      expect(page).toMatchObject({ data: [], current_page: 7, last_page: 1, total: 3 });
    });

    it('gives the image as a file name and as a URL', async () => {
      const page = await list({ language: 'en', per_page: '2' });
      const withImage = page.data.find((p) => p.slug === 'en-1');
      expect(withImage).toMatchObject({
        poster_image: '0123456789abcdef0123456789abcdef.webp',
        poster_image_url: '/storage/poster_images/0123456789abcdef0123456789abcdef.webp',
      });
      expect(page.data.find((p) => p.slug === 'en-same-time')).toMatchObject({
        poster_image: null,
        poster_image_url: null,
      });
    });

    it.each([
      { query: 'page=0', field: 'page' },
      { query: 'page=-1', field: 'page' },
      { query: 'page=abc', field: 'page' },
      { query: 'page=1.5', field: 'page' },
      { query: 'page=', field: 'page' },
      { query: 'page=1&page=2', field: 'page' },
      { query: 'page=100001', field: 'page' },
      { query: 'per_page=0', field: 'per_page' },
      { query: 'per_page=101', field: 'per_page' },
      { query: 'per_page=ten', field: 'per_page' },
      { query: 'per_page=9999999999999999999999', field: 'per_page' },
      { query: 'language=fr', field: 'language' },
    ])('answers 422 with a message for $query', async ({ query, field }) => {
      const res = await t.app.inject({ url: `/api/posts?${query}`, headers });
      expect(res.statusCode).toBe(422);
      const body = res.json<{ message: string; errors: Record<string, string[]> }>();
      expect(body.message).toBe('The given data was invalid.');
      expect(Object.keys(body.errors)).toEqual([field]);
    });

    it('accepts the largest per_page', async () => {
      const page = await list({ per_page: '100' });
      expect(page.per_page).toBe(100);
    });
  });

  describe('GET /api/posts/:slug', () => {
    it('answers the post itself', async () => {
      const res = await t.app.inject({ url: '/api/posts/en-3?language=en', headers });
      expect(res.statusCode).toBe(200);
      const post = res.json<Post>();
      expect(Object.keys(post).sort()).toEqual(POST_KEYS);
      expect(post).toMatchObject({ slug: 'en-3', status: 'published', language: 'en' });
      const listed = (await list({ language: 'en' })).data.find((p) => p.slug === 'en-3');
      const { content, translations, ...summary } = post;
      expect(content).toMatch(/^<p>Body of post \d+<\/p>$/);
      expect(translations).toEqual([]);
      expect(summary).toEqual(listed);
    });

    it('answers a post whatever the language asked for', async () => {
      const res = await t.app.inject({ url: '/api/posts/ar-2?language=en', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json<Post>().language).toBe('ar');
    });

    it('finds an Arabic slug sent percent-encoded', async () => {
      const res = await t.app.inject({
        url: `/api/posts/${encodeURIComponent(ARABIC_SLUG)}?language=ar`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Post>()).toMatchObject({ slug: ARABIC_SLUG, title: 'تصميم المواقع' });
    });

    it.each([
      'no-such-post',
      'en-draft',
      'en-future',
      'ar-draft',
      'ar-future',
      '12',
      'EN-3',
      'en-3%20',
      '..%2Fen-3',
    ])('answers 404 Blog post not found for %s', async (slug) => {
      const res = await t.app.inject({ url: `/api/posts/${slug}`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Blog post not found' });
    });

    it('answers 422 for a bad language', async () => {
      const res = await t.app.inject({ url: '/api/posts/en-3?language=de', headers });
      expect(res.statusCode).toBe(422);
    });
  });

  describe('caching', () => {
    it.each(['/api/posts', '/api/posts/en-3', '/api/posts/nope', '/api/services'])(
      'public GET %s is revalidated on every use (no-cache)',
      async (url) => {
        const res = await t.app.inject({ url, headers });
        expect(res.headers['cache-control']).toBe('no-cache');
      },
    );
  });
});
