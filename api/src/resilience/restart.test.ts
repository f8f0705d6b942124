import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { createPostgresDatabase, postgres } from '../test/databases';
import { SmtpSink } from '../test/smtp';
import {
  type Answer,
  API_KEY,
  call,
  contactForm,
  makeSite,
  type ServerProcess,
  type Site,
  sleep,
  startServer,
  Tally,
} from './harness';
import {
  checkPosts,
  Ledger,
  missingMessages,
  publicSlugs,
  readStore,
  runWorkload,
  storedContactMessages,
} from './workload';

/** 50 clients at once, each on its keep-alive connection: readers, contact visitors and signed-in editors. */
const LOAD = { readers: 30, contacts: 12, editors: 8 };
/** SIGTERM once this much was acknowledged (something to lose), or after this long. */
const MESSAGES_BEFORE_STOP = 20;
const POSTS_BEFORE_STOP = 8;
const LOAD_MAX_MS = 20_000;
/**
 * READINESS_DRAIN_SECONDS of the server: readiness is 503 and everything is still served for this long before
 * the listener closes. Long enough for the probes to see it on a busy machine, short enough to keep it quick.
 */
const DRAIN_SECONDS = 2;

/** A Tally that also keeps when each request was sent and what came back. */
class TimedTally extends Tally {
  readonly answers: { kind: string; at: number; status: number; error?: string }[] = [];

  override add(kind: string, answer: Answer): void {
    super.add(kind, answer);
    this.answers.push({ kind, at: answer.at, status: answer.status, error: answer.error });
  }
}

