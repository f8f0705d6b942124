import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { createPostgresDatabase, postgres } from '../test/databases';
import {
  API_KEY,
  call,
  contactForm,
  type Exit,
  makeSite,
  nextAddress,
  type ServerProcess,
  type Site,
  siteBehindProxy,
  sleep,
  spawnServer,
  startServer,
  Tally,
  Visitor,
  waitUntilServing,
} from './harness';
import type { TcpProxy } from './tcp-proxy';
import {
  checkPosts,
  Ledger,
  missingMessages,
  publicSlugs,
  runWorkload,
  storedContactMessages,
} from './workload';

/** Writers during the burst: contact visitors and signed-in editors. */
const BURST = { readers: 0, contacts: 20, editors: 10 };
/** Kill once this many messages and posts were acknowledged (something to lose), or after this long. */
const MESSAGES_BEFORE_KILL = 40;
const POSTS_BEFORE_KILL = 15;
const BURST_MAX_MS = 20_000;

for (const kind of ['pglite', 'postgresql'] as const) {
  const skip = kind === 'postgresql' && 'skip' in postgres ? postgres.skip : null;
  const suite = skip ? describe.skip : describe;
  suite(`kill -9 in a write burst, then a restart on the same data [${kind}${skip ? `: ${skip}` : ''}]`, () => {
    let site: Site | undefined;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      site = await makeSite(kind, () =>
        'url' in postgres ? createPostgresDatabase(postgres.url) : Promise.reject(new Error('no PostgreSQL')),
      );
    });

    afterAll(async () => {
      for (const server of servers) await server.stop();
      await site?.remove();
    });

    it('keeps every acknowledged post and contact message, and restarts by itself', async () => {
      if (!site) throw new Error('no site');
      const first = await startServer(site);
      servers.push(first);
      onTestFailed(() => {
        for (const server of servers)
          console.error(`[crash ${kind}] server ${server.pid}:\n${server.output()}`);
      });
      const knownSlugs = await publicSlugs(first.url);

      const tally = new Tally();
      const ledger = new Ledger();
      let killed = false;
      const burst = runWorkload({
        base: first.url,
        run: `crash-${kind}`,
        ...BURST,
        tally,
        ledger,
        knownSlugs,
        stop: () => killed,
        stopOnConnectionError: true,
      });
      const started = Date.now();
      while (
        (ledger.contactAcked.size < MESSAGES_BEFORE_KILL || ledger.ackedSlugs().length < POSTS_BEFORE_KILL) &&
        Date.now() - started < BURST_MAX_MS
      ) {
        await sleep(50);
      }
      // In the middle of the burst: requests are in flight, some writes half done.
      const exit = await first.kill();
      killed = true;
      await burst;
      expect(exit.signal).toBe('SIGKILL');
      // Before the kill, everything was answered as usual; the requests cut by it got no answer at all.
      expect(tally.count('5xx'), tally.samples.join('\n')).toBe(0);
      expect(tally.count('4xx'), tally.samples.join('\n')).toBe(0);
      const acknowledged = ledger.contactAcked.size + ledger.ackedSlugs().length;
      expect(acknowledged).toBeGreaterThan(0);

      const lock = path.join(site.dataDir, 'pglite', 'agency.pid');
      if (kind === 'pglite') {
        // The killed process left its claim on the folder (and PGlite its own postmaster.pid).
        expect((await readFile(lock, 'utf8')).split(' ')[0]).toBe(String(first.pid));
      }

      // The same command starts again on the same data, with nobody clearing anything by hand.
      const restartedAt = Date.now();
      const second = await startServer(site);
      servers.push(second);
      const restartMs = Date.now() - restartedAt;

      const posts = await checkPosts(second.url, ledger);
      expect(posts.problems).toEqual([]);

      if (kind === 'pglite') {
        // A second process on the live folder is refused, saying who holds it, and harms nothing.
        const intruder = await spawnServer({ ...site });
        servers.push(intruder);
        const refused = await intruder.exited;
        expect(refused.code).toBe(1);
        expect(intruder.output()).toContain(`is in use by process ${second.pid}`);
        expect((await readFile(lock, 'utf8')).split(' ')[0]).toBe(String(second.pid));
        expect((await call(second.url, { path: '/api/health' })).status).toBe(200);
      }

      const stopped = await second.stop();
      expect(stopped.code, second.output()).toBe(0);
      if (kind === 'pglite') expect(existsSync(lock)).toBe(false);
      const stored = await storedContactMessages(site.store);
      expect(missingMessages(ledger, stored)).toEqual([]);

      // Started once more after a clean stop: still all there.
      const third = await startServer(site);
      servers.push(third);
      expect((await checkPosts(third.url, ledger)).problems).toEqual([]);
      await waitUntilServing(third);

      console.info(
        `[crash ${kind}] killed after ${ledger.contactAcked.size} contact messages and ` +
          `${ledger.ackedSlugs().length} posts were acknowledged (${ledger.contactUnsure.size} messages and ` +
          `${[...ledger.posts.values()].filter((p) => p.unsure.length > 0).length} post writes in flight); ` +
          `restarted and serving in ${restartMs} ms; all ${acknowledged} acknowledged writes found` +
          (kind === 'pglite' ? '; a second process on the folder was refused' : ''),
      );
    });
  });
}

