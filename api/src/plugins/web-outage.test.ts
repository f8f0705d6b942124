import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChangeListener } from '../db/client';
import { styleHash } from '../lib/inline-styles';
import { makeTempDir, useTestApp } from '../test/app';
import { databases, useDatabase } from '../test/databases';
import { insertPosts } from '../test/posts';
import { CHANGES_CHANNEL } from './read-cache';

// The pages' side of an outage; how the database is found unreachable is tested on PostgreSQL
// (db/limits.test.ts, resilience/outage.test.ts). Here the reads fail as they then do.
const pglite = databases[0];
if (!pglite) throw new Error('no PGlite test database');

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Agency</title>
    <!--app-meta-->
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="site-header"></div>
    <main id="main-content"><div id="single-spa-application:@agency/mf-blog"></div></main>
  </body>
</html>
`;
const SHELL_ENTRY = `
export async function render(request) {
  return { parts: { 'site-header': '<header>' + request.resources.shell.menu + '</header>' }, head: {}, missing: [], errors: [], hints: '' };
}
`;
const BLOG_ENTRY = `
export async function render(request) {
  const key = Object.keys(request.reads).find((k) => k.startsWith('/api/posts/'));
  const read = key ? request.reads[key] : undefined;
  const part = read && read.status === 200 ? '<article><h1>' + read.body.title + '</h1></article>' : '<p>list</p>';
  return { parts: { 'single-spa-application:@agency/mf-blog': part }, head: {}, missing: [], errors: [], hints: '' };
}
`;
const manifest = (dir: string) =>
  JSON.stringify({
    metaData: { publicPath: '/mf/', remoteEntry: { name: `${dir}/remoteEntry.js` } },
    exposes: [{ assets: { css: { sync: [], async: [] }, js: { sync: [] } } }],
  });
const SHELL_TEXT = {
  en: {
    menu: 'Menu',
    unavailable: { title: 'Briefly unavailable', text: 'Try again soon.', retry: 'Retry' },
  },
  ar: {
    menu: 'القائمة',
    unavailable: { title: 'غير متاحة مؤقتًا', text: 'حاول بعد قليل.', retry: 'أعد المحاولة' },
  },
};

async function makeWebRoot(): Promise<string> {
  const webRoot = await makeTempDir('web-outage');
  const files: Record<string, string> = {
    'root-config/dist/index.html': INDEX_HTML,
    'root-config/dist/mf-registry.json': JSON.stringify({
      mf_blog: '/mf/mf-blog/',
    }),
    'mf-shell/dist/server/entry.js': SHELL_ENTRY,
    'mf-blog/dist/server/entry.js': BLOG_ENTRY,
    'mf-blog/dist/mf-blog/mf-manifest.json': manifest('mf-blog'),
  };
  for (const language of ['en', 'ar'] as const) {
    files[`mf-shell/dist/locales/${language}/common.json`] = '{}';
    files[`mf-shell/dist/locales/${language}/shell.json`] = JSON.stringify(SHELL_TEXT[language]);
    files[`mf-blog/dist/locales/${language}/blog.json`] = '{}';
  }
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(webRoot, file)), { recursive: true });
    await writeFile(path.join(webRoot, file), content);
  }
  return webRoot;
}

/** A change feed the test can lose, as a PostgreSQL listening connection is lost in an outage. */
function controlledFeed() {
  let report: (listening: boolean) => void = () => {};
  const listener: ChangeListener = {
    async listen(channel, _onMessage, onState) {
      if (channel !== CHANGES_CHANNEL) throw new Error(`unexpected channel ${channel}`);
      report = onState;
      onState(true);
      return async () => {};
    },
  };
  return { listener, set: (listening: boolean) => report(listening) };
}

/** What the driver throws when PostgreSQL refuses connections. */
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
    syscall: 'connect',
  });

const database = useDatabase(pglite, { seed: true });

describe('pages while the database cannot be reached', () => {
  let webRoot: string;
  const feed = controlledFeed();
  beforeAll(async () => {
    webRoot = await makeWebRoot();
    await insertPosts(database.db, [
      { slug: 'kept-before', title: 'Kept before' },
      { slug: 'never-seen', title: 'Never seen' },
    ]);
  });
  afterAll(async () => {
    await rm(webRoot, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    feed.set(true);
  });
  const t = useTestApp(database, {
    env: () => ({ WEB_ROOT: webRoot, DATA_DIR: path.join(webRoot, '.data') }),
    build: () => ({ changes: feed.listener }),
  });
  /** The outage: the change feed is lost (fresh pages are forgotten), and every read fails. */
  const outage = () => {
    feed.set(false);
    vi.spyOn(t.app.readCache, 'json').mockRejectedValue(refused());
  };

  it('sends the page it kept last, marked stale, never in place of a fresh one', async () => {
    const fresh = await t.app.inject({ url: '/blog/kept-before' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toContain('<h1>Kept before</h1>');
    expect(fresh.headers.warning).toBeUndefined();

    outage();
    const stale = await t.app.inject({ url: '/blog/kept-before' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain('<h1>Kept before</h1>');
    expect(stale.headers.warning).toBe('111 - "Revalidation Failed"');
    expect(Number(stale.headers.age)).toBeGreaterThanOrEqual(0);
    // An outage's answer: no shared cache keeps it in place of the fresh page it had.
    expect(stale.headers['cache-control']).toBe('no-store');

    // The database answers again (the feed is still down, so nothing is kept): a fresh render, not the copy.
    vi.restoreAllMocks();
    const back = await t.app.inject({ url: '/blog/kept-before' });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('<h1>Kept before</h1>');
    expect(back.headers.warning).toBeUndefined();
    expect(back.headers.age).toBeUndefined();
  });

  it('answers a page it never kept with a 503 page in the visitor’s language, never an empty 200', async () => {
    outage();
    const english = await t.app.inject({ url: '/blog/never-seen' });
    expect(english.statusCode).toBe(503);
    expect(english.headers['retry-after']).toBe('5');
    expect(english.headers['content-type']).toMatch(/^text\/html/);
    expect(english.headers['cache-control']).toBe('no-store');
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain('<h1>Briefly unavailable</h1>');
    expect(english.body).toContain('Try again soon.');
    // Its one inline style is the one its CSP allows, and nothing else is.
    const style = /<style>([^<]*)<\/style>/.exec(english.body)?.[1] ?? '';
    expect(style).not.toBe('');
    expect(english.headers['content-security-policy']).toContain(styleHash(style));

    const arabic = await t.app.inject({ url: '/blog/never-seen?lng=ar' });
    expect(arabic.statusCode).toBe(503);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('<h1>غير متاحة مؤقتًا</h1>');
  });

  it('keeps an address no route owns a 404', async () => {
    outage();
    const res = await t.app.inject({ url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.warning).toBeUndefined();
  });

  it('forgets the last copy of a page a write changed, and every copy at a deploy', async () => {
    expect((await t.app.inject({ url: '/blog/never-seen' })).statusCode).toBe(200);
    t.app.readCache.invalidate(['post:never-seen']);
    outage();
    expect((await t.app.inject({ url: '/blog/never-seen' })).statusCode).toBe(503);

    vi.restoreAllMocks();
    feed.set(true);
    expect((await t.app.inject({ url: '/blog/kept-before' })).statusCode).toBe(200);
    // What a deploy does: the files changed, the pages made from the old ones are dropped.
    t.app.readCache.pages.clear();
    outage();
    expect((await t.app.inject({ url: '/blog/kept-before' })).statusCode).toBe(503);
  });
});
