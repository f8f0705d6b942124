import { rm } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../db/schema';
import { TEST_API_KEY, useTestApp } from '../test/app';
import { multipart, signedIn } from '../test/browser';
import { databases, useDatabase } from '../test/databases';
import { insertPosts } from '../test/posts';
import {
  BLOG_CRITICAL_CSS,
  BLOG_CSS,
  BLOG_ENTRY,
  cspSource,
  makeRenderingWebRoot,
  pageDataOf,
  ROOT_CSS,
  write,
} from '../test/web-root';

// Page rendering reads through the same cached reads as the API; one run on PGlite is enough here, the reads
// themselves are tested on both databases.
const pglite = databases[0];
if (!pglite) throw new Error('no PGlite test database');

const database = useDatabase(pglite, { seed: true });

async function until(check: () => Promise<boolean>, ms = 3_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const HOSTILE = '</script><script>alert(1)</script><!-- {{csrf-token}} \u2028';

describe('pages rendered on the server', () => {
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await makeRenderingWebRoot();
  });
  afterAll(async () => {
    await rm(webRoot, { recursive: true, force: true });
  });
  const t = useTestApp(database, {
    env: () => ({ WEB_ROOT: webRoot, DATA_DIR: path.join(webRoot, '.data') }),
  });

  it('puts the shell and the post into their containers, with the head and the data they were made from', async () => {
    await insertPosts(database.db, [
      {
        slug: 'hostile',
        title: HOSTILE,
        seoTitle: `SEO ${HOSTILE}`,
        seoDescription: `Described ${HOSTILE}`,
        content: '<p>Body</p><script>alert(2)</script><img src="x" onerror="alert(3)">',
      },
    ]);
    const res = await t.app.inject({ url: '/blog/hostile' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<div id="site-header"><header class="site-header">Menu \d+<\/header><\/div>/);
    expect(html).toContain('<div id="single-spa-application:@agency/mf-blog"><article><h1>&lt;/script&gt;');
    // The post's HTML went through the server's sanitizer before it reached the page (the data block keeps
    // the API's answer as it is, as JSON text that never runs).
    const article = html.slice(html.indexOf('<article>'), html.indexOf('</article>'));
    expect(article).toContain('<div><p>Body</p>');
    expect(article).not.toContain('alert(2)');
    expect(article).not.toContain('onerror');
    expect(html).not.toContain('<script>alert');
    // Title and description from the post's SEO fields, escaped.
    expect(html).toContain(
      '<title>SEO &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- {{csrf-token}}',
    );
    expect(html).toMatch(/<meta name="description" content="Described &lt;\/script&gt;/);
    // Nothing the post holds ends a script element.
    // Site config and page data, and JSON-LD for search engines: data, none of it runs.
    expect(html.match(/<script type="application\/json"/g)?.length).toBe(2);
    // (and root-config's module script.)
    expect(html.match(/<script/g)?.length).toBe(
      3 + (html.match(/<script type="application\/ld\+json" data-page>/g)?.length ?? 0),
    );
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json" data-page>(.*?)<\/script>/gs)].map(
      ([, json]) => JSON.parse(json as string) as { '@type': string; headline?: string },
    );
    expect(jsonLd.map((item) => item['@type'])).toEqual(['Organization', 'BlogPosting', 'BreadcrumbList']);
    expect(jsonLd[1]?.headline).toBe(HOSTILE);
    // A public page carries no visitor's token (its forms fetch one): the slot is empty, once.
    expect(html.match(/<meta name="csrf-token" content="">/g)?.length).toBe(1);
    expect(res.headers['set-cookie']).toBeUndefined();
    // Stylesheets of root-config (with the shell's) and of the blog inline, in the order they were linked, and
    // allowed by their hashes (and nothing else inline); of the micro-frontend's, what the page uses.
    const head = html.slice(0, html.indexOf('</head>'));
    const inline = [...head.matchAll(/<style>([^<]*)<\/style>/g)].map(([, css]) => css);
    expect(inline).toEqual([ROOT_CSS, BLOG_CRITICAL_CSS]);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`style-src 'self' ${inline.map((css) => cspSource(css as string)).join(' ')};`);
    expect(csp).not.toContain('unsafe-inline');
    expect(head).not.toContain('href="/assets/index-1.css"');
    // The micro-frontends' code asks for its stylesheets again: a disabled link tells it they are here.
    // The blog's toast rule is not in the page: its whole file is loaded after the paint (data-deferred).
    expect(head).toContain('<link rel="stylesheet" href="/mf/assets/mf-blog-1.css" disabled data-deferred>');
    // One that cannot stand inside <style>, and one that is not there, are linked.
    expect(head).toContain('<link rel="stylesheet" href="/mf/assets/mf-blog-2.css">');
    expect(head).not.toContain('alert(4)');
    expect(head).toContain('<link rel="stylesheet" href="/mf/assets/mf-blog-3.css">');
    // No script is asked for before the page has painted: the starter (low priority) lists the modules its
    // build preloads (the site's entry, React DOM) and the blog's entry, and preloads them after the paint.
    expect(head).toContain(
      '<script type="module" crossorigin src="/assets/start-1.js" data-entry="/assets/index-1.js" fetchpriority="low" data-modules="/assets/index-1.js /assets/react-dom-1.js /mf/mf-blog/remoteEntry.js',
    );
    expect(html).not.toContain('rel="modulepreload"');
    expect(head).not.toContain('/mf/mf-shell/');
    expect(head).toContain('<link rel="preload" as="image" href="/storage/poster_images/x.webp">');
    // Search engines and link previews: the post's one URL on the public origin, its SEO title.
    const origin = 'http://localhost:8080';
    expect(head).toContain(`<link rel="canonical" href="${origin}/blog/hostile" data-page>`);
    expect(head).toContain(`<link rel="alternate" hreflang="en" href="${origin}/blog/hostile" data-page>`);
    expect(head).toContain('<meta property="og:title" content="SEO &lt;/script&gt;');
    expect(head).toContain('<meta property="og:type" content="article" data-page>');
    // The page reads without JavaScript, so it does not say it needs it.
    expect(html).not.toContain('<noscript>');

    const data = pageDataOf(html);
    expect(data?.url).toBe('/blog/hostile');
    expect(html).toContain('id="page-data" data-url="/blog/hostile">');
    expect(data?.language).toBe('en');
    expect(data?.resources).toEqual({ common: {}, shell: { menu: 'Menu' }, blog: {} });
    // The same answers the API gives for the same URLs, byte for byte once parsed.
    for (const [url, read] of Object.entries(data?.reads ?? {})) {
      const api = await t.app.inject({ url, headers: { 'x-api-key': TEST_API_KEY } });
      expect(read).toEqual({ status: api.statusCode, body: api.json() });
    }
    expect(Object.keys(data?.reads ?? {}).sort()).toEqual([
      '/api/posts/hostile?language=en',
      '/api/services?language=en',
    ]);
  });

  it('answers 404 for a post the public may not see, and for a path no route owns', async () => {
    await insertPosts(database.db, [
      { slug: 'a-draft', status: 'draft' },
      { slug: 'tomorrow', publishedAt: new Date(Date.now() + 86_400_000) },
    ]);
    for (const url of ['/blog/a-draft', '/blog/tomorrow', '/blog/never-written']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<p>No such post</p>');
      expect(res.body).not.toContain('Body of post');
    }
    const unknown = await t.app.inject({ url: '/no/such/page?lng=ar' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="not-found"><h1>Not found</h1></div>');
    expect(unknown.body).toContain('<header class="site-header">القائمة');
    expect(unknown.body).toContain('<title>Page not found</title>');
    expect(pageDataOf(unknown.body)?.language).toBe('ar');
  });

  it('renders in the language the visitor asked for', async () => {
    const res = await t.app.inject({ url: '/blog?lng=ar' });
    expect(res.body).toContain('<footer>ar</footer>');
    expect(pageDataOf(res.body)).toMatchObject({ url: '/blog?lng=ar', language: 'ar' });
    expect(Object.keys(pageDataOf(res.body)?.reads ?? {})).toContain(
      '/api/posts?language=ar&page=1&per_page=9',
    );
  });

  it('leaves an editor page, and a route whose micro-frontend is served from elsewhere, to the browser', async () => {
    const editor = await signedIn(t.app, database.db);
    await insertPosts(database.db, [{ slug: 'editor-sees' }]);
    const res = await editor.request({ url: '/blog/editor-sees' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(pageDataOf(res.body)).toBeNull();
    expect(res.body).toContain('<div id="site-header"></div>');
    // A page rendered in the browser carries no inline style, and its CSP allows none.
    expect(res.body).not.toContain('<style>');
    expect(res.headers['content-security-policy']).toContain("style-src 'self';");

    // mf-marketing's registry entry names another origin: its pages are rendered in the browser.
    const about = await t.app.inject({ url: '/about' });
    expect(about.statusCode).toBe(200);
    expect(pageDataOf(about.body)).toBeNull();
    expect(about.body).toContain('<noscript>');
  });

  it('picks up a redeployed micro-frontend without a restart, and falls back to the browser when one breaks', async () => {
    const blog = async () => (await t.app.inject({ url: '/blog' })).body;
    expect(await blog()).toContain('<p>list v1</p>');
    // Kept in memory: the deploy is noticed within about a second (BUILD_CHECK_MS).
    await write(webRoot, 'mf-blog/dist/server/entry.js', BLOG_ENTRY('v2'));
    await until(async () => (await blog()).includes('<p>list v2</p>'));
    // A stylesheet redeployed under the same name: the page carries the new text, and its CSP the new hash.
    await write(webRoot, 'mf-blog/dist/assets/mf-blog-1.css', 'p{max-width:50rem}');
    await until(async () => (await blog()).includes('<style>p{max-width:50rem}</style>'));
    const restyled = await t.app.inject({ url: '/blog' });
    expect(restyled.headers['content-security-policy']).toContain(cspSource('p{max-width:50rem}'));
    expect(restyled.headers['content-security-policy']).not.toContain(cspSource(BLOG_CSS));

    await write(
      webRoot,
      'mf-blog/dist/server/entry.js',
      'export async function render() { throw new Error("boom"); }',
    );
    await until(async () => pageDataOf(await blog()) === null);
    const broken = await t.app.inject({ url: '/blog' });
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('<div id="single-spa-application:@agency/mf-blog"></div>');

    await rm(path.join(webRoot, 'mf-blog/dist/server'), { recursive: true });
    const missing = await t.app.inject({ url: '/blog' });
    expect(missing.statusCode).toBe(200);
    expect(pageDataOf(missing.body)).toBeNull();
    await write(webRoot, 'mf-blog/dist/server/entry.js', BLOG_ENTRY('v3'));
    await until(async () => (await blog()).includes('<p>list v3</p>'));
  });

  describe('kept in memory', () => {
    const renderCount = (html: string) => Number(/<div id="render-count"><i>(\d+)<\/i>/.exec(html)?.[1]);

    beforeAll(async () => {
      await insertPosts(database.db, [{ slug: 'kept', title: 'Kept one' }]);
      // The database announces the insert asynchronously: let it pass before pages are kept.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });

    it('renders a public page once, then gives every visitor the same kept page, which shared caches may keep', async () => {
      const first = await t.app.inject({ url: '/blog/kept?lng=en' });
      const second = await t.app.inject({ url: '/blog/kept?lng=en', headers: { cookie: 'other=1' } });
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(renderCount(second.body)).toBe(renderCount(first.body));
      expect(second.body).toContain('<h1>Kept one</h1>');
      // The same bytes and ETag for everyone: no token in the page, no cookie set.
      expect(second.body).toBe(first.body);
      expect(first.body).toContain('<meta name="csrf-token" content="">');
      expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(first.headers['set-cookie']).toBeUndefined();
      expect(second.headers['set-cookie']).toBeUndefined();
      expect(second.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
      );
      // Its address names its language: only the encoding changes its bytes.
      expect(second.headers.vary).toBe('Accept-Encoding');
      expect(second.headers['content-security-policy']).toContain("default-src 'self'");

      const revalidated = await t.app.inject({
        url: '/blog/kept?lng=en',
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers.etag).toBe(first.headers.etag);

      // Compressed for a browser that takes gzip: the same page once decoded.
      const gz = await t.app.inject({
        url: '/blog/kept?lng=en',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(first.body);
      expect(gz.rawPayload.length).toBeLessThan(first.body.length);

      // Another language is another page, at its own address.
      const arabic = await t.app.inject({ url: '/blog/kept?lng=ar' });
      expect(arabic.body).toContain('<footer>ar</footer>');
      expect(renderCount(arabic.body)).toBeGreaterThan(renderCount(first.body));
      expect(arabic.headers.etag).not.toBe(first.headers.etag);
    });

    it('sends a visitor whose language is not the default from an address without one to its own, once', async () => {
      // The saved choice (the cookie), else Accept-Language: a redirect no cache keeps.
      for (const headers of [{ cookie: 'lng=ar' }, { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' }]) {
        const res = await t.app.inject({ url: '/blog/kept?utm_source=x', headers });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/blog/kept?utm_source=x&lng=ar');
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
      }
      // A language the site does not have in the address is replaced, not added to (no loop).
      const odd = await t.app.inject({ url: '/blog/kept?lng=zz', headers: { cookie: 'lng=ar' } });
      expect(odd.headers.location).toBe('/blog/kept?lng=ar');
      // The saved choice wins over Accept-Language; English is the default page at this address.
      const english = await t.app.inject({
        url: '/blog/kept',
        headers: { cookie: 'lng=en', 'accept-language': 'ar' },
      });
      expect(english.statusCode).toBe(200);
      expect(english.body).toContain('<footer>en</footer>');
      // That page changes with the visitor's language (the page or a redirect), and says so.
      expect(english.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
      expect(english.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
      );
      // An address that names its language is that language's page, whatever the cookie says.
      const named = await t.app.inject({ url: '/blog/kept?lng=ar', headers: { cookie: 'lng=en' } });
      expect(named.statusCode).toBe(200);
      expect(named.body).toContain('<footer>ar</footer>');
    });

    it('answers a page it sent from memory before on the fast path, exactly as the full pipeline does', async () => {
      // Counts the answers the fast path gives (it runs before any hook).
      const index = t.app.fastPaths.findIndex((serve) => serve.name === 'serveFastPage');
      const serveFast = t.app.fastPaths[index] as (typeof t.app.fastPaths)[number];
      let fast = 0;
      t.app.fastPaths[index] = (request, reply) => {
        const served = serveFast(request, reply);
        if (served) fast++;
        return served;
      };
      try {
        const url = '/blog/kept?lng=ar';
        const full = await t.app.inject({ url }); // rendered and kept: the fast path learns the address
        await t.app.inject({ url }); // from memory on the full path: learned now
        const before = fast;
        const quick = await t.app.inject({ url });
        expect(fast).toBe(before + 1);
        const comparable = ({ headers }: { headers: Record<string, unknown> }) => {
          const { date: _d, connection: _c, 'keep-alive': _k, 'x-request-id': _id, ...rest } = headers;
          return rest;
        };
        expect(comparable(quick)).toEqual(comparable(full));
        expect(quick.headers['set-cookie']).toBeUndefined();
        expect(quick.body).toBe(full.body);
        expect(quick.body).toContain('<footer>ar</footer>');

        const again = await t.app.inject({ url, headers: { 'if-none-match': String(full.headers.etag) } });
        expect(again.statusCode).toBe(304);
        expect(fast).toBe(before + 2);
        // gzip, decoded to the same page.
        const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(full.body);
        // The language comes from the address here; a cookie asking for English does not change it.
        const withCookie = await t.app.inject({ url, headers: { cookie: 'lng=en' } });
        expect(withCookie.body).toContain('<footer>ar</footer>');
        // The same address without `lng`: a visitor whose language is Arabic is sent on, even once the
        // English page there is learned.
        await t.app.inject({ url: '/blog/kept' });
        await t.app.inject({ url: '/blog/kept' });
        const sentOn = await t.app.inject({ url: '/blog/kept', headers: { 'accept-language': 'ar' } });
        expect(sentOn.statusCode).toBe(302);
        expect(sentOn.headers.location).toBe('/blog/kept?lng=ar');
        const english = await t.app.inject({
          url: '/blog/kept',
          headers: { cookie: 'lng=en', 'accept-language': 'ar' },
        });
        expect(english.body).toContain('<footer>en</footer>');
      } finally {
        t.app.fastPaths[index] = serveFast;
      }
    });

    it('drops the page when what it shows changes, and at the time a scheduled post comes out', async () => {
      expect((await t.app.inject({ url: '/blog/kept' })).body).toContain('<h1>Kept one</h1>');
      await database.db.update(posts).set({ title: 'Kept two' }).where(eq(posts.slug, 'kept'));
      await until(async () => (await t.app.inject({ url: '/blog/kept' })).body.includes('<h1>Kept two</h1>'));

      const listed = async () => (await t.app.inject({ url: '/blog' })).body;
      await insertPosts(database.db, [
        { slug: 'soon', title: 'Soon out', publishedAt: new Date(Date.now() + 1500) },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await listed()).not.toContain('Soon out');
      const count = renderCount(await listed());
      expect(renderCount(await listed())).toBe(count);
      await until(async () => (await listed()).includes('Soon out'), 4000);
    });

    it('never gives the kept page of a renamed post’s old slug once the rename is answered', async () => {
      await insertPosts(database.db, [{ slug: 'kept-before', title: 'Renamed one' }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const first = await t.app.inject({ url: '/blog/kept-before' });
      expect(renderCount((await t.app.inject({ url: '/blog/kept-before' })).body)).toBe(
        renderCount(first.body),
      );
      const editor = await signedIn(t.app, database.db, '10.9.3.1');
      const loaded = (await editor.request({ url: '/api/posts/kept-before' })).json<Record<string, string>>();
      const body = await multipart({
        language: 'en',
        title: 'Renamed one',
        slug: 'kept-after',
        status: 'published',
        description: 'About it',
        content: '<p>Body</p>',
        seo_title: 'SEO',
        seo_description: 'SEO description',
        published_at: String(loaded.published_at),
        version: String(loaded.updated_at),
      });
      const saved = await editor.request({ method: 'PUT', url: '/api/posts/kept-before', ...body });
      expect(saved.statusCode, saved.body).toBe(200);
      // Right after the answer, with no wait for the database's announcement.
      const moved = await t.app.inject({ url: '/blog/kept-before' });
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe('/blog/kept-after');
      expect((await t.app.inject({ url: '/blog/kept-after' })).body).toContain('<h1>Renamed one</h1>');
    });

    it('keeps one page for every spelling of an address: the language rendered, the page number, nothing else', async () => {
      const kept = await t.app.inject({ url: '/blog/kept', headers: { cookie: 'lng=en' } });
      const count = renderCount(kept.body);
      expect(pageDataOf(kept.body)?.url).toBe('/blog/kept');
      // A made-up `lng` chooses nothing (the cookie does, as without it), nor do `page` on a post, other
      // parameters, or their order: all the same kept page, never rendered again.
      for (const url of [
        '/blog/kept?lng=zz91',
        '/blog/kept?lng=zz92&page=5',
        '/blog/kept?page=987654',
        '/blog/kept?utm_source=chat',
        '/blog/kept?utm_source=chat&lng=xx&page=-1',
      ]) {
        const res = await t.app.inject({ url, headers: { cookie: 'lng=en' } });
        expect(res.statusCode, url).toBe(200);
        expect(renderCount(res.body), url).toBe(count);
        expect(pageDataOf(res.body), url).toMatchObject({ url: '/blog/kept', language: 'en' });
      }
      // The language actually rendered is part of the key: the Arabic page, however its `lng` is written.
      const arabic = await t.app.inject({ url: '/blog/kept?lng=ar' });
      expect(arabic.body).toContain('<footer>ar</footer>');
      const arabicAgain = await t.app.inject({ url: '/blog/kept?utm_source=chat&lng=ar' });
      expect(renderCount(arabicAgain.body)).toBe(renderCount(arabic.body));
      // Another spelling of it is sent on to the address as the site writes it.
      const spelled = await t.app.inject({ url: '/blog/kept?lng=AR-eg&utm_source=chat' });
      expect(spelled.statusCode).toBe(302);
      expect(spelled.headers.location).toBe('/blog/kept?utm_source=chat&lng=ar');

      // The blog's page number, however written, and `lng` in any order.
      const list = await t.app.inject({ url: '/blog?lng=en' });
      const listCount = renderCount(list.body);
      for (const url of [
        '/blog?page=1&lng=en',
        '/blog?lng=en&page=01',
        '/blog?page=0&lng=en',
        '/blog?lng=en&page=abc',
        '/blog?page=1.5&lng=en&x=1',
      ]) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(renderCount(res.body), url).toBe(listCount);
        expect(pageDataOf(res.body)?.url, url).toBe('/blog?lng=en');
      }
    });

    it('keeps nothing more for 2,000 made-up spellings of its pages', async () => {
      const pages = ['/blog', '/blog/kept', '/blog?lng=ar', '/blog/kept?lng=ar'];
      for (const url of pages) await t.app.inject({ url });
      const before = { ...t.app.readCache.stats };
      let next = 7;
      const random = () => {
        next = (next * 1_103_515_245 + 12_345) % 2 ** 31;
        return next;
      };
      for (let i = 0; i < 2_000; i++) {
        const path = pages[random() % 2] as string;
        const query = [
          `lng=zz${random()}`,
          `page=${random() % 3 === 0 ? '-' : '0'}${random() % 2}`,
          `u${random()}=1`,
        ];
        const res = await t.app.inject({ url: `${path}?${query.slice(0, 1 + (random() % 3)).join('&')}` });
        expect(res.statusCode).toBe(200);
      }
      const after = t.app.readCache.stats;
      expect(after.pages).toBe(before.pages);
      expect(after.pageBytes).toBe(before.pageBytes);
    });

    it('answers a page of the blog past its last 404, and does not keep it', async () => {
      // Fewer than 9 posts here: the blog has one page.
      const first = await t.app.inject({ url: '/blog?page=2' });
      expect(first.statusCode).toBe(404);
      expect(first.body).toContain('<meta name="robots" content="noindex"');
      const again = await t.app.inject({ url: '/blog?page=02' });
      expect(again.statusCode).toBe(404);
      expect(renderCount(again.body)).toBeGreaterThan(renderCount(first.body));
      expect((await t.app.inject({ url: '/blog?page=987654' })).statusCode).toBe(404);
    });

    it('renders each search of the blog for its own query, and keeps none of them', async () => {
      await t.app.inject({ url: '/blog' });
      const before = { ...t.app.readCache.stats };
      const first = await t.app.inject({ url: '/blog?q=%20kept%20&utm_source=chat' });
      expect(first.statusCode).toBe(200);
      const data = pageDataOf(first.body);
      expect(data?.url).toBe('/blog?q=kept');
      expect(Object.keys(data?.reads ?? {}).some((key) => key.includes('q=kept'))).toBe(true);
      const again = await t.app.inject({ url: '/blog?q=kept' });
      expect(renderCount(again.body)).toBeGreaterThan(renderCount(first.body));
      // Made-up queries are answered, and leave nothing behind: no kept page, no kept answer.
      for (let i = 0; i < 100; i++)
        expect((await t.app.inject({ url: `/blog?q=made-up-${i}` })).statusCode).toBe(200);
      expect(t.app.readCache.stats).toMatchObject({
        pages: before.pages,
        pageBytes: before.pageBytes,
        entries: before.entries,
        bytes: before.bytes,
      });
      // A query the API would refuse is no read of the page: the page still answers.
      expect((await t.app.inject({ url: `/blog?q=${'a'.repeat(201)}` })).statusCode).toBe(200);
    });

    it('never gives an editor the kept page', async () => {
      await t.app.inject({ url: '/blog/kept' });
      const editor = await signedIn(t.app, database.db);
      const res = await editor.request({ url: '/blog/kept' });
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(pageDataOf(res.body)).toBeNull();
    });
  });
});
