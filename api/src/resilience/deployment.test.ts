import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantName } from '../lib/storage';
import { createPostgresDatabase, postgres } from '../test/databases';
import { makeImage } from '../test/images';
import { useS3rver } from '../test/s3';
import { readMail, SmtpSink } from '../test/smtp';
import { makeRenderingWebRoot } from '../test/web-root';
import {
  type Answer,
  API_KEY,
  CROSS_PROCESS_BOUND_MS,
  call,
  contactForm,
  nextAddress,
  postForm,
  removeDir,
  type ServerProcess,
  sleep,
  startServer,
  tempDir,
  Visitor,
} from './harness';

/**
 * The deployment README describes under "Running several processes", run as it is described: two server
 * processes on one PostgreSQL database and one S3 bucket, configured by their settings alone (DATABASE_URL,
 * S3_*, SMTP_URL, MAIL_FROM, CONTACT_EMAIL, CONTACT_RATE_LIMIT, PUBLIC_ORIGIN), behind a round-robin proxy that
 * sends each request to the other process. Whatever a visitor or an editor does must not depend on which
 * process answers: sessions, images, what readers see after a write, contact e-mails and rate limits.
 *
 * The front end is the small rendering build the API suites use (test/web-root.ts), so the pages are checked
 * whether or not the site's own front end has been built.
 */
/** How often the readers look again while waiting for a write. */
const POLL_MS = 50;
const CONTACT_RATE_LIMIT = 5;
const CONTACT_MESSAGES = 10;
const BUCKET = 'deployment-images';
const METRICS_TOKEN = 'deployment-metrics-token';

/**
 * A round-robin HTTP proxy, as a load balancer without stickiness: request n goes to upstream n mod 2, whatever
 * connection it came on. It adds the client's address to X-Forwarded-For as a reverse proxy does (the servers
 * trust 127.0.0.1: see the harness) and remembers which upstream took each request.
 */
class RoundRobinProxy {
  upstreams: string[] = [];
  /** The upstream of each request, in order. */
  readonly sentTo: string[] = [];
  private server: http.Server | null = null;
  private turn = 0;

