import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  API_KEY,
  call,
  makeSite,
  type RetainedMemory,
  type ServerProcess,
  type Site,
  startServer,
} from './harness';

/**
 * Made-up addresses cannot fill the kept pages: 20,000 spellings of the site's pages (`?lng=zz91`,
 * `?page=0042`, `?page=5` on /about, a campaign's parameters, searches of the blog `?q=`, in any order) and
 * pages of the blog past its last are answered, but add nothing to the server's memory and push none of the
 * real pages out.
 */

const HOSTILE_URLS = Number(process.env.HOSTILE_URLS ?? 20_000);
/** Connections at once, as many visitors would open. */
const CONNECTIONS = 16;
/**
 * Made-up addresses sent before the measure. The first burst of such traffic grows the heap to its working size
 * (garbage between collections: 60 to 120 MB measured on a busy 2-core machine, for 10,000 addresses, whether or
 * not they are kept), and later bursts do not grow it further. The measure is of what 20,000 more, all new,
 * leave behind. (What is kept is counted exactly, in process, in plugins/web-render.test.ts.)
 */
const WARM_URLS = 10_000;
/**
 * What the server's memory may grow by while it answers them, measured after all its garbage is collected
 * (memory-probe.mjs: its heap and its buffers): anything that stays per address (a kept page, a table or cache
 * keyed by the address) would pass it. Resident memory is printed too but not held to it: between collections
 * it breathes by tens of MB, more on a busy machine, which slows collections, not what requests leave behind.
 * When every spelling was kept, they filled the kept pages' budget (64 MiB counted, more held) and pushed the
 * real pages out.
 */
const GROWTH_BOUND = 20 * 1024 * 1024;
/**
 * The kept pages' budget (READ_CACHE_BYTES) for this server: room for the real pages many times over, but not for
 * thousands of made-up ones, so that if spellings were kept they would push the real pages out.
 */
const CACHE_BYTES = 16 * 1024 * 1024;

/** About what a real page weighs: 40 KB of text, most of it in the parts the micro-frontends render. */
const FILLER = (language: string) =>
  Array.from(
    { length: 400 },
    (_, i) => `<p class="f${i % 40}">${language} line ${i} of the page's text</p>`,
  ).join('');

/**
 * Server entries shaped like core's createServerEntry. The shell counts its renders into the page: a page
 * answered with the count it had before was answered from memory, not rendered again.
 */
const SHELL_ENTRY = `
let renders = 0;
export async function render(request) {
  renders += 1;
  return {
    parts: {
      'site-header': '<header>' + request.language + '</header>',
      'site-footer': '<footer>' + ${JSON.stringify(FILLER('shell'))} + '</footer>',
      'render-count': '<i>' + renders + '</i>',
    },
    head: {}, missing: [], errors: [], hints: '',
  };
}
`;
const PART_ENTRY = (id: string) => `
export async function render(request) {
  return {
    parts: { ${JSON.stringify(id)}: '<section>' + request.url + ${JSON.stringify(FILLER('part'))} + '</section>' },
    head: {}, missing: [], errors: [], hints: '',
  };
}
`;

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Agency</title>
    <meta name="description" content="Agency." />
    <!--app-meta-->
  </head>
  <body>
    <div id="site-header"></div>
    <main id="main-content" tabindex="-1">
      <div id="single-spa-application:@agency/mf-marketing"></div>
      <div id="single-spa-application:@agency/mf-blog"></div>
    </main>
    <div id="site-footer"></div>
    <div id="render-count"></div>
  </body>