/**
 * Kills during the first creation of the embedded database, each after its own pause (ms) once it began. Each
 * start takes seconds to reach the creation (tsx compiles the server), and the last one makes the database
 * whole: four keep the test under a minute on a busy machine.
 */
const CREATION_KILL_DELAYS = [0, 900, 300, 1_800];

describe('kill -9 while PGlite makes its first database, again and again, then a start [pglite]', () => {
  let site: Site | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    // initdb's own making of the database (the first-start files would make it a copy): what is cut here.
    site = {
      ...(await makeSite('pglite', () => Promise.reject(new Error('PGlite only')))),
      firstStartFiles: false,
    };
  });

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await site?.remove();
  });

  it('starts again every time on what the killed start left, with nobody clearing anything', async () => {
    if (!site) throw new Error('no site');
    const folder = path.join(site.dataDir, 'pglite');
    onTestFailed(() => {
      for (const server of servers)
        console.error(`[first creation] server ${server.pid}:\n${server.output()}`);
    });
    let cut = 0;
    for (const delay of CREATION_KILL_DELAYS) {
      const server = await spawnServer(site);
      servers.push(server);
      // This start's own staging folder appears once it has cleared what earlier starts left and begun
      // making the database: a start that failed on the leftovers exits before that.
      let exit: Exit | null = null;
      void server.exited.then((e) => {
        exit = e;
      });
      const mine = `.initdb-${server.pid}-`;
      while (!exit && !(await readdir(folder).catch(() => [])).some((name) => name.startsWith(mine))) {
        await sleep(20);
      }
      expect(exit, server.output()).toBeNull();
      await sleep(delay);
      if (existsSync(path.join(folder, 'PG_VERSION'))) {
        // Made before the kill (a fast machine): the next start must meet a creation cut short again.
        await server.stop();
        await rm(folder, { recursive: true, force: true });
        continue;
      }
      expect((await server.kill()).signal, server.output()).toBe('SIGKILL');
      cut++;
    }
    // Most kills landed in the creation, or the test proved nothing.
    expect(cut).toBeGreaterThanOrEqual(CREATION_KILL_DELAYS.length / 2);

    const last = await startServer(site);
    servers.push(last);
    expect((await call(last.url, { path: '/api/health' })).status).toBe(200);
    expect((await readdir(folder)).filter((name) => name.startsWith('.initdb-'))).toEqual([]);
    expect((await last.stop()).code, last.output()).toBe(0);
    console.info(`[first creation] ${cut} starts killed while making the database; the next one served`);
  });
});

/** README, Operations: how long a SIGTERM may take before the process exits anyway (api/src/server.ts). */
const SHUTDOWN_DEADLINE_MS = 10_000;
/**
 * The deadline (SHUTDOWN_DEADLINE_SECONDS) of the server whose request is still running when it passes: the
 * test waits it out in full, and 3 s shows the same as the default 10 s, 7 s sooner.
 */
