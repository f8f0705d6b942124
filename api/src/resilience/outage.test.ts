import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../db/limits';
import { createPostgresDatabase, postgres } from '../test/databases';
import {
  type Answer,
  call,
  contactForm,
  freePort,
  nextAddress,
  type ServerProcess,
  type Site,
  siteBehindProxy,
  sleep,
  startServer,
  Visitor,
} from './harness';
import type { TcpProxy } from './tcp-proxy';
import { storedContactMessages } from './workload';

/**
 * The promise made to visitors: during an outage, an answer (503) within the request's deadline (db/limits.ts:
 * a read's, or a write's for the contact form), and at once once the database is known to be unreachable.
 * The margin is for a busy machine, which may notice a deadline late, never early.
 */
const MARGIN_MS = 1000;
const answerWithin = (sample: Sample) =>
  (sample.kind === 'contact' ? REQUEST_LIMITS.writeMs : REQUEST_LIMITS.readMs) + MARGIN_MS;
/** Once the database is known to be away, a request that needs it is answered this fast (a busy machine). */
const AT_ONCE_MS = 500;
/** How long the database stays away in each phase, and how long the API may take to come back after. */
const OUTAGE_MS = 4000;
const RECOVERY_MS = 5000;
const CLIENTS = 20;

interface Sample extends Answer {
  kind: 'list' | 'post' | 'csrf' | 'contact' | 'health';
  /** Whether this request cannot be answered without the database (nothing cached can answer it). */
  needsDb: boolean;
  end: number;
}

/**
 * Visitors calling the API in closed loops: the blog list (which the read cache may answer), a post nobody
 * asked for before (the database must be asked), the contact form (a write), and the health check.
 */
