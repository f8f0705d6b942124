import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outageLog } from './db/outage-log';
import { errorHandler, isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from './errors';

const withCode = (message: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(message), fields);

/** drizzle's wrapper around the driver's error, as routes see it. */
const wrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: select 1\nparams: '), { name: 'DrizzleQueryError', cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a refused connection',
      withCode('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
    ],
    ['a reset connection', withCode('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' })],
    ['a connect timeout', withCode('connect ETIMEDOUT', { code: 'ETIMEDOUT', syscall: 'connect' })],
    [
      'an unknown database host',
      withCode('getaddrinfo ENOTFOUND db', { code: 'ENOTFOUND', syscall: 'getaddrinfo' }),
    ],
    ['pg losing its connection', new Error('Connection terminated unexpectedly')],
    ['pg-pool giving up connecting', new Error('Connection terminated due to connection timeout')],
    ['pg-pool finding no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['a query without an answer in time', new Error('Query read timeout')],
    [
      'a client that lost its connection before',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      '57P01 admin_shutdown',
      withCode('terminating connection due to administrator command', { code: '57P01' }),
    ],
    [
      '57P02 crash_shutdown',
      withCode('terminating connection because of crash of another server process', { code: '57P02' }),
    ],
    ['57P03 cannot_connect_now', withCode('the database system is starting up', { code: '57P03' })],
    ['08006 connection_failure', withCode('connection failure', { code: '08006' })],
    ['08001 sqlclient_unable_to_establish_sqlconnection', withCode('could not connect', { code: '08001' })],
    ['53300 too_many_connections', withCode('sorry, too many clients already', { code: '53300' })],
    ['57014 statement_timeout', withCode('canceling statement due to statement timeout', { code: '57014' })],
  ])('%s is an outage, bare or wrapped by drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it('sees a refused connection inside an AggregateError (a host name with several addresses)', () => {
    const inner = [
      withCode('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
    ];
    expect(isDatabaseUnavailable(wrapped(new AggregateError(inner)))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', { code: '23505' })],
    ['an undefined table', withCode('relation "nope" does not exist', { code: '42P01' })],
    ['a serialization failure', withCode('could not serialize access', { code: '40001' })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a visitor hanging up mid-upload', withCode('aborted', { code: 'ECONNRESET' })],
    ['a missing file', withCode('ENOENT: no such file', { code: 'ENOENT', syscall: 'open' })],
    ['not an error at all', 'Connection terminated'],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('does not loop on an error that is its own cause', () => {
    const error = new Error('odd') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the driver errors of a database that is gone', () => {
  let silent: Server;
  let silentPort = 0;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // Accepts connections and never answers: a database host behind a dead network.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  async function failure(pool: pg.Pool): Promise<unknown> {
    pool.on('error', () => {});
    try {
      await drizzle({ client: pool }).execute(sql`SELECT 1`);
      return null;
    } catch (err) {
      return err;
    } finally {
      await pool.end().catch(() => {});
    }
  }

  it('maps a refused connection, as pg and drizzle report it', async () => {
    // Listening then closing leaves a port nobody listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(new pg.Pool({ connectionString: `postgres://x@127.0.0.1:${port}/x` }));
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('maps a connection that never answers, once the pool gives up', async () => {
    const error = await failure(
      new pg.Pool({
        connectionString: `postgres://x@127.0.0.1:${silentPort}/x`,
        connectionTimeoutMillis: 200,
      }),
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe('errorHandler', () => {
  const app = Fastify({ logger: false });
  app.decorate('databaseOutage', outageLog(app.log));
  app.setErrorHandler(errorHandler);
  app.get('/gone', async () => {
    throw wrapped(
      withCode('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
    );
  });
  app.get('/shutdown', async () => {
    throw wrapped(withCode('terminating connection due to administrator command', { code: '57P01' }));
  });
  app.get('/duplicate', async () => {
    throw wrapped(
      withCode('duplicate key value violates unique constraint "posts_slug_unique"', { code: '23505' }),
    );
  });
  app.get('/client-error', async () => {
    // A client's fault keeps its status even when its cause looks like a network failure.
    throw Object.assign(new Error('aborted'), { statusCode: 400, code: 'ECONNRESET', syscall: 'read' });
  });
  afterAll(() => app.close());

  it.each(['/gone', '/shutdown'])('answers %s with 503, a JSON message and Retry-After', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
    expect(res.json()).toEqual({ message: 'Service Unavailable' });
  });

  it('keeps other database faults a 500 that tells nothing', async () => {
    const res = await app.inject({ url: '/duplicate' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error' });
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('keeps a client error a client error', async () => {
    const res = await app.inject({ url: '/client-error' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'aborted' });
  });
});
