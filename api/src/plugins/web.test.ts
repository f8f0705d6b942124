import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { IMAGE_WIDTHS, storedImageUrl } from '@agency/core/images';
import { precompressDir } from '@agency/core/precompress';
import type { SiteConfig } from '@agency/core/types';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServices } from '../db/seed/index';
import { makeTempDir, TEST_API_KEY, useTestApp } from '../test/app';
import { signedIn } from '../test/browser';
import { databases, useDatabase } from '../test/databases';
import { insertPosts } from '../test/posts';
import { FRONT_END_NOT_BUILT, IMMUTABLE, NO_CACHE } from './web';

// The web plugin does not touch the database: one run on PGlite is enough.
const pglite = databases[0];
if (!pglite) throw new Error('no PGlite test database');

const HOSTILE_NAME = 'Agency</script><script>alert(1)</script><!--';
const PADDING = `<!-- ${'padding so the page is worth compressing '.repeat(40)} -->`;
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <!--app-meta-->
    <script type="module" src="/assets/index-abc123.js"></script>
    <link rel="preload" href="/assets/cairo-latin-1.woff2" as="font" type="font/woff2" crossorigin>
    <link rel="preload" href="/assets/cairo-arabic-2.woff2" as="font" type="font/woff2" crossorigin data-lang="ar">
  </head>
  <body><div id="root"></div>${PADDING}</body>
