import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { makeTempDir, testConfig, useTestApp } from '../test/app';
import { multipart, signedIn, type TestBrowser } from '../test/browser';
import { describeEachDatabase, type TestDb } from '../test/databases';
import { insertPosts } from '../test/posts';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/**
 * A CDN's purge endpoint on a free loopback port: records every request, and answers what `answer` says
 * (a status, or null to never answer).
 */
class Receiver {
  readonly received: Received[] = [];
  answer: (request: Received, index: number) => number | null = () => 200;
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = {
          method: req.method ?? '',
          url: req.url ?? '',
          authorization: req.headers.authorization,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        this.received.push(request);
        const status = this.answer(request, this.received.length - 1);
        if (status === null) {
          this.hanging.add(res);
          return;
        }
        res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
  }

  get origin(): string {
    if (!this.server) throw new Error('The receiver starts in beforeAll');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Waits until `count` requests came (or a second passed). */
  async waitFor(count: number, ms = 2_000): Promise<void> {
    const until = Date.now() + ms;
    while (this.received.length < count && Date.now() < until) await sleep(10);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function useReceiver(): Receiver {
  const receiver = new Receiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  return receiver;
}

let counter = 0;
async function savePost(editor: TestBrowser, overrides: Record<string, string> = {}) {
  counter += 1;
  const body = await multipart({
    language: 'en',
    title: `Purged post ${counter}`,
    slug: `purged-post-${counter}`,
    status: 'published',
    description: 'What it is about',
    content: '<p>Some text.</p>',
    seo_title: 'SEO title',
    seo_description: 'SEO description',
    published_at: '2026-03-04',
    ...overrides,
  });
  const started = performance.now();
  const res = await editor.request({
    method: 'POST',
    url: '/api/posts',
    payload: body.payload,
    headers: body.headers,
  });
  const ms = performance.now() - started;
  expect(res.statusCode, res.body).toBe(201);
  return { slug: `purged-post-${counter}`, ms };
}

const FAST = { batchMs: 20, retryDelaysMs: [20, 40], timeoutMs: 1_000 };

describeEachDatabase('CDN purge (PURGE_URL)', (database: TestDb) => {
  describe('the list form: one POST of {"paths": [...]}', () => {
    const receiver = useReceiver();
    const t = useTestApp(database, {
      env: () => ({
        PURGE_URL: `${receiver.origin}/hooks/purge`,
        PURGE_AUTHORIZATION: 'Bearer purge-secret',
      }),
      build: () => ({ purgeTiming: FAST }),
    });
    let editor: TestBrowser;
    beforeAll(async () => {
      editor = await signedIn(t.app, database.db, '10.9.1.1');
    });

    it("sends a saved post's pages, once, after the write, with the Authorization", async () => {
      receiver.received.length = 0;
      receiver.answer = () => 200;
      const { slug } = await savePost(editor);
      // Nothing is sent before the write is answered and the batch has gathered.
      await receiver.waitFor(1);
      await t.app.purge.settled();
      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      expect(request?.method).toBe('POST');
      expect(request?.url).toBe('/hooks/purge');
      expect(request?.authorization).toBe('Bearer purge-secret');
      const { paths } = JSON.parse(request?.body ?? '{}') as { paths: string[] };
      for (const expected of [
        `/blog/${slug}?lng=en`,
        `/blog/${slug}?lng=ar`,
        '/blog?lng=en',
        '/blog?lng=ar',
        '/?lng=en',
        '/?lng=ar',
        '/sitemap.xml',
        '/feed.xml?lng=en',
        '/feed.xml?lng=ar',
      ])
        expect(paths).toContain(expected);
      expect(new Set(paths).size).toBe(paths.length);
      // A post's write changes neither the settings' nor the services' pages.
      expect(paths).not.toContain('/about?lng=en');
    });

    it("purges nothing for another process's change, which the database announces (that process purges)", async () => {
      receiver.received.length = 0;
      await insertPosts(database.db, [
        { slug: 'written-elsewhere', publishedAt: new Date(Date.now() - 60_000) },
      ]);
      // The announcement arrives (PostgreSQL: over another connection) and drops the cache's entries here.
      await sleep(300);
      await t.app.purge.settled();
      expect(receiver.received).toHaveLength(0);
    });

    it('gathers writes close together into one request', async () => {
      receiver.received.length = 0;
      const [a, b] = await Promise.all([savePost(editor), savePost(editor)]);
      await receiver.waitFor(1);
      await t.app.purge.settled();
      const paths = receiver.received.flatMap((r) => (JSON.parse(r.body) as { paths: string[] }).paths);
      expect(paths).toContain(`/blog/${a.slug}?lng=en`);
      expect(paths).toContain(`/blog/${b.slug}?lng=en`);
      expect(receiver.received.length).toBeLessThanOrEqual(2);
    });

    it('tries again: a receiver that fails twice and then answers 200 gets the third try', async () => {
      receiver.received.length = 0;
      receiver.answer = (_request, index) => (index < 2 ? 503 : 200);
      const before = { ...t.app.purge.stats };
      await savePost(editor);
      await receiver.waitFor(3);
      await t.app.purge.settled();
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
      expect(t.app.purge.stats.requests).toBe(before.requests + 3);
      expect(t.app.purge.stats.failures).toBe(before.failures);
    });

    it('gives up after three tries, counted as one failure', async () => {
      receiver.received.length = 0;
      receiver.answer = () => 500;
      const before = { ...t.app.purge.stats };
      await savePost(editor);
      await receiver.waitFor(3);
      await t.app.purge.settled();
      expect(receiver.received).toHaveLength(3);
      expect(t.app.purge.stats.failures).toBe(before.failures + 1);
      receiver.answer = () => 200;
    });
  });

  describe('the per-page form: PURGE_URL with {path}', () => {
    const receiver = useReceiver();
    const t = useTestApp(database, {
      env: () => ({ PURGE_URL: `${receiver.origin}/purge{path}`, PURGE_METHOD: 'DELETE' }),
      build: () => ({ purgeTiming: FAST }),
    });
    let editor: TestBrowser;
    beforeAll(async () => {
      editor = await signedIn(t.app, database.db, '10.9.1.2');
    });

    it('sends one request per URL with the given method; 404 (nothing kept) is no failure', async () => {
      receiver.received.length = 0;
      // The proxy kept the post's English page only.
      receiver.answer = (request) =>
        request.url.includes('/blog/') && request.url.endsWith('lng=en') ? 200 : 404;
      const failures = t.app.purge.stats.failures;
      const { slug } = await savePost(editor);
      await receiver.waitFor(9);
      await t.app.purge.settled();
      const urls = receiver.received.map((r) => r.url);
      expect(new Set(receiver.received.map((r) => r.method))).toEqual(new Set(['DELETE']));
      expect(urls).toContain(`/purge/blog/${slug}?lng=en`);
      expect(urls).toContain(`/purge/blog/${slug}?lng=ar`);
      expect(urls).toContain('/purge/?lng=en');
      expect(urls).toContain('/purge/sitemap.xml');
      expect(urls).toContain('/purge/feed.xml?lng=ar');
      expect(new Set(urls).size).toBe(urls.length);
      expect(receiver.received.every((r) => r.authorization === undefined && r.body === '')).toBe(true);
      expect(t.app.purge.stats.failures).toBe(failures);
    });

    it('names an Arabic slug percent-encoded, as links do', async () => {
      receiver.received.length = 0;
      receiver.answer = () => 200;
      await savePost(editor, { language: 'ar', slug: 'مقالة-للتجربة', title: 'مقالة' });
      await receiver.waitFor(9);
      await t.app.purge.settled();
      expect(receiver.received.map((r) => r.url)).toContain(
        `/purge/blog/${encodeURIComponent('مقالة-للتجربة')}?lng=ar`,
      );
    });
  });

  describe('a receiver that never answers', () => {
    const receiver = useReceiver();
    const TIMEOUT_MS = 3_000;
    const t = useTestApp(database, {
      env: () => ({ PURGE_URL: `${receiver.origin}/hooks/purge` }),
      build: () => ({ purgeTiming: { batchMs: 20, retryDelaysMs: [], timeoutMs: TIMEOUT_MS } }),
    });
    let editor: TestBrowser;
    beforeAll(async () => {
      editor = await signedIn(t.app, database.db, '10.9.1.3');
      receiver.answer = () => null;
    });

    it("does not delay the write's answer", async () => {
      receiver.received.length = 0;
      const { ms } = await savePost(editor);
      expect(ms).toBeLessThan(TIMEOUT_MS / 2);
      // The purge was sent and is still waiting: it runs beside the answered write.
      await receiver.waitFor(1);
      expect(receiver.received).toHaveLength(1);
      // The same for the next write while that purge still waits.
      const next = await savePost(editor);
      expect(next.ms).toBeLessThan(TIMEOUT_MS / 2);
      await t.app.purge.settled();
      expect(t.app.purge.stats.failures).toBeGreaterThanOrEqual(1);
    });

    it('gives up at its time limit even when the garbage collector runs meanwhile', async () => {
      // Node 20 lost a time limit made by AbortSignal.timeout inside AbortSignal.any when it was collected
      // before it fired (nodejs/node#57736): the purge then waited for good. A full collection runs mid-wait.
      v8.setFlagsFromString('--expose-gc');
      const collect = vm.runInNewContext('gc') as () => void;
      receiver.received.length = 0;
      const failures = t.app.purge.stats.failures;
      await savePost(editor);
      await receiver.waitFor(1);
      collect();
      const started = performance.now();
      await t.app.purge.settled();
      expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
      expect(t.app.purge.stats.failures).toBe(failures + 1);
    });
  });

  describe('closing the app', () => {
    const receiver = useReceiver();

    it('gives purges under way a short, bounded chance, then stops', async () => {
      receiver.answer = () => null;
      const tempDir = await makeTempDir('purge');
      const app = await buildApp({
        config: testConfig({
          DATA_DIR: path.join(tempDir, 'data'),
          WEB_ROOT: tempDir,
          PURGE_URL: `${receiver.origin}/purge{path}`,
        }),
        db: database.db,
        logger: false,
        outboxTimer: false,
        retentionTimer: false,
        purgeTiming: { batchMs: 10_000, timeoutMs: 30_000, closeWaitMs: 200 },
      });
      await app.ready();
      const editor = await signedIn(app, database.db, '10.9.1.4');
      await savePost(editor);
      // The batch is still gathering: closing sends it at once, waits 200 ms for it, and cuts it.
      const started = performance.now();
      await app.close();
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(receiver.received.length).toBeGreaterThan(0);
      expect(app.purge.stats.failures).toBeGreaterThan(0);
      await rm(tempDir, { recursive: true, force: true });
    });
  });
});