const SHORT_DEADLINE_MS = 3_000;
/** README, Operations: the exit status when that deadline passed with work unfinished. */
const EXIT_UNFINISHED = 3;

{
  const skip = 'skip' in postgres ? postgres.skip : null;
  const suite = skip ? describe.skip : describe;
  suite(`SIGTERM: the shutdown deadline and its exit status [postgresql${skip ? `: ${skip}` : ''}]`, () => {
    let site: Site | undefined;
    let proxy: TcpProxy | undefined;
    let server: ServerProcess | undefined;

    beforeAll(async () => {
      if (!('url' in postgres)) return;
      const adminUrl = postgres.url;
      const behind = await siteBehindProxy(adminUrl, () => createPostgresDatabase(adminUrl));
      proxy = behind.proxy;
      // The server is started on the proxy's address alone.
      site = { ...behind.site, databaseUrl: behind.viaProxy };
    });

    afterAll(async () => {
      await server?.kill();
      await proxy?.close();
      await site?.remove();
    });

    it('exits 0 within the deadline: every acknowledged write is in PostgreSQL already', async () => {
      if (!site || !proxy) throw new Error('no site');
      server = await startServer(site);
      // Connections in the pools and the listener, then the network goes silent under all of them.
      const visitor = new Visitor(server.url, nextAddress());
      expect((await visitor.fetchCsrf()).status).toBe(200);
      const sent = await visitor.request('POST', '/api/contact', { json: contactForm('before-sigterm') });
      expect(sent.status, sent.text).toBe(200);
      expect((await call(server.url, { path: '/api/posts?language=en' })).status).not.toBe(0);
      proxy.silence();
      // Visitors asking meanwhile: requests in flight, waiting on the database, when the signal comes.
      const inFlight = [1, 2, 3].map((n) =>
        call(server?.url ?? '', {
          path: `/api/posts/asked-during-silence-${n}`,
          headers: { 'x-api-key': API_KEY },
        }),
      );
      await sleep(100);
      const started = Date.now();
      const exit = await server.stop();
      // Each got an answer (a 503 once its limit passed), or its connection was closed: none is left hanging.
      for (const answer of await Promise.all(inFlight)) expect([0, 503]).toContain(answer.status);
      const ms = Date.now() - started;
      expect(exit, server.output()).toEqual({ code: 0, signal: null });
      // The deadline is an upper bound, not the expected time: nothing was in flight, so nothing is waited for.
      // A busy machine gets a few seconds more to run the process's exit.
      expect(ms).toBeLessThan(SHUTDOWN_DEADLINE_MS + 3_000);
      console.info(`[sigterm] exited 0 after ${ms} ms with PostgreSQL silent`);
    });

    it(`exits ${EXIT_UNFINISHED} when a request is still running at the deadline`, async () => {
      if (!site || !proxy) throw new Error('no site');
      await proxy.restore();
      server = await startServer({
        ...site,
        env: { SHUTDOWN_DEADLINE_SECONDS: String(SHORT_DEADLINE_MS / 1000) },
      });
      // A visitor on a slow line: the request's headers came, its body trickles (a request has 30 s in all).
      const socket = connect(server.port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.on('error', () => {});
      socket.write(
        'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          `x-api-key: ${API_KEY}\r\nContent-Length: 1000\r\n\r\n{"name":`,
      );
      const trickle = setInterval(() => socket.write(' '), 500);
      try {
        await sleep(200);
        const started = Date.now();
        const exit = await server.stop();
        const ms = Date.now() - started;
        expect(exit, server.output()).toEqual({ code: EXIT_UNFINISHED, signal: null });
        // It waited for the request as long as the deadline allows, and not much longer (a busy machine's margin).
        expect(ms).toBeGreaterThanOrEqual(SHORT_DEADLINE_MS - 500);
        expect(ms).toBeLessThan(SHORT_DEADLINE_MS + 3_000);
        expect(server.output()).toContain('shutdown deadline passed');
      } finally {
        clearInterval(trickle);
        socket.destroy();
      }
    });
  });
}