</html>
`;
const ASSET_JS = `export const big = ${JSON.stringify('x'.repeat(4000))};\n`;
const SECRET = 'top-secret-package-json';

/** A WEB_ROOT shaped like the front-end builds, and a data dir with one upload and one private file. */
async function makeWebRoot(): Promise<{ webRoot: string; dataDir: string }> {
  const webRoot = await makeTempDir('web');
  const dataDir = path.join(webRoot, '.data');
  const files: Record<string, string> = {
    'root-config/dist/index.html': INDEX_HTML,
    'root-config/dist/assets/index-abc123.js': ASSET_JS,
    'root-config/dist/mf-registry.json': '{"mf_marketing":"/mf/mf-marketing/"}',
    'root-config/dist/sw.js': 'self.addEventListener("install", () => {});',
    'root-config/dist/manifest.webmanifest': '{"name":"Agency"}',
    'root-config/dist/icons/icon-192.png': 'png',
    'root-config/dist/.env': 'HIDDEN=1',
    'mf-marketing/dist/mf-marketing/remoteEntry.js': 'export const entry = 1;',
    'mf-marketing/dist/mf-marketing/mf-manifest.json': '{"name":"mf_marketing"}',
    'mf-marketing/dist/assets/marketing-def456.js': ASSET_JS,
    'mf-marketing/dist/index.html': '<p>the remote build page, never served</p>',
    // The shell's build is its server code and its translations (root-config bundles its browser code).
    'mf-shell/dist/server/assets/part-1.js': ASSET_JS,
    'mf-admin/dist/assets/admin-aaa111.js': ASSET_JS,
    'mf-shell/dist/locales/en/common.json': '{"hello":"Hello"}',
    'mf-shell/dist/locales/ar/shell.json': '{"menu":"القائمة"}',
    'mf-marketing/dist/locales/ar/marketing.json': '{"services":"الخدمات"}',
    'mf-blog/dist/locales/en/blog.json': '{"blog":"Blog"}',
    'mf-admin/dist/locales/en/admin.json': '{"posts":"Posts"}',
    'mf-admin/dist/mf-admin/remoteEntry.js': 'export const admin = 1;',
    'api/package.json': SECRET,
    'secret.txt': SECRET,
    '.data/secret.txt': SECRET,
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(webRoot, file)), { recursive: true });
    await writeFile(path.join(webRoot, file), content);
  }
  // As the build leaves it: the remote's text files also as .br and .gz (root-config's here are left without).
  await precompressDir(path.join(webRoot, 'mf-marketing', 'dist'));
  return { webRoot, dataDir };
}

function siteConfigOf(html: string): SiteConfig {
  const match = html.match(/<script type="application\/json" id="site-config">(.*?)<\/script>/s);
  if (!match?.[1]) throw new Error('no site-config block');
  return JSON.parse(match[1]) as SiteConfig;
}

const database = useDatabase(pglite, { seed: false });

describe('web serving', () => {
  let roots: { webRoot: string; dataDir: string };
  beforeAll(async () => {
    roots = await makeWebRoot();
  });
  afterAll(async () => {
    await rm(roots.webRoot, { recursive: true, force: true });
  });
  /** What the server warned about: a handler that answers twice is told so in a warning. */
  const warnings: string[] = [];
  const t = useTestApp(database, {
    env: () => ({ WEB_ROOT: roots.webRoot, DATA_DIR: roots.dataDir, SITE_NAME: HOSTILE_NAME }),
    prepare: (app) => {
      app.addHook('onRequest', async (request, reply) => {
        const log = request.log;
        request.log = reply.log = Object.assign(Object.create(log), {
          warn: (...args: unknown[]) => {
            warnings.push(
              `${request.url}: ${args.map((a) => (a instanceof Error ? a.message : JSON.stringify(a))).join(' ')}`,
            );
          },
        });
      });
    },
  });

  it.each([
    '/mf-registry.json',
    '/icons/icon-192.png',
    '/mf/assets/marketing-def456.js',
    '/mf/assets/admin-aaa111.js',
    '/mf/mf-marketing/remoteEntry.js',
    '/locales/en/common.json',
  ])('sends %s once, and nothing after it', async (url) => {
    warnings.length = 0;
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<div id="root">');
    // A handler that went on after sending the file tried to send the app page too, and was warned.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(warnings).toEqual([]);
  });

  describe('pages of things that may not exist', () => {
    beforeAll(async () => {
      await seedServices(database.db);
      const day = 24 * 60 * 60 * 1000;
      await insertPosts(database.db, [
        { slug: 'web-post', publishedAt: new Date(Date.now() - day) },
        { slug: 'web-draft', status: 'draft', publishedAt: new Date(Date.now() - day) },
        { slug: 'web-future', publishedAt: new Date(Date.now() + day) },
      ]);
    });

    it.each([
      { url: '/blog/web-post', status: 200 },
      { url: '/blog/web-draft', status: 404 },
      { url: '/blog/web-future', status: 404 },
      { url: '/blog/no-such-post', status: 404 },
      { url: '/blog/123', status: 404 },
      { url: '/services/seo', status: 200 },
      { url: '/services/seo?lng=ar', status: 200 },
      { url: '/services/no-such-service', status: 404 },
    ])('$url answers the app page with $status', async ({ url, status }) => {
      // Twice: the second answer comes from what the first left in memory.
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(status);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain('<div id="root"></div>');
      }
    });

    it("answers an editor's draft with 200: the editor may read it", async () => {
      const editor = await signedIn(t.app, database.db, '10.7.0.1');
      expect((await editor.request({ url: '/blog/web-draft' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/blog/web-draft' })).statusCode).toBe(404);
    });

    it('never answers the page with the API answer it asked about', async () => {
      const api = await t.app.inject({ url: '/api/posts/web-post', headers: { 'x-api-key': TEST_API_KEY } });
      expect(api.headers['content-type']).toBe('application/json; charset=utf-8');
      for (let i = 0; i < 3; i++) {
        const page = await t.app.inject({ url: '/blog/web-post', headers: { 'x-api-key': TEST_API_KEY } });
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      }
    });
  });

  describe('navigations', () => {
    const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

    it.each(['/', '/index.html', '/about', '/about/', '/blog', '/about?lng=en', '/blog?lng=ar'])(
      '%s answers the public app page with 200, the same for everyone',
      async (url) => {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe(PUBLIC);
        // Only an address without `?lng=` changes with the visitor's language (the page or a redirect).
        expect(res.headers.vary).toBe(
          url.includes('lng=') ? 'Accept-Encoding' : 'Accept-Encoding, Accept-Language, Cookie',
        );
        expect(res.headers['set-cookie']).toBeUndefined();
        expect(res.body).toContain('<div id="root"></div>');
        expect(res.body).toContain(`<meta name="api-key" content="${TEST_API_KEY}">`);
        expect(res.body).toContain('<meta name="csrf-token" content="">');
        expect(res.body).not.toContain('<!--app-meta-->');
      },
    );

    it.each(['/posts/edit/x', '/edit_blog/a%20b', '/site/media', '/account'])(
      '%s, an editor screen, is kept nowhere and carries the browser’s token',
      async (url) => {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.body).toContain('<div id="root"></div>');
        expect(res.body).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{43}">/);
        expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
      },
    );

    it.each(['/login', '/login/forgot', '/login/reset?lng=ar', '/login/invitation'])(
      '%s is kept nowhere and sends no Referer',
      async (url) => {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.body).toContain('<div id="root"></div>');
      },
    );

    it('other pages keep their policies', async () => {
      for (const url of ['/', '/loginx', '/blog?next=/login']) {
        const res = await t.app.inject({ url });
        expect(res.headers['cache-control']).toBe(PUBLIC);
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      }
    });

    it.each(['/nope', '/blog/a/b', '/services/seo/more', '/api-docs', '/mf', '/favicon.ico', '/.env'])(
      '%s answers the same page with 404',
      async (url) => {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe(PUBLIC);
        expect(res.body).toContain('<div id="root"></div>');
        expect(res.body).not.toContain('HIDDEN=1');
      },
    );

    it('answers a malformed URL with 400 JSON', async () => {
      const res = await t.app.inject({ url: '/blog/%E0%A4%A' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Bad Request' });
    });

    it('answers HEAD like GET without a body', async () => {
      const res = await t.app.inject({ method: 'HEAD', url: '/about' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
      expect((await t.app.inject({ method: 'HEAD', url: '/nope' })).statusCode).toBe(404);
    });

    it('revalidates a public page with its ETag, the same for every visitor', async () => {
      const first = await t.app.inject({ url: '/about?lng=en' });
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      const again = await t.app.inject({
        url: '/about?lng=en',
        headers: { 'if-none-match': String(etag), cookie: 'csrf=someone-else' },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      // Other bytes are another ETag.
      const other = await t.app.inject({ url: '/about?lng=ar', headers: { 'if-none-match': String(etag) } });
      expect(other.statusCode).toBe(200);
    });

    it('gives each browser its own CSRF token on request, the same until it signs in or out', async () => {
      const first = await t.app.inject({ url: '/api/csrf', headers: { 'x-api-key': TEST_API_KEY } });
      const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
      expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/i);
      expect(String(first.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
      const token = first.json<{ token: string }>().token;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // An editor screen carries the same token for this browser.
      const screen = await t.app.inject({ url: '/site/media', headers: { cookie } });
      expect(screen.headers['set-cookie']).toBeUndefined();
      expect(screen.body).toContain(`<meta name="csrf-token" content="${token}">`);
      const other = await t.app.inject({ url: '/api/csrf', headers: { 'x-api-key': TEST_API_KEY } });
      expect(other.json<{ token: string }>().token).not.toBe(token);
    });
  });

  describe('language', () => {
    /** What the server wrote: `<html>` attributes, the body class and the Arabic-only preload. */
    function language(body: string) {
      const html = /<html\b[^>]*>/.exec(body)?.[0] ?? '';
      return {
        lang: /\slang="([^"]*)"/.exec(html)?.[1],
        dir: /\sdir="([^"]*)"/.exec(html)?.[1],
        source: /\sdata-lang-source="([^"]*)"/.exec(html)?.[1],
        rtlBody: /<body class="rtl">/.test(body),
        arabicFont: body.includes('cairo-arabic-2.woff2'),
      };
    }
    const english = { lang: 'en', dir: 'ltr', source: 'server', rtlBody: false, arabicFont: false };
    const arabic = { lang: 'ar', dir: 'rtl', source: 'server', rtlBody: true, arabicFont: true };

    it.each([
      { name: 'nothing', url: '/', headers: {}, expected: english },
      { name: '?lng=ar', url: '/about?lng=ar', headers: {}, expected: arabic },
      { name: '?lng=en', url: '/about?lng=en', headers: {}, expected: english },
      {
        name: 'Accept-Language fr only',
        url: '/',
        headers: { 'accept-language': 'fr-FR' },
        expected: english,
      },
      {
        name: 'the cookie over Accept-Language',
        url: '/',
        headers: { cookie: 'csrf=x; lng=en', 'accept-language': 'ar' },
        expected: english,
      },
      {
        name: '?lng= over the cookie',
        url: '/services/seo?lng=en',
        headers: { cookie: 'lng=ar', 'accept-language': 'ar' },
        expected: english,
      },
      {
        name: 'a bad ?lng= and cookie, then Accept-Language',
        url: '/?lng=%3Cscript%3E',
        headers: { cookie: 'lng=xx', 'accept-language': 'fr' },
        expected: english,
      },
      { name: 'a 404 page', url: '/nope?lng=ar', headers: {}, expected: arabic },
    ])('$name: the page comes in its language', async ({ url, headers, expected }) => {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode).toBe(url.startsWith('/nope') ? 404 : 200);
      expect(language(res.body)).toEqual(expected);
      // One <html> with one lang and one dir; the rest of the page as in index.html.
      expect(res.body.match(/<html\b[^>]*>/g)).toHaveLength(1);
      expect(res.body.match(/\slang=/g)).toHaveLength(1);
      expect(res.body).toContain('cairo-latin-1.woff2');
      expect(res.body).toContain('<div id="root"></div>');
    });

    it.each([
      { name: 'the lng cookie', url: '/blog', headers: { cookie: 'lng=ar' }, to: '/blog?lng=ar' },
      {
        name: 'Accept-Language ar-EG',
        url: '/',
        headers: { 'accept-language': 'ar-EG,ar;q=0.9' },
        to: '/?lng=ar',
      },
      {
        name: 'Accept-Language by q-value',
        url: '/?page=2',
        headers: { 'accept-language': 'fr;q=1, en;q=0.5, ar;q=0.8' },
        to: '/?page=2&lng=ar',
      },
      {
        name: 'a bad ?lng= and cookie, then Accept-Language',
        url: '/?lng=%3Cscript%3E',
        headers: { cookie: 'lng=xx', 'accept-language': 'ar' },
        to: '/?lng=ar',
      },
      { name: 'another spelling of Arabic', url: '/about?lng=ar-EG', headers: {}, to: '/about?lng=ar' },
      { name: 'another spelling of English', url: '/about?lng=EN', headers: {}, to: '/about?lng=en' },
      { name: 'a 404 page', url: '/nope', headers: { cookie: 'lng=ar' }, to: '/nope?lng=ar' },
    ])('$name: an address without the language sends the visitor to it', async ({ url, headers, to }) => {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(to);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
      const there = await t.app.inject({ url: to, headers });
      expect(there.statusCode).toBe(url.startsWith('/nope') ? 404 : 200);
      expect(language(there.body).lang).toBe(to.endsWith('lng=en') ? 'en' : 'ar');
    });

    it('gives each language its own ETag, so a switch is never answered 304', async () => {
      const first = await t.app.inject({ url: '/?lng=en' });
      const etag = String(first.headers.etag);
      const same = await t.app.inject({ url: '/?lng=en', headers: { 'if-none-match': etag } });
      expect(same.statusCode).toBe(304);
      const switched = await t.app.inject({ url: '/?lng=ar', headers: { 'if-none-match': etag } });
      expect(switched.statusCode).toBe(200);
      expect(language(switched.body)).toEqual(arabic);
    });
  });

  describe('injected configuration', () => {
    it('escapes values so they cannot leave the JSON block', async () => {
      const { body } = await t.app.inject({ url: '/' });
      expect(body).not.toContain('</script><script>alert(1)');
      expect(body).not.toContain('<!--"');
      expect(body).toContain('\\u003c/script\\u003e');
      expect(body.match(/<\/script>/g)).toHaveLength(2);
      expect(siteConfigOf(body)).toEqual({
        name: HOSTILE_NAME,
        address: '',
        email: t.config.site.email,
        phone: t.config.site.phone,
        defaultCountry: 'GB',
        social: t.config.site.social,
        contactRetentionDays: t.config.site.contactRetentionDays,
      });
    });

    it('serves the same tags alone at /app-meta.html, for the dev server', async () => {
      const res = await t.app.inject({ url: '/app-meta.html' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(`<meta name="api-key" content="${t.config.apiKey}">`);
      expect(siteConfigOf(res.body).name).toBe(HOSTILE_NAME);
      // The page holds the same tags, with the visitor's token where /app-meta.html has none.
      const page = await t.app.inject({ url: '/' });
      expect(page.body.replace(/(<meta name="csrf-token" content=")[^"]*/, '$1')).toContain(res.body);
    });

    it('reads index.html again after a deploy replaces it', async () => {
      const indexPath = path.join(roots.webRoot, 'root-config/dist/index.html');
      expect((await t.app.inject({ url: '/' })).body).not.toContain('version two');
      await writeFile(
        indexPath,
        INDEX_HTML.replace('<div id="root">', '<div id="root" data-build="version two">'),
      );
      const later = new Date(Date.now() + 5000);
      await utimes(indexPath, later, later);
      const res = await t.app.inject({ url: '/blog' });
      expect(res.body).toContain('version two');
      expect(res.body).toContain(`<meta name="api-key" content="${TEST_API_KEY}">`);
    });
  });

  describe('files', () => {
    it.each([
      { url: '/assets/index-abc123.js', type: 'application/javascript; charset=utf-8', cache: IMMUTABLE },
      {
        url: '/mf/assets/marketing-def456.js',
        type: 'application/javascript; charset=utf-8',
        cache: IMMUTABLE,
      },
      { url: '/mf/assets/admin-aaa111.js', type: 'application/javascript; charset=utf-8', cache: IMMUTABLE },
      { url: '/mf-registry.json', type: 'application/json; charset=utf-8', cache: NO_CACHE },
      { url: '/sw.js', type: 'application/javascript; charset=utf-8', cache: NO_CACHE },
      { url: '/manifest.webmanifest', type: 'application/manifest+json', cache: NO_CACHE },
      { url: '/icons/icon-192.png', type: 'image/png', cache: NO_CACHE },
      {
        url: '/mf/mf-marketing/remoteEntry.js',
        type: 'application/javascript; charset=utf-8',
        cache: NO_CACHE,
      },
      { url: '/mf/mf-marketing/mf-manifest.json', type: 'application/json; charset=utf-8', cache: NO_CACHE },
      { url: '/mf/mf-admin/remoteEntry.js', type: 'application/javascript; charset=utf-8', cache: NO_CACHE },
    ])('$url is served with $cache', async ({ url, type, cache }) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe(cache);
    });

    it.each([
      '/assets/missing.js',
      '/mf/mf-marketing/missing.js',
      '/mf/assets/missing.js',
      '/mf/mf-marketing/assets/marketing-def456.js',
      '/mf/index.html',
      '/mf/mf-marketing',
      '/mf/mf-unknown/remoteEntry.js',
      '/mf/mf-blog/remoteEntry.js',
      '/mf/mf-marketing/',
      '/mf/mf-marketing/assets',
      '/mf/mf-shell/server/assets/part-1.js',
      '/mf/mf-shell/remoteEntry.js',
      '/locales/en',
      '/storage/other/file.png',
    ])('%s is a plain 404, not the app', async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBeUndefined();
      expect(res.json()).toEqual({ message: 'Not found' });
    });

    it("sends the build's compressed copies as they are, and the file itself to a client that takes neither", async () => {
      const file = path.join(roots.webRoot, 'mf-marketing/dist/assets/marketing-def456.js');
      const url = '/mf/assets/marketing-def456.js';
      for (const [accept, encoding, copy] of [
        ['gzip, deflate, br', 'br', `${file}.br`],
        ['gzip', 'gzip', `${file}.gz`],
      ] as const) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
        expect(res.headers['cache-control']).toBe(IMMUTABLE);
        // A cache between must keep one answer per encoding.
        expect(res.headers.vary).toContain('accept-encoding');
        // The file's bytes, not a compression made for this request.
        expect(res.rawPayload.equals(await readFile(copy))).toBe(true);
        expect(Number(res.headers['content-length'])).toBe((await stat(copy)).size);
        const decoded = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
        expect(decoded.toString()).toBe(ASSET_JS);
      }
      const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(ASSET_JS);
      expect(plain.headers.vary).toContain('accept-encoding');
      // Revalidation still works on a compressed copy.
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      const again = await t.app.inject({
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    });

    it('compresses text with gzip and brotli when asked', async () => {
      const gzip = await t.app.inject({
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(ASSET_JS);
      const page = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(page.rawPayload).toString()).toContain('<div id="root"');
      const br = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(ASSET_JS);
    });
  });

  describe('translations', () => {
    it.each([
      { url: '/locales/en/common.json', body: { hello: 'Hello' } },
      { url: '/locales/ar/shell.json', body: { menu: 'القائمة' } },
      { url: '/locales/ar/marketing.json', body: { services: 'الخدمات' } },
      { url: '/locales/en/blog.json', body: { blog: 'Blog' } },
      { url: '/locales/en/admin.json', body: { posts: 'Posts' } },
    ])('$url comes from the owning build, not cached', async ({ url, body }) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe(NO_CACHE);
      expect(res.json()).toEqual(body);
    });

    it.each([
      '/locales/fr/common.json',
      '/locales/en/nope.json',
      '/locales/en/common',
      '/locales/en/toString.json',
      '/locales/en/__proto__.json',
      '/locales/ar/common.json',
      '/locales/en/..%2F..%2Fsecret.txt',
    ])('%s is 404 JSON', async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    });
  });

  describe('uploads', () => {
    it('serves a poster image for a year, never sniffed, and once', async () => {
      await writeFile(path.join(roots.dataDir, 'storage/poster_images/p-1.png'), 'png-bytes');
      warnings.length = 0;
      const res = await t.app.inject({ url: '/storage/poster_images/p-1.png' });
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(warnings).toEqual([]);
      expect(res.body).toBe('png-bytes');
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('serves each srcset width of a stored image, made from it on first request and never enlarged', async () => {
      const dir = path.join(roots.dataDir, 'storage/poster_images');
      const name = 'a'.repeat(32);
      const stored = await sharp({
        create: { width: 2000, height: 1000, channels: 3, background: '#4338ca' },
      })
        .webp()
        .toBuffer();
      await writeFile(path.join(dir, `${name}.webp`), stored);
      const widthOf = async (url: string) => {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe(IMMUTABLE);
        return (await sharp(res.rawPayload).metadata()).width;
      };
      for (const width of IMAGE_WIDTHS)
        expect(await widthOf(storedImageUrl(`${name}.webp`, width))).toBe(width);
      // Made once, then served as a file.
      expect((await stat(path.join(dir, `${name}-800w.webp`))).isFile()).toBe(true);
      // A smaller stored image is never enlarged: its "1600w" is the image at its own width.
      const small = 'b'.repeat(32);
      await writeFile(
        path.join(dir, `${small}.webp`),
        await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#fff' } })
          .webp()
          .toBuffer(),
      );
      expect(await widthOf(storedImageUrl(`${small}.webp`, 1600))).toBe(1000);
      // Only the widths srcset offers, and only of an image that is there.
      for (const url of [
        `/storage/poster_images/${name}-801w.webp`,
        `/storage/poster_images/${name}-0w.webp`,
        `/storage/poster_images/${'c'.repeat(32)}-800w.webp`,
        `/storage/poster_images/${name}-800w.png`,
      ]) {
        expect((await t.app.inject({ url })).statusCode).toBe(404);
      }
    });

    it('answers 404 to every other spelling of a width, and writes nothing for it', async () => {
      const dir = path.join(roots.dataDir, 'storage/poster_images');
      const base = 'd'.repeat(32);
      await writeFile(
        path.join(dir, `${base}.webp`),
        await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#4338ca' } })
          .webp()
          .toBuffer(),
      );
      const at = (name: string) => `/storage/poster_images/${name}`;
      // Each would be one more resized copy of the same image if the number in it were read as a width.
      const urls = [
        ...['0480', '00480', '000000000480', '0800', '01200', '001600'].map((w) => at(`${base}-${w}w.webp`)),
        ...['+480', '%2B480', '480.0', '480.', '4.8e2', '0x1e0', '0o740'].map((w) =>
          at(`${base}-${w}w.webp`),
        ),
        // Digits of other scripts, full-width digits, invisible and space characters around the number.
        ...[
          '٤٨٠',
          '४८०',
          '４８０',
          '4８0',
          '٠480',
          '480\u200b',
          '\u200b480',
          ' 480',
          '\t480',
          '480\u00a0',
        ].map((w) => at(`${base}-${encodeURIComponent(w)}w.webp`)),
        // Widths pages never ask for.
        ...['481', '479', '1', '0', '-480', '2400', '99999999999999999999', ''].map((w) =>
          at(`${base}-${w}w.webp`),
        ),
        // Upper case, other or double extensions, a doubled suffix.
        at(`${base}-480W.webp`),
        at(`${base}-480w.WEBP`),
        at(`${base}-480w.webp.webp`),
        at(`${base}-480w.webp.png`),
        at(`${base}-480ww.webp`),
        at(`${base}--480w.webp`),
        at(`${base}-480w-480w.webp`),
        at(`${base.toUpperCase()}-480w.webp`),
        at(`${base}-480w.webp%3F`),
        at(`${base}-480w.webp;.png`),
        at(`${base}-0480w%2Ewebp`),
        // Path tricks around a spelling that used to be made.
        at(`..%2Fposter_images%2F${base}-0480w.webp`),
        at(`%2e%2e%2fposter_images%2f${base}-0480w.webp`),
        at(`.%2F${base}-0480w.webp`),
        `/storage/poster_images/./${base}-0480w.webp`,
        `/storage/poster_images//${base}-0480w.webp`,
        `/storage/poster_images/${base}-0480w.webp/`,
        `/storage/poster_images/${base}-0480w.webp/..`,
        at(`.${base}-480w.webp`),
        at(`${base}-480w.webp.tmp`),
      ];
      expect(new Set(urls).size).toBe(50);
      const before = await readdir(dir);
      for (const url of urls) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
      }
      // readdir lists dot files too: no temporary file was left either.
      expect(await readdir(dir)).toEqual(before);
      // The spelling pages use is still made.
      expect((await t.app.inject({ url: at(`${base}-480w.webp`) })).statusCode).toBe(200);
      expect((await readdir(dir)).filter((name) => !before.includes(name))).toEqual([`${base}-480w.webp`]);
    });

    it.each([
      '/storage/poster_images/missing.png',
      '/storage/poster_images/..',
      '/storage/poster_images/...',
      '/storage/poster_images/%2e%2e',
      '/storage/poster_images/..%2Fsecret.txt',
      '/storage/poster_images/..%5Csecret.txt',
      '/storage/poster_images/%2e%2e%2f%2e%2e%2fsecret.txt',
    ])('%s is 404', async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(SECRET);
    });
  });

  describe('path traversal', () => {
    it.each([
      '/mf/mf-marketing/../../api/package.json',
      '/mf/mf-marketing/%2e%2e/%2e%2e/api/package.json',
      '/mf/mf-marketing/%2E%2E/%2E%2E/secret.txt',
      '/mf/mf-marketing/..%2F..%2Fsecret.txt',
      '/mf/mf-marketing/assets/..%2F..%2F..%2Fsecret.txt',
      '/mf/..%2Fsecret.txt',
      '/mf/mf-marketing/..%5C..%5Csecret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/%2e%2e/secret.txt',
      '/..%2F..%2Fsecret.txt',
      '/assets/%2e%2e/%2e%2e/%2e%2e/secret.txt',
      '/mf/mf-marketing/%00remoteEntry.js',
    ])('%s does not leak a file', async (url) => {
      const res = await t.app.inject({ url });
      // (422 for U+0000, refused in any path before a file is looked for.)
      expect([401, 404, 422]).toContain(res.statusCode);
      expect(res.body).not.toContain(SECRET);
    });

    it('still works from a raw socket, where nothing normalises the path', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const { request } = await import('node:http');
      for (const url of [
        '/mf/mf-marketing/../../secret.txt',
        '/mf/mf-marketing/%2e%2e/%2e%2e/secret.txt',
        '/mf/mf-marketing/assets/%2E%2E/%2E%2E/%2E%2E/secret.txt',
        '/assets/../../secret.txt',
        '/../secret.txt',
        '/%2e%2e/secret.txt',
        '/storage/poster_images/%2e%2e',
        '/locales/en/%2e%2e%2f%2e%2e%2fsecret.txt',
      ]) {
        const body = await new Promise<{ status: number; text: string }>((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port: address.port, path: url }, (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => {
              text += chunk.toString();
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          });
          req.on('error', reject);
          req.end();
        });
        expect(body.status).toBe(404);
        expect(body.text).not.toContain(SECRET);
      }
    });
  });
});

describe('web serving before the front-end is built', () => {
  const t = useTestApp(database);

  it.each(['/', '/about', '/nope'])('%s answers 503 with what to do', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(`${FRONT_END_NOT_BUILT}\n`);
  });

  it('still answers the API', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('creates the upload folder at start', async () => {
    await expect(readFile(path.join(t.config.dataDir, 'storage/poster_images'))).rejects.toMatchObject({
      code: 'EISDIR',
    });
  });
});
