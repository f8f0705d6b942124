import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { createPostgresDatabase, postgres } from '../test/databases';
import { makeSite, type ServerProcess, type Site, startServer, Tally } from './harness';
import {
  checkPosts,
  Ledger,
  missingMessages,
  publicSlugs,
  runWorkload,
  storedContactMessages,
} from './workload';

/**
 * 15 s in CI (LOAD_SECONDS changes it): thousands of requests of every kind on each database, and every check
 * below (no error of any kind, every acknowledged write kept) is the same whatever the length. It was 30 s.
 */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
const CLIENTS = { readers: 50, contacts: 30, editors: 20 };

for (const kind of ['pglite', 'postgresql'] as const) {
  const skip = kind === 'postgresql' && 'skip' in postgres ? postgres.skip : null;
  const suite = skip ? describe.skip : describe;
  suite(`100 clients for ${SECONDS} s against a server process [${kind}${skip ? `: ${skip}` : ''}]`, () => {
    let site: Site | undefined;
    let server: ServerProcess | undefined;

    beforeAll(async () => {
      site = await makeSite(kind, () =>
        'url' in postgres ? createPostgresDatabase(postgres.url) : Promise.reject(new Error('no PostgreSQL')),
      );
      server = await startServer(site);
    });

    afterAll(async () => {
      await server?.stop();
      await site?.remove();
    });

    it('answers every request without an error, and keeps every acknowledged write', async () => {
      if (!site || !server) throw new Error('not started');
      const running = server;
      onTestFailed(() => console.error(`[load ${kind}] server output:\n${running.output()}`));
      const tally = new Tally();
      const ledger = new Ledger();
      const knownSlugs = await publicSlugs(server.url);
      const started = Date.now();
      await runWorkload({
        base: server.url,
        run: `load-${kind}`,
        ...CLIENTS,
        tally,
        ledger,
        knownSlugs,
        stop: () => Date.now() - started > SECONDS * 1000,
      });
      const seconds = (Date.now() - started) / 1000;
      console.info(`[load ${kind}] ${(tally.total / seconds).toFixed(0)} requests/s; ${tally.summary()}`);

      // Nothing failed: no 5xx, no refused or reset connection, no timeout. No 4xx either: every contact
      // message comes from its own visitor address (the limit is 10 per address per 15 minutes, so it never
      // trips), every editor renames only its own posts with the version it was given (no 409), and every
      // post read asks for a slug that exists.
      expect(tally.count('error'), tally.samples.join('\n')).toBe(0);
      expect(tally.count('5xx'), tally.samples.join('\n')).toBe(0);
      expect(tally.count('4xx'), tally.samples.join('\n')).toBe(0);
      // It really was load: every kind of request was served, many times.
      for (const kind of [
        'list en',
        'list en p2',
        'list ar',
        'post read',
        'contact',
        'post create',
        'post update',
      ])
        expect(tally.byKind.get(kind)?.size, kind).toBeGreaterThan(0);
      expect(tally.total).toBeGreaterThan(SECONDS * 20);

      // Every acknowledged post is public, with the last title it was acknowledged with.
      const posts = await checkPosts(server.url, ledger);
      expect(posts.problems).toEqual([]);
      expect(posts.checked).toBeGreaterThan(0);

      // Every acknowledged contact message is in the database (PGlite's folder is read once the server is
      // stopped: one process owns it).
      const exit = await server.stop();
      expect(exit.code, server.output()).toBe(0);
      const stored = await storedContactMessages(site.store);
      expect(missingMessages(ledger, stored)).toEqual([]);
      expect(ledger.contactAcked.size).toBeGreaterThan(0);
      console.info(
        `[load ${kind}] ${posts.checked} posts and ${ledger.contactAcked.size} contact messages acknowledged, all found`,
      );
    });
  });
}
