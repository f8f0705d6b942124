import type { SiteSettings } from '@agency/core/settings';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { posts, services, serviceTranslations } from '../../db/schema';
import { cacheTags } from '../../plugins/read-cache';
import { useTestApp } from '../../test/app';
import { multipart, signedIn, type TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { insertPosts } from '../../test/posts';
import { childOf, childrenOf, NS, parseXml, type XmlElement } from '../../test/xml';

const ORIGIN = 'https://agency.example';
const HOUR = 60 * 60 * 1000;
const HOSTILE_TITLE = '</title><script>alert(1)</script>&]]>';
const HOSTILE_DESCRIPTION = '<img src=x onerror=alert(1)> & ]]> "quoted"';
const ARABIC_SLUG = 'مرحبا-بالعالم';
/** What a crawler could be told by a proxy, or a caller could make up: never to appear in an answer. */
const FOREIGN_HOST = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
};
const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, ms = 2_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await sleep(10);
  }
}

interface SitemapEntry {
  lastmod: string[];
  /** hreflang -> href */
  alternates: Record<string, string>;
}

/** The sitemap's entries by `<loc>`, after checking it is a well-formed sitemap with no `<loc>` twice. */
function readSitemap(res: LightMyRequestResponse): Map<string, SitemapEntry> {
  expect(res.statusCode).toBe(200);
  const root = parseXml(res.body);
  expect([root.uri, root.local]).toEqual([NS.sitemap, 'urlset']);
  const entries = new Map<string, SitemapEntry>();
  for (const url of childrenOf(root, NS.sitemap, 'url')) {
    const loc = childOf(url, NS.sitemap, 'loc').text;
    expect(entries.has(loc), loc).toBe(false);
    const alternates: Record<string, string> = {};
    for (const link of childrenOf(url, NS.xhtml, 'link')) {
      expect(link.attributes.rel).toBe('alternate');
      alternates[link.attributes.hreflang ?? ''] = link.attributes.href ?? '';
    }
    entries.set(loc, { lastmod: childrenOf(url, NS.sitemap, 'lastmod').map((m) => m.text), alternates });
  }
  return entries;
}

interface FeedItem {
  title: string;
  link: string;
  guid: XmlElement;
  pubDate: string;
  description: string;
}

/** The feed's channel and items, after checking the RSS 2.0 shape every item must have. */
function readFeed(res: LightMyRequestResponse): { channel: XmlElement; items: FeedItem[] } {
  expect(res.statusCode).toBe(200);
  const root = parseXml(res.body);
  expect([root.uri, root.local, root.attributes.version]).toEqual(['', 'rss', '2.0']);
  const channel = childOf(root, '', 'channel');
  const items = childrenOf(channel, '', 'item').map((item) => ({
    title: childOf(item, '', 'title').text,
    link: childOf(item, '', 'link').text,
    guid: childOf(item, '', 'guid'),
    pubDate: childOf(item, '', 'pubDate').text,
    description: childOf(item, '', 'description').text,
  }));
  return { channel, items };
}

const postUrl = (slug: string) => `${ORIGIN}/blog/${encodeURIComponent(slug)}`;

