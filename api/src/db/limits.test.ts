import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../errors';
import { TcpProxy } from '../resilience/tcp-proxy';
import { createPostgresDatabase, postgres } from '../test/databases';
import { createDb, type DbHandle } from './client';
import { REQUEST_LIMITS, withQueryDeadline } from './limits';

const skip = 'skip' in postgres ? postgres.skip : null;

/** Runs `work` and answers how long it took and how it ended. */
async function timed(work: () => Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = performance.now();
  try {
    await work();
    return { ms: performance.now() - started, error: null };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A read's deadline, as a GET request has it. */
const READ_MS = REQUEST_LIMITS.readMs;
const asRead = <T>(work: () => Promise<T>) => withQueryDeadline(READ_MS, work);

/** The request pool's limits, on PostgreSQL reached through a proxy the test can cut or silence. */
describe.skipIf(skip !== null)(`PostgreSQL pool limits${skip ? ` [${skip}]` : ''}`, () => {
  let proxy: TcpProxy;
  let database: { url: string; drop(): Promise<void> } | undefined;
  let handle: DbHandle | undefined;

  beforeAll(async () => {
    if (!('url' in postgres)) return;
    const target = new URL(postgres.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    database = await createPostgresDatabase(postgres.url);
    const url = new URL(database.url);
    url.host = `127.0.0.1:${proxy.port}`;
    handle = await createDb({ kind: 'postgres', url: url.toString() });
  });

  afterAll(async () => {
    await handle?.close();
    await proxy?.close();
    await database?.drop();
  });

  const db = () => {
    if (!handle) throw new Error('not open');
    return handle.db;
  };

  /** Starts a query, lets it go out, then blocks the event loop past the limit while the answer comes. */
  async function queryDuringStall(run: () => Promise<unknown>): Promise<unknown> {
    const outcome = run().then(
      () => null,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setImmediate(resolve));
    const until = Date.now() + READ_MS + 400;
    while (Date.now() < until) {
      // A busy process: the answer waits, unread, in the socket.
    }
    return outcome;
  }

  it('is not fooled by a busy process: an answer that arrived while the event loop was blocked counts', async () => {
    if (!database) throw new Error('not open');
    await db().execute(sql`SELECT 1`);
    // pg's own query_timeout, a plain timer, takes the stall for a database that did not answer...
    const plain = new pg.Pool({ connectionString: database.url, query_timeout: READ_MS });
    try {
      await plain.query('SELECT 1');
      expect(await queryDuringStall(() => plain.query('SELECT 1'))).toMatchObject({
        message: 'Query read timeout',
      });
    } finally {
      await plain.end();
    }
    // ...the request pool reads the answer first.
    expect(
      await queryDuringStall(() => asRead(() => Promise.resolve(db().execute(sql`SELECT 1`)))),
    ).toBeNull();
  });

  it('stops a statement that runs past its deadline, with an error that maps to 503', async () => {
    const result = await timed(() => asRead(() => Promise.resolve(db().execute(sql`SELECT pg_sleep(3)`))));
    expect(isDatabaseUnavailable(result.error)).toBe(true);
    // Generous: a busy machine may be slow to notice the deadline, never early.
    expect(result.ms).toBeGreaterThanOrEqual(READ_MS - 50);
    expect(result.ms).toBeLessThan(READ_MS + 1000);
  });

  it('fails only the request that waited too long: a slow database is not a down one', async () => {
    const slow = await timed(() => asRead(() => Promise.resolve(db().execute(sql`SELECT pg_sleep(3)`))));
    expect(isDatabaseUnavailable(slow.error)).toBe(true);
    // The next requests are served, not refused at once as if the database were gone.
    const next = await Promise.all(
      Array.from({ length: 5 }, () =>
        timed(() => asRead(() => Promise.resolve(db().execute(sql`SELECT 1`)))),
      ),
    );
    expect(next.map((r) => r.error)).toEqual([null, null, null, null, null]);
  });

  it('waits through a stall shorter than the deadline: every query is answered', async () => {
    await db().execute(sql`SELECT 1`);
    proxy.delay();
    const queries = Promise.all(
      Array.from({ length: 20 }, () =>
        timed(() => asRead(() => Promise.resolve(db().execute(sql`SELECT 1`)))),
      ),
    );
    await sleep(900);
    await proxy.restore();
    const results = await queries;
    expect(results.map((r) => r.error)).toEqual(results.map(() => null));
  });

  it('lets start-up work run as long as it needs', async () => {
    if (!handle) throw new Error('not open');
    const setupDb = handle.setupDb;
    const result = await timed(() => setupDb.execute(sql`SELECT pg_sleep(1.2)`));
    expect(result.error).toBeNull();
  });

  it('survives a connection cut in the middle of a transaction: the transaction fails, the process lives', async () => {
    const result = await timed(() =>
      db().transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await proxy.refuse();
        await sleep(50);
        await tx.execute(sql`SELECT 1`);
      }),
    );
    expect(isDatabaseUnavailable(result.error)).toBe(true);
    await proxy.restore();
    await expect
      .poll(() => timed(() => db().execute(sql`SELECT 1`)).then((r) => r.error), { timeout: 3000 })
      .toBeNull();
  });

  it('holds a read waiting for a connection to its deadline when every connection is stuck on a silent network', async () => {
    await db().execute(sql`SELECT 1`);
    proxy.silence();
    // Writes (the longer deadline) take every connection of the pool...
    const writes = Array.from({ length: 10 }, () =>
      timed(() => Promise.resolve(db().execute(sql`SELECT 1`))),
    );
    await sleep(100);
    // ...and reads wait for one: they fail at their own deadline, not the writes'.
    const reads = await Promise.all(
      Array.from({ length: 3 }, () =>
        timed(() => asRead(() => Promise.resolve(db().execute(sql`SELECT 1`)))),
      ),
    );
    expect(reads.every((r) => isDatabaseUnavailable(r.error))).toBe(true);
    expect(Math.max(...reads.map((r) => r.ms))).toBeLessThan(READ_MS + 1000);
    // Three waits with no answer at all: the database is unreachable, and the writes are let go at once.
    const written = await Promise.all(writes);
    expect(written.every((r) => isDatabaseUnavailable(r.error))).toBe(true);
    expect(Math.max(...written.map((r) => r.ms))).toBeLessThan(REQUEST_LIMITS.writeMs);
    await proxy.restore();
    await expect
      .poll(() => timed(() => db().execute(sql`SELECT 1`)).then((r) => r.error), { timeout: 5000 })
      .toBeNull();
  });

  it('after a run of timeouts on a silent network, answers at once while it stays away, and recovers', async () => {
    await db().execute(sql`SELECT 1`);
    proxy.silence();
    // Pooled connections that no longer answer, then new connections that are never answered: each waits
    // out its deadline, and after a few in a row the database counts as unreachable.
    const many = await Promise.all(
      Array.from({ length: 30 }, () =>
        timed(() => asRead(() => Promise.resolve(db().execute(sql`SELECT 1`)))),
      ),
    );
    expect(many.every((r) => isDatabaseUnavailable(r.error))).toBe(true);
    expect(Math.max(...many.map((r) => r.ms))).toBeLessThan(READ_MS + 1000);
    // From then on nobody waits.
    const later = await Promise.all(
      Array.from({ length: 30 }, () =>
        timed(() => asRead(() => Promise.resolve(db().execute(sql`SELECT 1`)))),
      ),
    );
    expect(later.every((r) => isDatabaseUnavailable(r.error))).toBe(true);
    // Far below the deadline, with a margin for a busy machine.
    expect(Math.max(...later.map((r) => r.ms))).toBeLessThan(READ_MS / 2);

    await proxy.restore();
    const back = performance.now();
    await expect
      .poll(() => timed(() => db().execute(sql`SELECT 1`)).then((r) => r.error), { timeout: 5000 })
      .toBeNull();
    expect(performance.now() - back).toBeLessThan(3000);
  });
});