</html>
`;

async function writeFrontEnd(webRoot: string): Promise<void> {
  const manifest = (dir: string) =>
    JSON.stringify({ metaData: { publicPath: '/mf/', remoteEntry: { name: `${dir}/remoteEntry.js` } } });
  const files: Record<string, string> = {
    'root-config/dist/index.html': INDEX_HTML,
    'root-config/dist/mf-registry.json': JSON.stringify({
      mf_marketing: '/mf/mf-marketing/',
      mf_blog: '/mf/mf-blog/',
      mf_admin: '/mf/mf-admin/',
    }),
    'mf-shell/dist/server/entry.js': SHELL_ENTRY,
    'mf-marketing/dist/server/entry.js': PART_ENTRY('single-spa-application:@agency/mf-marketing'),
    'mf-blog/dist/server/entry.js': PART_ENTRY('single-spa-application:@agency/mf-blog'),
  };
  for (const [dir, namespaces] of [
    ['mf-shell', ['common', 'shell']],
    ['mf-marketing', ['marketing']],
    ['mf-blog', ['blog']],
  ] as const) {
    // (The shell is no remote: root-config bundles its browser code.)
    if (dir !== 'mf-shell') files[`${dir}/dist/${dir}/mf-manifest.json`] = manifest(dir);
    for (const language of ['en', 'ar'])
      for (const ns of namespaces) files[`${dir}/dist/locales/${language}/${ns}.json`] = '{}';
  }
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(webRoot, file)), { recursive: true });
    await writeFile(path.join(webRoot, file), content);
  }
}

const renderCount = (html: string) => Number(/<div id="render-count"><i>(\d+)<\/i>/.exec(html)?.[1]);

/** A deterministic stream of numbers, so a failure can be run again as it was. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * Made-up spellings of the site's pages: random `lng`, random `page`, searches, other parameters, mixed and
 * shuffled.
 */
function hostileUrls(count: number, postPath: string, seed: number): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const digits = () => String(Math.floor(next() * 1_000_000));
  const lng = () =>
    pick([`zz${digits()}`, 'AR', 'en-GB', 'ar_EG', 'x'.repeat(1 + Math.floor(next() * 40)), '']);
  const page = () =>
    pick([
      digits(),
      digits(),
      digits(),
      `000${Math.floor(next() * 2) + 1}`,
      '0',
      `-${digits()}`,
      'abc',
      '1.5',
      '',
    ]);
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const params = [
      next() < 0.7 ? `lng=${lng()}` : '',
      next() < 0.7 ? `page=${page()}` : '',
      next() < 0.15 ? `utm_source=${digits()}` : '',
      next() < 0.1 ? `x${digits()}=1` : '',
      // A search of the blog (rendered for its query, never kept), or `q` on a page that has none.
      next() < 0.15 ? `q=${encodeURIComponent(pick(['design', `تصميم${digits()}`, digits(), 'a b c']))}` : '',
    ].filter(Boolean);
    if (params.length === 0) params.push(`lng=${lng()}`);
    params.sort(() => next() - 0.5);
    urls.push(
      `${pick(['/', '/about', '/services', '/contact', '/blog', '/blog', postPath])}?${params.join('&')}`,
    );
  }
  return urls;
}

/** Sends every URL over `connections` keep-alive connections; answers the count of each status. */
async function flood(base: string, urls: readonly string[], connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const statuses = new Map<number, number>();
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < urls.length) {
          const url = urls[next++] as string;
          const answer = await call(base, { path: url, agent, headers: { 'accept-encoding': 'gzip' } });
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return Object.fromEntries(statuses);
}

// The kept pages are the same code whatever the database: the embedded one, the default, is enough here.
for (const kind of ['pglite'] as const) {
  describe(`${HOSTILE_URLS} made-up page addresses against a server process [${kind}]`, () => {
    let site: Site | undefined;
    let server: ServerProcess | undefined;

    beforeAll(async () => {
      site = await makeSite(kind, () => Promise.reject(new Error('PGlite only')));
      await writeFrontEnd(site.webRoot);
      server = await startServer({
        ...site,
        env: { READ_CACHE_BYTES: String(CACHE_BYTES) },
        memoryProbe: true,
      });
    });

    afterAll(async () => {
      await server?.stop();
      await site?.remove();
    });

    it('keep the server within 20 MB of its memory, and the real pages in memory', async () => {
      if (!server) throw new Error('not started');
      const running = server;
      onTestFailed(() => console.error(`[page keys ${kind}] server output:\n${running.output()}`));
      const list = await call(running.url, {
        path: '/api/posts?language=en&per_page=9',
        headers: { 'x-api-key': API_KEY },
      });
      const slug = (list.body as { data: { data: { slug: string }[] } }).data.data[0]?.slug;
      if (!slug) throw new Error(`no post to show: ${list.text}`);
      const postPath = `/blog/${slug}`;
      const realPages = ['/', '/about', '/services', '/contact', '/blog', postPath].flatMap((page) => [
        page,
        `${page}?lng=ar`,
      ]);

      // Warm: a first burst of made-up addresses, then the real pages, many times; each real page is then kept
      // with the count of renders it shows.
      await flood(running.url, hostileUrls(WARM_URLS, postPath, 1), CONNECTIONS);
      await flood(running.url, Array.from({ length: 50 }, () => realPages).flat(), CONNECTIONS);
      const keptCount = new Map<string, number>();
      for (const page of realPages) {
        const answer = await call(running.url, { path: page });
        expect(answer.status, page).toBe(200);
        keptCount.set(page, renderCount(answer.text));
      }

      const before = await running.retainedMemory();
      const started = Date.now();
      const statuses = await flood(running.url, hostileUrls(HOSTILE_URLS, postPath, 26), CONNECTIONS);
      const seconds = (Date.now() - started) / 1000;
      const after = await running.retainedMemory();
      const held = (m: RetainedMemory) => m.heapUsed + m.external;
      const grown = held(after) - held(before);
      // Each real page still comes from memory: the count of renders it was kept with, unchanged.
      const pushedOut: string[] = [];
      for (const page of realPages) {
        const answer = await call(running.url, { path: page });
        if (answer.status !== 200 || renderCount(answer.text) !== keptCount.get(page)) pushedOut.push(page);
      }
      console.info(
        `[page keys ${kind}] ${HOSTILE_URLS} made-up addresses in ${seconds.toFixed(1)} s, answers ${JSON.stringify(statuses)}; heap and buffers after collection ${(held(before) / 2 ** 20).toFixed(0)} -> ${(held(after) / 2 ** 20).toFixed(0)} MiB (${(grown / 2 ** 20).toFixed(1)} MiB), RSS ${(before.rss / 2 ** 20).toFixed(0)} -> ${(after.rss / 2 ** 20).toFixed(0)} MiB; real pages rendered again: ${pushedOut.length} of ${realPages.length}`,
      );

      expect(pushedOut).toEqual([]);
      // Every one answered: the real page of its address, a redirect to its address as the site writes it
      // (another spelling of one of its languages, `?lng=AR`), or 404 for a page of the blog past its last.
      expect(Object.keys(statuses).sort()).toEqual(['200', '302', '404']);
      expect(grown).toBeLessThan(GROWTH_BOUND);
    });
  });
}