describeEachDatabase('robots.txt, the sitemap and the feeds', (database) => {
  const t = useTestApp(database, { env: () => ({ PUBLIC_ORIGIN: ORIGIN, SITE_NAME: 'Agency' }) });
  const uncached = useTestApp(database, {
    env: () => ({ PUBLIC_ORIGIN: ORIGIN, SITE_NAME: 'Agency', READ_CACHE_BYTES: '0' }),
  });
  let editor: TestBrowser;

  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.0.1');
    const now = Date.now();
    await insertPosts(database.db, [
      // The newest English post.
      {
        slug: 'hostile',
        title: HOSTILE_TITLE,
        description: HOSTILE_DESCRIPTION,
        publishedAt: new Date(now - HOUR),
      },
      // 25 more, an hour apart: the English feed keeps 20 of the 26.
      ...Array.from({ length: 25 }, (_, i) => ({
        slug: `english-${i}`,
        title: `English ${i}`,
        publishedAt: new Date(now - (i + 2) * HOUR),
      })),
      {
        slug: ARABIC_SLUG,
        title: 'مرحبا بالعالم',
        language: 'ar' as const,
        publishedAt: new Date(now - 3 * HOUR),
      },
      { slug: 'a-draft', title: 'A draft', status: 'draft' as const, publishedAt: new Date(now - HOUR) },
      { slug: 'tomorrow', title: 'Tomorrow', publishedAt: new Date(now + 24 * HOUR) },
      { slug: 'arabic-tomorrow', language: 'ar' as const, publishedAt: new Date(now + 24 * HOUR) },
    ]);
    // The database announces these inserts asynchronously (on PostgreSQL, over another connection): let those
    // announcements pass before the tests count hits.
    await sleep(300);
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  /** The public posts of a language (or all), newest first: straight from the database. */
  async function published(language?: 'en' | 'ar', limit = 1_000) {
    return database.db
      .select()
      .from(posts)
      .where(
        and(
          eq(posts.status, 'published'),
          lte(posts.publishedAt, new Date()),
          language ? eq(posts.language, language) : undefined,
        ),
      )
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(limit);
  }

  async function write(method: 'POST', url: string, fields: Record<string, string>) {
    const body = await multipart(fields);
    return editor.request({ method, url, payload: body.payload, headers: body.headers });
  }

  it('robots.txt allows the site, disallows the editor screens, the API and the shared previews, and names the sitemap', async () => {
    const res = await get('/robots.txt', FOREIGN_HOST);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const lines = res.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /api/']));
    const editorScreens = [
      '/posts',
      '/new_blog',
      '/edit_blog/',
      '/posts/edit/',
      '/account',
      '/messages',
      '/messages/',
      '/site/',
      '/login',
      '/login/',
    ];
    // Nothing public is disallowed: every rule is the API, a shared preview or an editor screen, each once.
    const disallowed = lines.filter((line) => line.startsWith('Disallow:'));
    expect(disallowed.sort()).toEqual(
      ['/api/', '/preview/', ...editorScreens].map((prefix) => `Disallow: ${prefix}`).sort(),
    );
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.body).not.toContain('evil.example');
  });

  it('writes every URL from PUBLIC_ORIGIN, whatever Host the request that filled the cache named', async () => {
    // Empty the cache, so that the answers kept are the ones built for these requests.
    t.app.readCache.invalidate([cacheTags.postList(undefined), cacheTags.services]);
    for (const url of ['/sitemap.xml', '/feed.xml?lng=en', '/feed.xml?lng=ar']) {
      const built = await get(url, FOREIGN_HOST);
      const kept = await get(url);
      for (const res of [built, kept]) {
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('evil.example');
        expect(res.body).not.toContain('localhost');
        const urls = [...res.body.matchAll(/(?:href="|<loc>|<link>|<guid[^>]*>)([^"<]+)/g)].map(
          (m) => m[1] ?? '',
        );
        expect(urls.length).toBeGreaterThan(3);
        for (const found of urls) expect(found.startsWith(`${ORIGIN}/`), found).toBe(true);
      }
      expect(kept.body).toBe(built.body);
    }
  });

  it('lists every public page in both languages, each with its English, Arabic and x-default alternates', async () => {
    const sitemap = readSitemap(await get('/sitemap.xml'));
    const keys = (await database.db.select({ key: services.key }).from(services)).map((s) => s.key);
    expect(keys.length).toBeGreaterThan(5);
    const pages = [
      '/',
      '/about',
      '/pricing',
      '/services',
      ...keys.map((key) => `/services/${key}`),
      '/portfolio',
      '/contact',
      '/privacy',
      '/terms',
      '/blog',
    ];
    const expected = new Set<string>();
    for (const page of pages) {
      const alternates = {
        en: `${ORIGIN}${page}?lng=en`,
        ar: `${ORIGIN}${page}?lng=ar`,
        'x-default': `${ORIGIN}${page}`,
      };
      for (const loc of Object.values(alternates)) {
        expected.add(loc);
        expect(sitemap.get(loc)?.alternates, loc).toEqual(alternates);
      }
    }
    // Nothing else but posts: no editor screen, no API, no file.
    const others = [...sitemap.keys()].filter((loc) => !expected.has(loc));
    for (const loc of others) expect(loc).toMatch(/^https:\/\/agency\.example\/blog\/[^/?#]+$/);
  });

  it('lists every published post at /blog/{slug} with its last change, and no draft or future post', async () => {
    const res = await get('/sitemap.xml');
    const sitemap = readSitemap(res);
    const expected = await published();
    expect(expected.length).toBe(27);
    const postLocs = [...sitemap.keys()].filter((loc) => loc.startsWith(`${ORIGIN}/blog/`));
    expect(postLocs.sort()).toEqual(expected.map((post) => postUrl(post.slug)).sort());
    for (const post of expected) {
      // Posts exist in one language: their own URL, no alternates.
      expect(sitemap.get(postUrl(post.slug))).toEqual({
        lastmod: [post.updatedAt.toISOString()],
        alternates: {},
      });
    }
    // The Arabic slug is percent-encoded as a path segment.
    expect(res.body).toContain(`<loc>${ORIGIN}/blog/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7-`);
    for (const hidden of ['a-draft', 'tomorrow', 'arabic-tomorrow']) expect(res.body).not.toContain(hidden);
    // The blog's list page says when its newest post changed.
    const newestEnglish = (await published('en', 1))[0];
    expect(sitemap.get(`${ORIGIN}/blog?lng=en`)?.lastmod).toEqual([newestEnglish?.updatedAt.toISOString()]);
  });

  it('answers the sitemap from memory, with an ETag and 304 for the copy a crawler has', async () => {
    const first = await get('/sitemap.xml');
    const hits = t.app.readCache.stats.hits;
    const second = await get('/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(t.app.readCache.stats.hits).toBe(hits + 1);
    expect(second.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(String(second.headers.vary)).toMatch(/Accept-Encoding/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const revalidated = await get('/sitemap.xml', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('is a well-formed RSS 2.0 feed per language: channel, self link, the 20 newest posts', async () => {
    for (const language of ['en', 'ar'] as const) {
      const res = await get(`/feed.xml?lng=${language}`);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeDefined();
      const { channel, items } = readFeed(res);
      expect(childOf(channel, '', 'title').text).toBe(
        language === 'en' ? 'Blog | Agency' : 'المدونة | Agency',
      );
      expect(childOf(channel, '', 'link').text).toBe(`${ORIGIN}/blog?lng=${language}`);
      expect(childOf(channel, '', 'description').text).not.toBe('');
      expect(childOf(channel, '', 'language').text).toBe(language);
      expect(childOf(channel, NS.atom, 'link').attributes).toEqual({
        href: `${ORIGIN}/feed.xml?lng=${language}`,
        rel: 'self',
        type: 'application/rss+xml',
      });

      const expected = await published(language, 20);
      expect(expected.length).toBe(language === 'en' ? 20 : 1);
      expect(items.map((item) => item.link)).toEqual(expected.map((post) => postUrl(post.slug)));
      expected.forEach((post, i) => {
        const item = items[i] as FeedItem;
        expect(item.title).toBe(post.title);
        expect(item.description).toBe(post.description);
        expect(item.guid.attributes.isPermaLink).toBe('true');
        expect(item.guid.text).toBe(item.link);
        expect(item.pubDate).toMatch(RFC_822);
        expect(Date.parse(item.pubDate)).toBe(Math.floor(post.publishedAt.getTime() / 1000) * 1000);
      });
    }
  });

  it('escapes a hostile title and description: the feed stays readable and carries no markup', async () => {
    const res = await get('/feed.xml?lng=en');
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('<img');
    const { items } = readFeed(res);
    expect(items[0]?.title).toBe(HOSTILE_TITLE);
    expect(items[0]?.description).toBe(HOSTILE_DESCRIPTION);
  });

  it('answers the same sitemap and feeds, with their own types, when the read cache is off', async () => {
    for (const url of ['/sitemap.xml', '/feed.xml?lng=ar']) {
      const cached = await get(url);
      const direct = await uncached.app.inject({ url });
      expect(direct.statusCode).toBe(200);
      expect(direct.headers['content-type']).toBe(cached.headers['content-type']);
      expect(direct.headers['cache-control']).toBe('no-cache');
      expect(direct.body).toBe(cached.body);
    }
    expect(uncached.app.readCache.stats.entries).toBe(0);
  });

  it('answers 404 for a feed in no language of the site', async () => {
    for (const url of ['/feed.xml', '/feed.xml?lng=fr', '/feed.xml?lng=en&lng=ar', '/feed.xml?lng=EN']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('advertises both feeds in the page head', async () => {
    const res = await get('/app-meta.html', FOREIGN_HOST);
    expect(res.body).toContain(
      `<link rel="alternate" type="application/rss+xml" hreflang="en" title="Blog | Agency" href="${ORIGIN}/feed.xml?lng=en">`,
    );
    expect(res.body).toContain(
      `<link rel="alternate" type="application/rss+xml" hreflang="ar" title="المدونة | Agency" href="${ORIGIN}/feed.xml?lng=ar">`,
    );
  });

  it('shows a post created and deleted through the API as soon as the editor got a success', async () => {
    const url = postUrl('fresh-from-the-editor');
    const sitemapLocs = async () => [...readSitemap(await get('/sitemap.xml')).keys()];
    const feedLinks = async () => readFeed(await get('/feed.xml?lng=en')).items.map((item) => item.link);
    // Kept in memory before the write.
    await get('/sitemap.xml');
    await get('/feed.xml?lng=en');
    expect(await sitemapLocs()).not.toContain(url);

    const created = await write('POST', '/api/posts', {
      language: 'en',
      title: 'Fresh from the editor',
      slug: 'fresh-from-the-editor',
      status: 'published',
      description: 'New',
      content: '<p>Text</p>',
      seo_title: 'SEO',
      seo_description: 'SEO description',
      published_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(created.statusCode).toBe(201);
    expect(await sitemapLocs()).toContain(url);
    expect((await feedLinks())[0]).toBe(url);

    const deleted = await editor.request({ method: 'DELETE', url: '/api/posts/fresh-from-the-editor' });
    expect(deleted.statusCode).toBe(200);
    expect(await sitemapLocs()).not.toContain(url);
    expect(await feedLinks()).not.toContain(url);
  });

  it('lets a post dated in the future appear at its time, with no write', async () => {
    const at = Date.now() + 1_500;
    await insertPosts(database.db, [
      { slug: 'scheduled-soon', title: 'Scheduled soon', publishedAt: new Date(at) },
    ]);
    // Wait for the insert's own announcement to pass, then keep the answers in memory.
    await sleep(100);
    const url = postUrl('scheduled-soon');
    const sitemapLocs = async () => [...readSitemap(await get('/sitemap.xml')).keys()];
    const feedLinks = async () => readFeed(await get('/feed.xml?lng=en')).items.map((item) => item.link);
    expect(await sitemapLocs()).not.toContain(url);
    expect(await feedLinks()).not.toContain(url);
    const hits = t.app.readCache.stats.hits;
    expect(await sitemapLocs()).not.toContain(url);
    expect(await feedLinks()).not.toContain(url);
    expect(t.app.readCache.stats.hits).toBe(hits + 2);

    await sleep(Math.max(0, at - Date.now()) + 50);
    expect(await sitemapLocs()).toContain(url);
    expect((await feedLinks())[0]).toBe(url);
  });

  it('follows the services: a new service appears in the languages it has, as the database announces it', async () => {
    const page = `${ORIGIN}/services/only-in-english`;
    const sitemap = async () => readSitemap(await get('/sitemap.xml'));
    await get('/sitemap.xml');
    const [service] = await database.db
      .insert(services)
      .values({ key: 'only-in-english', slug: 'only-in-english', imagePath: '/x.webp', sortOrder: 99 })
      .returning();
    if (!service) throw new Error('no service inserted');
    await database.db.insert(serviceTranslations).values({
      serviceId: service.id,
      language: 'en',
      name: 'Only in English',
      description: 'English only',
    });
    await until(async () => (await sitemap()).has(`${page}?lng=en`));
    const entries = await sitemap();
    expect(entries.get(`${page}?lng=en`)?.alternates).toEqual({});
    expect(entries.has(`${page}?lng=ar`)).toBe(false);
    expect(entries.has(page)).toBe(false);

    await database.db.delete(services).where(eq(services.id, service.id));
    await until(async () => !(await sitemap()).has(`${page}?lng=en`));
  });

  it("names the agency in the feeds' titles as the site's settings do, dropped from memory when they are saved", async () => {
    const title = async (language: 'en' | 'ar') =>
      childOf(readFeed(await get(`/feed.xml?lng=${language}`)).channel, '', 'title').text;
    expect(await title('en')).toBe('Blog | Agency'); // kept in memory now
    const edit = async () =>
      (await editor.request({ url: '/api/settings/edit' })).json<{ data: SiteSettings }>().data;
    const save = (body: object) => editor.request({ method: 'PUT', url: '/api/settings', payload: body });
    const before = await edit();
    const renamed = await save({
      ...before,
      translations: {
        en: { ...before.translations.en, name: 'Nimbus & Co' },
        ar: { ...before.translations.ar, name: 'نيمبس' },
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await title('en')).toBe('Blog | Nimbus & Co');
    expect(await title('ar')).toBe('المدونة | نيمبس');
    const back = await save({ ...before, version: renamed.json<{ data: SiteSettings }>().data.version });
    expect(back.statusCode, back.body).toBe(200);
    expect(await title('en')).toBe('Blog | Agency');
  });
});