for (const kind of ['pglite', 'postgresql'] as const) {
  const skip = kind === 'postgresql' && 'skip' in postgres ? postgres.skip : null;
  const suite = skip ? describe.skip : describe;
  suite(`SIGTERM under load, then a restart on the same data [${kind}${skip ? `: ${skip}` : ''}]`, () => {
    let site: Site | undefined;
    const servers: ServerProcess[] = [];
    const smtp = new SmtpSink();

    beforeAll(async () => {
      await smtp.start();
      site = await makeSite(kind, () =>
        'url' in postgres ? createPostgresDatabase(postgres.url) : Promise.reject(new Error('no PostgreSQL')),
      );
    });

    afterAll(async () => {
      for (const server of servers) await server.stop();
      await smtp.stop();
      await site?.remove();
    });

    it('answers every request it took, drains, exits 0, and keeps every acknowledged write', async () => {
      if (!site) throw new Error('no site');
      const first = await startServer({
        ...site,
        env: { READINESS_DRAIN_SECONDS: String(DRAIN_SECONDS), SMTP_URL: smtp.url },
      });
      servers.push(first);
      onTestFailed(() => {
        for (const server of servers)
          console.error(`[restart ${kind}] server ${server.pid}:\n${server.output()}`);
      });
      const knownSlugs = await publicSlugs(first.url);

      const tally = new TimedTally();
      const ledger = new Ledger();
      let stopped = false;
      const load = runWorkload({
        base: first.url,
        run: `restart-${kind}`,
        ...LOAD,
        tally,
        ledger,
        knownSlugs,
        stop: () => stopped,
        // Once the listener is closed, a client's next connection is refused: the load ends there.
        stopOnConnectionError: true,
      });
      const started = Date.now();
      while (
        (ledger.contactAcked.size < MESSAGES_BEFORE_STOP || ledger.ackedSlugs().length < POSTS_BEFORE_STOP) &&
        Date.now() - started < LOAD_MAX_MS
      ) {
        await sleep(50);
      }

      // A load balancer's probes, each on a new connection, readiness and liveness sent together.
      const probes: { at: number; ready: Answer; live: Answer }[] = [];
      let probing = true;
      const prober = (async () => {
        while (probing) {
          const at = Date.now();
          const [ready, live] = await Promise.all([
            call(first.url, { path: '/api/health/ready', timeoutMs: 5_000 }),
            call(first.url, { path: '/api/health/live', timeoutMs: 5_000 }),
          ]);
          probes.push({ at, ready, live });
          await sleep(50);
        }
      })();
      await sleep(200);

      const signalledAt = Date.now();
      const exit = await first.stop();
      const stopMs = Date.now() - signalledAt;
      stopped = true;
      probing = false;
      await Promise.all([load, prober]);

      expect(exit, first.output()).toEqual({ code: 0, signal: null });
      // Nothing failed: no 5xx (no 503 for requests on open connections), no refusal of a valid request.
      expect(tally.count('5xx'), tally.samples.join('\n')).toBe(0);
      expect(tally.count('4xx'), tally.samples.join('\n')).toBe(0);
      // Every request sent before the signal got its answer: none was cut or reset, however busy the server.
      const cut = tally.answers.filter((a) => a.status === 0 && a.at < signalledAt);
      expect(cut, tally.summary()).toEqual([]);
      // The only failures are connections refused once the listener closed (or a connection opened at that
      // very moment): one per client at most, since a client stops at its first.
      const failures = tally.answers.filter((a) => a.status === 0);
      for (const failure of failures) expect(['ECONNREFUSED', 'ECONNRESET']).toContain(failure.error);
      expect(failures.length).toBeLessThanOrEqual(LOAD.readers + LOAD.contacts + LOAD.editors);
      // It kept serving during the drain.
      const servedAfterSignal = tally.answers.filter(
        (a) => a.status >= 200 && a.status < 300 && a.at > signalledAt,
      );
      expect(servedAfterSignal.length, tally.summary()).toBeGreaterThan(0);

      // Readiness turned 503 stopping and never back; liveness stayed 200 while readiness said stopping.
      const stopping = probes.filter((p) => p.ready.status === 503);
      expect(
        stopping.length,
        JSON.stringify(probes.map((p) => [p.ready.status, p.live.status])),
      ).toBeGreaterThan(0);
      for (const probe of stopping) expect(probe.ready.body).toEqual({ status: 'stopping' });
      const firstStopping = probes.indexOf(stopping[0] as (typeof probes)[number]);
      expect(probes.slice(firstStopping).filter((p) => p.ready.status === 200)).toEqual([]);
      expect(stopping.some((p) => p.live.status === 200)).toBe(true);
      for (const probe of probes) expect([0, 200]).toContain(probe.live.status);

      // The outbox finished the e-mails it was sending: none is left claimed and unfinished.
      const claimed = await readStore<{ n: number | string }>(
        site.store,
        "SELECT count(*) AS n FROM contact_messages WHERE mail_status = 'pending' AND mail_attempts > 0 AND mail_last_error IS NULL",
      );
      expect(Number(claimed[0]?.n)).toBe(0);
      const mailed = await readStore<{ n: number | string }>(
        site.store,
        "SELECT count(*) AS n FROM contact_messages WHERE mail_status = 'sent'",
      );
      expect(smtp.received.length).toBeGreaterThanOrEqual(Number(mailed[0]?.n));

      // Every acknowledged contact message and post is there after the restart.
      const stored = await storedContactMessages(site.store);
      expect(missingMessages(ledger, stored)).toEqual([]);
      // And a write whose connection was reset was never taken: the server did not read it (it was still in
      // the listener's queue when that closed), so nothing of it was stored.
      const takenUnanswered = [...ledger.contactUnsure].filter((m) => stored.has(contactForm(m).message));
      expect(takenUnanswered).toEqual([]);
      const second = await startServer({ ...site, env: { SMTP_URL: smtp.url } });
      servers.push(second);
      expect((await checkPosts(second.url, ledger)).problems).toEqual([]);
      const strict = new Ledger();
      for (const [slug, entry] of ledger.posts) {
        if (entry.acked !== null) strict.posts.set(slug, { acked: entry.acked, unsure: [] });
      }
      expect((await checkPosts(second.url, strict)).problems).toEqual([]);
      const unansweredCreates = [...ledger.posts]
        .filter(([, entry]) => entry.acked === null)
        .map(([slug]) => slug);
      for (const slug of unansweredCreates) {
        expect(
          (await call(second.url, { path: `/api/posts/${slug}`, headers: { 'x-api-key': API_KEY } })).status,
        ).toBe(404);
      }
      expect((await call(second.url, { path: '/api/health/ready' })).status).toBe(200);
      expect((await second.stop()).code, second.output()).toBe(0);

      console.info(
        `[restart ${kind}] SIGTERM after ${ledger.contactAcked.size} contact messages and ` +
          `${ledger.ackedSlugs().length} posts were acknowledged; exited 0 after ${stopMs} ms ` +
          `(drain ${DRAIN_SECONDS} s); ${servedAfterSignal.length} requests served after the signal, ` +
          `${failures.length} refused after the listener closed ` +
          `(${failures.filter((f) => f.error === 'ECONNRESET').length} reset); ${stopping.length} readiness probes ` +
          `saw stopping; ${smtp.received.length} e-mails mailed; ${tally.summary()}`,
      );
    });
  });
}
