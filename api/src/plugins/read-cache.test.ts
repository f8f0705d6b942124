import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Paginated, Post, PostSummary, Service } from '@agency/core/types';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { ChangeListener } from '../db/client';
import { posts, serviceTranslations } from '../db/schema';
import { TEST_API_KEY, testConfig, useTestApp } from '../test/app';
import { multipart, signedIn, type TestBrowser } from '../test/browser';
import { databases, describeEachDatabase } from '../test/databases';
import { insertPosts } from '../test/posts';
import { CHANGES_CHANNEL } from './read-cache';

const headers = { 'x-api-key': TEST_API_KEY };
type Saved = { data: Post & { updated_at: string } };

async function until(check: () => Promise<boolean>, ms = 2_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describeEachDatabase('public read cache', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.8.0.1');
    await insertPosts(database.db, [
      { slug: 'cached-en', title: 'Cached', publishedAt: new Date(Date.now() - 60_000) },
      { slug: 'cached-draft', status: 'draft', publishedAt: new Date(Date.now() - 60_000) },
      // Enough for a list page worth compressing.
      ...Array.from({ length: 8 }, (_, i) => ({
        slug: `older-${i}`,
        publishedAt: new Date(Date.UTC(2025, i)),
      })),
    ]);
    // The database announces these inserts asynchronously (on PostgreSQL, over another connection): let
    // those announcements pass before the tests count hits.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });

  const get = (url: string, extra: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { ...headers, ...extra } });
  const titles = async (url: string) =>
    (await get(url)).json<{ data: Paginated<PostSummary> }>().data.data.map((p) => p.title);

  async function write(method: 'POST' | 'PUT', url: string, fields: Record<string, string>) {
    const body = await multipart(fields);
    return editor.request({ method, url, payload: body.payload, headers: body.headers });
  }
  const postFields = (slug: string, title: string, language = 'en') => ({
    language,
    title,
    slug,
    status: 'published',
    description: 'About it',
    content: '<p>Text</p>',
    seo_title: 'SEO',
    seo_description: 'SEO description',
    published_at: '2026-01-02',
  });

  it('answers a read again from memory: same body, a strong ETag, 304 for the copy the client has', async () => {
    const url = '/api/posts?language=en&per_page=9';
    const before = t.app.readCache.stats;
    const first = await get(url);
    const second = await get(url);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(t.app.readCache.stats.hits).toBe(before.hits + 1);
    const etag = String(second.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(String(second.headers.vary)).toMatch(/Accept-Encoding/);
    expect(String(second.headers.vary)).toMatch(/Cookie/);
    const revalidated = await get(url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('answers a URL read before from memory with exactly the headers the full pipeline gave it', async () => {
    const url = '/api/posts?language=en&per_page=7';
    const first = await get(url);
    const second = await get(url); // from memory, through the full pipeline: the fast path learns the URL
    const fastBefore = t.app.readCache.stats.fast;
    const third = await get(url); // the fast path
    expect(t.app.readCache.stats.fast).toBe(fastBefore + 1);
    const comparable = (res: LightMyRequestResponse) => {
      const { date: _date, connection: _c, 'keep-alive': _k, 'x-request-id': _id, ...rest } = res.headers;
      return rest;
    };
    expect(comparable(third)).toEqual(comparable(second));
    expect(comparable(third)).toEqual(comparable(first));
    expect(third.headers['content-security-policy']).toContain("default-src 'self'");
    expect(third.body).toBe(first.body);
    // The fast path holds requests to the API's rules: no key, no answer.
    const keyless = await t.app.inject({ url });
    expect(keyless.statusCode).toBe(401);
    const wrongKey = await t.app.inject({ url, headers: { 'x-api-key': 'test-key-124' } });
    expect(wrongKey.statusCode).toBe(401);
  });

  it('sends the kept brotli and gzip bodies to clients that accept them', async () => {
    const url = '/api/posts?language=en&per_page=20';
    const plain = (await get(url)).body;
    expect(plain.length).toBeGreaterThan(1024);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect(br.headers.etag).toMatch(/-br"$/);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    // The client's compressed copy is as current as the plain one.
    expect((await get(url, { 'if-none-match': String(br.headers.etag) })).statusCode).toBe(304);
  });

  it('shows a new post, a changed title, a new slug and a deletion as soon as the editor got a success', async () => {
    const list = '/api/posts?language=en&per_page=50';
    expect(await titles(list)).not.toContain('Fresh');
    const created = await write('POST', '/api/posts', postFields('fresh-post', 'Fresh'));
    expect(created.statusCode).toBe(201);
    expect(await titles(list)).toContain('Fresh');
    expect((await get('/api/posts/fresh-post')).json<Post>().title).toBe('Fresh');

    const version = created.json<Saved>().data.updated_at;
    const renamed = await write('PUT', '/api/posts/fresh-post', {
      ...postFields('renamed-post', 'Renamed'),
      version,
    });
    expect(renamed.statusCode).toBe(200);
    expect(await titles(list)).toContain('Renamed');
    expect(await titles(list)).not.toContain('Fresh');
    // The old slug's kept answer is gone: it now sends its readers to the new one.
    const old = await get('/api/posts/fresh-post');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/api/posts/renamed-post');
    expect((await get('/api/posts/renamed-post')).json<Post>().title).toBe('Renamed');

    // A change of language moves it from one language's list to the other's.
    const arList = '/api/posts?language=ar&per_page=50';
    expect(await titles(arList)).not.toContain('Renamed');
    const moved = await write('PUT', '/api/posts/renamed-post', {
      ...postFields('renamed-post', 'Renamed', 'ar'),
      version: renamed.json<Saved>().data.updated_at,
    });
    expect(moved.statusCode).toBe(200);
    expect(await titles(arList)).toContain('Renamed');
    expect(await titles(list)).not.toContain('Renamed');

    const deleted = await editor.request({ method: 'DELETE', url: '/api/posts/renamed-post' });
    expect(deleted.statusCode).toBe(200);
    expect((await get('/api/posts/renamed-post')).statusCode).toBe(404);
    expect((await get('/api/posts/fresh-post')).statusCode).toBe(404);
    expect(await titles(arList)).not.toContain('Renamed');
  });

  it("never answers the public from an editor's read, nor an editor from the shared cache", async () => {
    const url = '/api/posts?per_page=100';
    const edited = await editor.request({ url });
    expect(edited.headers['cache-control']).toBe('private, no-store');
    expect(edited.json<{ data: Paginated<PostSummary> }>().data.data.map((p) => p.slug)).toContain(
      'cached-draft',
    );
    const publicSlugs = (await get(url))
      .json<{ data: Paginated<PostSummary> }>()
      .data.data.map((p) => p.slug);
    expect(publicSlugs).not.toContain('cached-draft');
    // And the other way round: the public answer now kept does not reach the editor.
    const again = await editor.request({ url });
    expect(again.json<{ data: Paginated<PostSummary> }>().data.data.map((p) => p.slug)).toContain(
      'cached-draft',
    );
    expect((await editor.request({ url: '/api/posts/cached-draft' })).statusCode).toBe(200);
    expect((await get('/api/posts/cached-draft')).statusCode).toBe(404);
  });

  it('lets a post dated in the future appear at its time, with no write', async () => {
    const at = Date.now() + 1_500;
    await insertPosts(database.db, [
      { slug: 'scheduled-post', title: 'Scheduled', publishedAt: new Date(at) },
    ]);
    const list = '/api/posts?language=en&per_page=100';
    // Wait for the insert's own announcement to pass, then keep the list in memory.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await titles(list)).not.toContain('Scheduled');
    const hits = t.app.readCache.stats.hits;
    expect(await titles(list)).not.toContain('Scheduled');
    expect(t.app.readCache.stats.hits).toBe(hits + 1);
    expect((await get('/api/posts/scheduled-post')).statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()) + 50));
    expect(await titles(list)).toContain('Scheduled');
    expect((await get('/api/posts/scheduled-post')).statusCode).toBe(200);
  });

  it("drops what a change made outside this process's routes changes (another process, a person's SQL)", async () => {
    const url = '/api/posts/cached-en';
    expect((await get(url)).json<Post>().title).toBe('Cached');
    await database.db.update(posts).set({ title: 'Changed by SQL' }).where(eq(posts.slug, 'cached-en'));
    await until(async () => (await get(url)).json<Post>().title === 'Changed by SQL');

    // A post's answer names its translation: a change to the translation made by SQL drops it too.
    const [english, arabic] = await insertPosts(database.db, [
      { slug: 'linked-en', language: 'en', translationGroup: 7001 },
      { slug: 'linked-ar', language: 'ar', title: 'قبل', translationGroup: 7001 },
    ]);
    const linked = '/api/posts/linked-en';
    const translationTitle = async () => (await get(linked)).json<Post>().translations?.[0]?.title;
    await until(async () => (await translationTitle()) === 'قبل');
    expect(english?.id).toBeGreaterThan(0);
    await database.db
      .update(posts)
      .set({ title: 'بعد' })
      .where(eq(posts.id, arabic?.id ?? 0));
    await until(async () => (await translationTitle()) === 'بعد');

    const services = '/api/services?language=en';
    const name = (res: LightMyRequestResponse) =>
      res.json<{ data: { data: Service[] } }>().data.data[0]?.name;
    const original = name(await get(services));
    await database.db
      .update(serviceTranslations)
      .set({ name: sql`${serviceTranslations.name} || ' (new)'` })
      .where(eq(serviceTranslations.language, 'en'));
    await until(async () => name(await get(services)) === `${original} (new)`);
  });

  it('keeps services, a service and a post in both languages', async () => {
    for (const url of ['/api/services?language=ar', '/api/services/web-development?language=ar']) {
      const first = await get(url);
      const hits = t.app.readCache.stats.hits;
      expect((await get(url)).body).toBe(first.body);
      expect(t.app.readCache.stats.hits).toBe(hits + 1);
    }
    // Misses are answered and not kept: unknown keys are endless.
    const entries = t.app.readCache.stats.entries;
    expect((await get('/api/services/no-such-service?language=en')).statusCode).toBe(404);
    expect((await get('/api/posts/no-such-post')).statusCode).toBe(404);
    expect((await get('/api/posts?language=en&page=999')).statusCode).toBe(200);
    expect(t.app.readCache.stats.entries).toBe(entries);
  });
});

/** A change feed the test drives by hand: what a lost connection to PostgreSQL looks like to the cache. */
function fakeFeed() {
  let deliver: (payload: string) => void = () => {};
  let state: (up: boolean) => void = () => {};
  const feed: ChangeListener = {
    async listen(_channel, onMessage, onState) {
      deliver = onMessage;
      state = onState;
      onState(true);
      return async () => {};
    },
  };
  return { feed, send: (payload: string) => deliver(payload), state: (up: boolean) => state(up) };
}

describe('public read cache without its change feed', () => {
  const database = databases[0];
  if (!database) throw new Error('PGlite is always there');
  let app: FastifyInstance;
  let feed: ReturnType<typeof fakeFeed>;
  let release: () => void = () => {};
  let reads = 0;

  beforeAll(async () => {
    const handle = await database.open();
    await handle.migrate();
    feed = fakeFeed();
    app = await buildApp({
      config: testConfig(),
      db: handle.db,
      changes: feed.feed,
      logger: false,
      outboxTimer: false,
    });
    // A read whose database work the test holds open, to write while it is in flight.
    app.get('/api/slow', async (request, reply) =>
      app.readCache.send(request, reply, {
        key: 'slow',
        tags: ['slow'],
        load: async () => {
          reads += 1;
          const n = reads;
          if (n === 1) await new Promise<void>((resolve) => (release = resolve));
          return { status: 200, body: { n } };
        },
      }),
    );
    await app.ready();
    return async () => {
      await app.close();
      await handle.close();
    };
  });

  const read = () => app.inject({ url: '/api/slow', headers });

  it('does not keep what was read while a write changed it', async () => {
    const inFlight = read();
    await until(async () => reads === 1);
    app.readCache.invalidate(['slow']);
    // A reader who comes after the write does not wait for, nor get, the read that started before it.
    expect((await read()).json()).toEqual({ n: 2 });
    release();
    expect((await inFlight).json()).toEqual({ n: 1 });
    expect((await read()).json()).toEqual({ n: 2 });
    expect(reads).toBe(2);
  });

  it('drops the tags a change announcement names, and everything for one it cannot read', async () => {
    const before = reads;
    await read();
    feed.send(JSON.stringify({ tags: ['other'] }));
    await read();
    expect(reads).toBe(before);
    feed.send(JSON.stringify({ tags: ['slow'] }));
    await read();
    expect(reads).toBe(before + 1);
    feed.send('not json');
    await read();
    expect(reads).toBe(before + 2);
    expect(CHANGES_CHANNEL).toBe('agency_read_cache');
  });

  it('keeps nothing while the feed is down, and starts afresh when it is back', async () => {
    await read();
    feed.state(false);
    expect(app.readCache.active).toBe(false);
    const before = reads;
    await read();
    await read();
    expect(reads).toBe(before + 2);
    feed.state(true);
    await read();
    await read();
    expect(reads).toBe(before + 3);
  });
});

describe('public read cache turned off (READ_CACHE_BYTES=0)', () => {
  const database = databases[0];
  if (!database) throw new Error('PGlite is always there');
  it('reads the database every time', async () => {
    const handle = await database.open();
    await handle.migrate();
    const app = await buildApp({
      config: testConfig({ READ_CACHE_BYTES: '0' }),
      db: handle.db,
      logger: false,
      outboxTimer: false,
    });
    try {
      await insertPosts(handle.db, [{ slug: 'off-1', title: 'One' }]);
      for (let i = 0; i < 3; i++) await app.inject({ url: '/api/posts/off-1', headers });
      expect(app.readCache.stats).toMatchObject({ hits: 0, entries: 0 });
      expect(app.readCache.active).toBe(false);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