async function traffic(
  base: string,
  stop: () => boolean,
  samples: Sample[],
  acked: Set<string>,
): Promise<void> {
  let serial = 0;
  const client = async (i: number) => {
    const visitor = new Visitor(base, nextAddress());
    try {
      for (let n = 0; !stop(); n++) {
        const step = (i + n) % 4;
        let kind: Sample['kind'];
        let answer: Answer;
        let needsDb = true;
        if (step === 0) {
          kind = 'list';
          needsDb = false;
          answer = await visitor.request('GET', '/api/posts?language=en&per_page=9');
        } else if (step === 1) {
          kind = 'post';
          serial += 1;
          answer = await visitor.request('GET', `/api/posts/never-asked-${serial}`);
        } else if (step === 2) {
          kind = 'contact';
          visitor.address = nextAddress();
          visitor.cookies.clear();
          visitor.csrf = '';
          // The token needs no database; the message does.
          const csrf = await visitor.fetchCsrf();
          if (csrf.status !== 200) {
            samples.push({ ...csrf, kind: 'csrf', needsDb: false, end: csrf.at + csrf.ms });
            continue;
          }
          const marker = `outage-${i}-${n}`;
          answer = await visitor.request('POST', '/api/contact', { json: contactForm(marker) });
          if (answer.status === 200) acked.add(contactForm(marker).message);
        } else {
          kind = 'health';
          answer = await call(base, { path: '/api/health' });
        }
        samples.push({ ...answer, kind, needsDb, end: answer.at + answer.ms });
        // A visitor's pace, not a benchmark: this test is about answers, not throughput.
        await sleep(20);
      }
    } finally {
      visitor.close();
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
}

/** Whether an answer is what a visitor should get with the database there. */
function healthy(sample: Sample): boolean {
  if (sample.kind === 'post')
    return sample.status === 404 && (sample.body as { message?: string })?.message !== undefined;
  return sample.status === 200;
}

/** A 503 as promised: JSON with a message (the health check says `unavailable`). */
function proper503(sample: Sample): boolean {
  if (sample.status !== 503) return false;
  const body = sample.body as { message?: unknown; status?: unknown } | null;
  return sample.kind === 'health' ? body?.status === 'unavailable' : typeof body?.message === 'string';
}

const skip = 'skip' in postgres ? postgres.skip : null;

describe.skipIf(skip !== null)(`PostgreSQL taken away under load${skip ? ` [${skip}]` : ''}`, () => {
  let site: Site | undefined;
  let server: ServerProcess | undefined;
  let proxy: TcpProxy | undefined;
  const acked = new Set<string>();

  beforeAll(async () => {
    if (!('url' in postgres)) return;
    const adminUrl = postgres.url;
    // The database is created directly; the server reaches it only through the proxy.
    const behind = await siteBehindProxy(adminUrl, () => createPostgresDatabase(adminUrl));
    site = behind.site;
    proxy = behind.proxy;
    // With e-mail notifications on, every contact message starts an outbox round: a transaction, holding a
    // pooled connection of its own, that the outage can cut in the middle. The mail server is a closed port
    // (sending fails and is retried later; the messages are stored either way).
    const smtpPort = await freePort();
    server = await startServer({
      ...behind.site,
      databaseUrl: behind.viaProxy,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await site?.remove();
  });

  async function outage(mode: 'refuse' | 'silence') {
    if (!server || !proxy) throw new Error('not started');
    const samples: Sample[] = [];
    let stopAt = Number.POSITIVE_INFINITY;
    const logged = (text: string) => server?.linesWith(text) ?? 0;
    const started = logged('database not answering');
    const ended = logged('database answering again');
    const running = traffic(server.url, () => Date.now() > stopAt, samples, acked);

    await sleep(1500);
    if (mode === 'refuse') await proxy.refuse();
    else proxy.silence();
    const down = Date.now();
    await sleep(OUTAGE_MS);
    await proxy.restore();
    const up = Date.now();
    stopAt = up + RECOVERY_MS;
    await running;

    const before = samples.filter((s) => s.end < down);
    const during = samples.filter((s) => s.at >= down && s.end < up);
    const straddling = samples.filter((s) => s.at < down && s.end >= down);
    const after = samples.filter((s) => s.at >= up);
    const report = (list: Sample[]) =>
      list
        .filter((s) => !healthy(s))
        .slice(0, 10)
        .map((s) => `${s.kind} ${s.status || s.error} in ${s.ms.toFixed(0)} ms: ${s.text.slice(0, 120)}`)
        .join('\n');

    // No request ever went unanswered, and none was a 500.
    expect(
      samples
        .filter((s) => s.status === 0 || s.status === 500)
        .map((s) => `${s.kind} ${s.status || s.error}`),
    ).toEqual([]);
    expect(before.every(healthy), report(before)).toBe(true);

    // While the database is away, every request that needs it is answered within its deadline, with a 503
    // and a JSON message (or, sent just before it came back, served); the rest (a cached list) as usual.
    const sent = samples.filter((s) => s.at >= down && s.at < up);
    const late = sent.filter((s) => s.needsDb && s.ms >= answerWithin(s));
    expect(late.map((s) => `${s.kind} ${s.status || s.error} after ${s.ms.toFixed(0)} ms`)).toEqual([]);
    const needing = during.filter((s) => s.needsDb);
    expect(needing.length).toBeGreaterThan(20);
    expect(
      needing.filter((s) => !proper503(s)).map((s) => `${s.kind} ${s.status}: ${s.text.slice(0, 100)}`),
    ).toEqual([]);
    expect(sent.filter((s) => !healthy(s) && !proper503(s)).length, report(sent)).toBe(0);
    const answered503 = samples.filter((s) => s.status === 503);
    const slowest503 = Math.max(...answered503.map((s) => s.ms));
    expect(
      answered503.filter((s) => s.ms >= answerWithin(s)).map((s) => `${s.kind} ${s.ms.toFixed(0)} ms`),
    ).toEqual([]);
    // Most were answered at once: the database was known to be away after a few requests waited for it.
    const atOnce = answered503.filter((s) => s.ms < AT_ONCE_MS).length;
    expect(atOnce).toBeGreaterThan(answered503.length / 2);
    // Requests already waiting on the database when it went away get their answer within their deadline.
    const lateInFlight = Math.max(0, ...straddling.map((s) => s.end - down - answerWithin(s)));
    expect(lateInFlight).toBe(0);
    const inFlightMs = Math.max(0, ...straddling.map((s) => s.end - down));

    // It comes back by itself (same process, no restart): the first request that needs the database is
    // served soon after, and everything is served from then on.
    const recovered = after.filter((s) => s.needsDb && healthy(s)).sort((a, b) => a.end - b.end)[0];
    expect(recovered, report(after)).toBeDefined();
    const recoveryMs = (recovered?.end ?? Number.POSITIVE_INFINITY) - up;
    expect(recoveryMs).toBeLessThan(RECOVERY_MS - 2000);
    const settled = after.filter((s) => s.at > (recovered?.end ?? 0));
    expect(settled.length).toBeGreaterThan(20);
    expect(settled.every(healthy), report(settled)).toBe(true);
    const exited = await Promise.race([server.exited, sleep(0).then(() => null)]);
    expect(exited).toBeNull();

    // The outage is logged once when it starts and once when it ends (each request is counted, not logged;
    // the count comes every 10 s, longer than this outage), not a line for each of its 503s.
    expect(logged('database not answering') - started).toBe(1);
    expect(logged('database answering again') - ended).toBe(1);
    expect(logged('"statusCode":503') + logged('health check')).toBe(0);

    const health503 = samples.filter((s) => s.kind === 'health' && s.status === 503);
    expect(health503.length).toBeGreaterThan(0);
    console.info(
      `[outage ${mode}] ${samples.length} requests; ${needing.length} needing the database during the outage, all ` +
        `503 (${atOnce} of ${answered503.length} within ${AT_ONCE_MS} ms, slowest ${slowest503.toFixed(0)} ms; in ` +
        `flight at the cut: answered within ${inFlightMs.toFixed(0)} ms); /api/health 503 ${health503.length} times (slowest ` +
        `${Math.max(...health503.map((s) => s.ms)).toFixed(0)} ms); cached list during the outage: ` +
        `${during.filter((s) => s.kind === 'list' && s.status === 200).length} x 200, ` +
        `${during.filter((s) => s.kind === 'list' && s.status === 503).length} x 503; ` +
        `first success ${recoveryMs.toFixed(0)} ms after the database came back`,
    );
  }

  it('answers 503 at once when connections are refused and cut, and recovers without a restart', async () => {
    await outage('refuse');
  });

  it('answers 503 within the deadline when the network goes silent (no refusal, no answer), then at once, and recovers', async () => {
    await outage('silence');
  });

  it('kept every contact message it acknowledged', async () => {
    if (!site) throw new Error('not started');
    expect(acked.size).toBeGreaterThan(0);
    const stored = await storedContactMessages(site.store);
    expect([...acked].filter((m) => !stored.has(m))).toEqual([]);
  });
});