  async start(): Promise<number> {
    const server = http.createServer((req, res) => this.forward(req, res));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const upstream = this.upstreams[this.turn++ % this.upstreams.length];
    if (!upstream) {
      res.writeHead(502).end();
      return;
    }
    this.sentTo.push(upstream);
    const { connection: _connection, 'keep-alive': _keepAlive, ...headers } = req.headers;
    const forwarded = [headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const out = http.request(
      `${upstream}${req.url ?? '/'}`,
      { method: req.method, headers: { ...headers, 'x-forwarded-for': forwarded }, agent: false },
      (answer) => {
        const { connection: _c, 'keep-alive': _k, ...back } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const skip = 'skip' in postgres ? postgres.skip : null;

describe.skipIf(skip !== null)(
  `several processes on one PostgreSQL and one S3 bucket, behind a round-robin proxy${skip ? ` [${skip}]` : ''}`,
  () => {
    const s3 = useS3rver([BUCKET]);
    const sink = new SmtpSink();
    const proxy = new RoundRobinProxy();
    let database: { url: string; drop(): Promise<void> } | undefined;
    const dirs: string[] = [];
    const dataDirs: string[] = [];
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    let front = '';

    beforeAll(async () => {
      if ('skip' in postgres) return;
      database = await createPostgresDatabase(postgres.url);
      await sink.start();
      front = `http://127.0.0.1:${await proxy.start()}`;
      const webRoot = await makeRenderingWebRoot('deployment-web');
      dirs.push(webRoot);
      const env = {
        ...s3.env(BUCKET),
        SMTP_URL: sink.url,
        MAIL_FROM: 'site@agency.example',
        CONTACT_EMAIL: 'inbox@agency.example',
        CONTACT_RATE_LIMIT: String(CONTACT_RATE_LIMIT),
        PUBLIC_ORIGIN: front,
        METRICS_TOKEN,
      };
      // One after the other: the first migrates and seeds, the second finds it done. Each has a data folder of
      // its own, which must stay empty: everything they share is in the database and the bucket.
      for (const name of ['a', 'b'] as const) {
        const dataDir = await tempDir(`deployment-${name}`);
        dirs.push(dataDir);
        dataDirs.push(dataDir);
        const server = await startServer({ dataDir, databaseUrl: database.url, webRoot, env });
        if (name === 'a') a = server;
        else b = server;
      }
      proxy.upstreams = [a, b].map((server) => server?.url ?? '');
    });

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await proxy.stop();
      await sink.stop();
      await database?.drop();
      await Promise.all(dirs.map(removeDir));
    });

    const servers = () => {
      if (!a || !b) throw new Error('servers not started');
      return { a, b };
    };
    const get = (base: string, path: string): Promise<Answer> =>
      call(base, { path, headers: { 'x-api-key': API_KEY } });

    /** A visitor on `base` holding the same session and CSRF token as `other` (the same browser). */
    const sameBrowser = (other: Visitor, base: string) => {
      const visitor = new Visitor(base, other.address);
      for (const [name, value] of other.cookies) visitor.cookies.set(name, value);
      visitor.csrf = other.csrf;
      return visitor;
    };

    const slug = 'deployment-harbour-notes';
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    let version = '';

    it('a session made on one process writes on the other', async () => {
      const { a, b } = servers();
      const onA = new Visitor(a.url, '10.90.0.1');
      await onA.signIn();
      const onB = sameBrowser(onA, b.url);
      const created = await onB.request('POST', '/api/posts', {
        form: { ...postForm(slug, 'Harbour notes'), published_at: yesterday },
      });
      expect(created.status, created.text).toBe(201);
      version = (created.body as { data: { updated_at: string } }).data.updated_at;
      // And the proxy, alternating, serves the editor's reads from either process.
      const throughProxy = sameBrowser(onA, front);
      for (let i = 0; i < 2; i++) {
        const mine = await throughProxy.request('GET', `/api/posts/${slug}`);
        expect(mine.status, mine.text).toBe(200);
      }
      for (const visitor of [onA, onB, throughProxy]) visitor.close();
    });

    it('an image uploaded through one process is served, with its widths, by the other', async () => {
      const { a, b } = servers();
      const editor = new Visitor(a.url, '10.90.0.2');
      await editor.signIn();
      const bytes = await makeImage('png', { width: 900, height: 600 });
      const uploaded = await editor.request('POST', '/api/upload-image', {
        form: { poster_image: new File([new Uint8Array(bytes)], 'harbour.png', { type: 'image/png' }) },
      });
      editor.close();
      expect(uploaded.status, uploaded.text).toBe(201);
      const url = uploaded.body as string;
      const name = url.replace('/storage/poster_images/', '');
      const image = await get(b.url, url);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      const width = `/storage/poster_images/${variantName(name, 480)}`;
      const made = await get(b.url, width);
      expect(made.status).toBe(200);
      expect(made.headers['content-type']).toBe('image/webp');
      // Made by B into the bucket, so A serves it as well; neither wrote anything into its own folder.
      expect((await get(a.url, width)).status).toBe(200);
      expect(await s3.names(BUCKET)).toEqual(expect.arrayContaining([name, variantName(name, 480)]));
      for (const dir of dataDirs) {
        const files = await readdir(dir, { recursive: true }).catch(() => []);
        expect(
          files.filter((file) => file.endsWith('.webp')),
          dir,
        ).toEqual([]);
      }
    });

    it(`a rename on one process reaches every process's reads, pages, sitemap and feed within ${CROSS_PROCESS_BOUND_MS} ms`, async () => {
      const { a, b } = servers();
      const list = '/api/posts?language=en&per_page=50';
      const sitemapLastmod = (text: string) =>
        new RegExp(`/blog/${slug}</loc>\\s*<lastmod>([^<]+)</lastmod>`).exec(text)?.[1] ?? null;
      // Every address a reader may ask, read twice on each process (and through the proxy) so that each keeps it.
      const reads = [
        { what: 'post', path: `/api/posts/${slug}` },
        { what: 'list', path: list },
        { what: 'page', path: `/blog/${slug}` },
        { what: 'sitemap', path: '/sitemap.xml' },
        { what: 'feed', path: '/feed.xml?lng=en' },
      ];
      const targets = [
        { where: 'A', base: a.url },
        { where: 'B', base: b.url },
        { where: 'proxy', base: front },
      ];
      let oldLastmod: string | null = null;
      for (const { base } of targets) {
        for (const { what, path } of reads) {
          for (let i = 0; i < 2; i++) {
            const answer = await get(base, path);
            expect(answer.status, `${what} ${path}`).toBe(200);
            if (what === 'sitemap') {
              oldLastmod = sitemapLastmod(answer.text);
              expect(oldLastmod, 'the post is in the sitemap').not.toBeNull();
            } else expect(answer.text, `${what} ${path}`).toContain('Harbour notes');
          }
        }
      }

      const editor = new Visitor(a.url, '10.90.0.3');
      await editor.signIn();
      const renamed = await editor.request('PUT', `/api/posts/${slug}`, {
        form: { ...postForm(slug, 'Lighthouse notes', version), published_at: yesterday },
      });
      const answeredAt = Date.now();
      editor.close();
      expect(renamed.status, renamed.text).toBe(200);

      const isNew = (what: string, answer: Answer) =>
        answer.status === 200 &&
        (what === 'sitemap'
          ? sitemapLastmod(answer.text) !== oldLastmod
          : !answer.text.includes('Harbour notes') && answer.text.includes('Lighthouse notes'));
      /**
       * Polls one address until it answers the new version: how long after the write's answer that answer came,
       * and how many answers still had the old one. An old answer that comes after the bound is a failure (null);
       * a new one that a busy machine is slow to send is not.
       */
      const lag = async (base: string, what: string, path: string) => {
        for (let stale = 0; ; stale++) {
          const answer = await get(base, path);
          const ms = Date.now() - answeredAt;
          if (isNew(what, answer)) return { ms, stale };
          if (ms > CROSS_PROCESS_BOUND_MS) return { ms: null, stale };
          await sleep(POLL_MS);
        }
      };
      const lags = await Promise.all(
        targets.flatMap(({ where, base }) =>
          reads.map(async ({ what, path }) => ({ where, what, ...(await lag(base, what, path)) })),
        ),
      );
      console.info(
        `[deployment] the rename reached (ms, old answers before): ${lags
          .map((l) => `${l.where} ${l.what} ${l.ms ?? 'never'}/${l.stale}`)
          .join(', ')}`,
      );
      for (const l of lags) {
        expect(l.ms, `${l.where} ${l.what} within ${CROSS_PROCESS_BOUND_MS} ms`).not.toBeNull();
        // The process that took the write dropped what it changed before answering it.
        if (l.where === 'A') expect(l.stale, `A ${l.what}: no old answer after the write's`).toBe(0);
      }
      // And stays new: no process goes back to the old version (twice through the proxy: both processes).
      for (const { where, base } of [...targets, { where: 'proxy again', base: front }]) {
        for (const { what, path } of reads) {
          expect(isNew(what, await get(base, path)), `${where} ${what} afterwards`).toBe(true);
        }
      }
    });

    it('contact messages sent through both processes are each mailed exactly once', async () => {
      const { a, b } = servers();
      const markers = Array.from({ length: CONTACT_MESSAGES }, (_, i) => `deployment-contact-${i}`);
      const mailsBefore = sink.received.length;
      const requestsBefore = proxy.sentTo.length;
      // All at once, so that both processes' outboxes claim messages at the same time.
      const answers = await Promise.all(
        markers.map(async (marker) => {
          const visitor = new Visitor(front, nextAddress());
          await visitor.fetchCsrf();
          const answer = await visitor.request('POST', '/api/contact', { json: contactForm(marker) });
          visitor.close();
          return answer;
        }),
      );
      for (const answer of answers) expect(answer.status, answer.text).toBe(200);
      // The proxy took them (and their tokens) to both processes.
      expect(new Set(proxy.sentTo.slice(requestsBefore))).toEqual(new Set([a.url, b.url]));

      const mailed = () => sink.received.slice(mailsBefore).map((mail) => readMail(mail).text);
      const recipients = () => new Set(sink.received.slice(mailsBefore).flatMap((mail) => mail.to));
      const started = Date.now();
      while (mailed().length < CONTACT_MESSAGES && Date.now() - started < 30_000) await sleep(100);
      // Long enough for a second send of any of them by the other process's round.
      await sleep(2_000);
      const texts = mailed();
      for (const marker of markers) {
        expect(texts.filter((text) => text.includes(marker)).length, marker).toBe(1);
      }
      expect(texts).toHaveLength(CONTACT_MESSAGES);
      expect(recipients()).toEqual(new Set(['<inbox@agency.example>']));
      // Both processes ran their outbox; together they sent each message once.
      const sent = async (server: ServerProcess) => {
        const metrics = await call(server.url, {
          path: '/metrics',
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        return Number(/^outbox_sends_total (\d+)/m.exec(metrics.text)?.[1] ?? Number.NaN);
      };
      const [byA, byB] = [await sent(a), await sent(b)];
      console.info(`[deployment] contact e-mails sent by A ${byA}, by B ${byB}`);
      expect(byA + byB).toBe(CONTACT_MESSAGES);
    });

    it(`the contact rate limit counts one address's messages on both processes (${CONTACT_RATE_LIMIT} in 15 minutes)`, async () => {
      const { a, b } = servers();
      const address = '10.91.0.1';
      const onA = new Visitor(a.url, address);
      await onA.fetchCsrf();
      const onB = sameBrowser(onA, b.url);
      const statuses: number[] = [];
      for (let i = 0; i <= CONTACT_RATE_LIMIT; i++) {
        const visitor = i % 2 === 0 ? onA : onB;
        const answer = await visitor.request('POST', '/api/contact', {
          json: contactForm(`deployment-limit-${i}`),
        });
        statuses.push(answer.status);
      }
      onA.close();
      onB.close();
      expect(statuses).toEqual([...Array.from({ length: CONTACT_RATE_LIMIT }, () => 200), 429]);
    });
  },
);
