import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig, useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/databases';

describeEachDatabase('health checks', (database) => {
  const t = useTestApp(database);

  it.each(['/api/health', '/api/health/ready', '/api/health/live'])(
    '%s answers 200 ok without an API key',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    },
  );

  it('never lets a proxy keep readiness or liveness', async () => {
    for (const url of ['/api/health/ready', '/api/health/live']) {
      expect((await t.app.inject({ url })).headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 503 unavailable on ready (and the first check) while the database does not answer', async () => {
    const db = t.app.db;
    const execute = db.execute;
    db.execute = (() => Promise.reject(new Error('the database is down'))) as unknown as typeof execute;
    try {
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'unavailable' });
      // Alive all the same: restarting the process would not bring the database back.
      expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      db.execute = execute;
    }
  });

  it('lists the three checks in the OpenAPI description under health, without security', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { tags?: string[]; security?: unknown } }>;
    };
    for (const path of ['/api/health', '/api/health/ready', '/api/health/live']) {
      expect(doc.paths[path]?.get?.tags).toEqual(['health']);
      expect(doc.paths[path]?.get?.security).toEqual([]);
    }
  });

  // Last: the app stays stopping.
  it('turns readiness to 503 stopping once the process is stopping, while liveness stays 200', async () => {
    t.app.lifecycle.stop();
    {
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'stopping' });
      // Every answer now tells keep-alive clients to open their next connection elsewhere.
      expect(ready.headers.connection).toBe('close');
      const live = await t.app.inject({ url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      // The first health check stays what it was: the database's.
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    }
  });

  describe('stopping with keep-alive connections', () => {
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    let release: () => void = () => {};
    beforeEach(async () => {
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      app = await buildApp({
        config: testConfig(),
        db: database.db,
        logger: false,
        outboxTimer: false,
        retentionTimer: false,
      });
      app.get('/api/health/test-slow', async () => {
        await held;
        return { done: true };
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterEach(async () => {
      release();
      await app?.close();
    });

    /** A raw keep-alive connection: what it received, and a promise of its closing. */
    async function openConnection() {
      if (!app) throw new Error('no app');
      const { port } = app.server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      const connection = { socket, received: '', closed: new Promise<void>(() => {}) };
      socket.on('data', (chunk: Buffer) => {
        connection.received += chunk.toString('utf8');
      });
      connection.closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      await new Promise((resolve) => socket.once('connect', resolve));
      return connection;
    }
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
    };

    it('answers a request on an open keep-alive connection (not 503), with Connection: close', async () => {
      const connection = await openConnection();
      connection.socket.write('GET /api/health/live HTTP/1.1\r\nHost: x\r\n\r\n');
      await until(() => connection.received.includes('{"status":"ok"}'));
      expect(connection.received.toLowerCase()).toContain('connection: keep-alive');
      connection.received = '';
      app?.lifecycle.stop();
      connection.socket.write(
        'GET /api/posts?language=en HTTP/1.1\r\nHost: x\r\nx-api-key: test-key-123\r\n\r\n',
      );
      await connection.closed;
      expect(connection.received).toMatch(/^HTTP\/1\.1 200/);
      expect(connection.received.toLowerCase()).toContain('connection: close');
    });

    it('finishes a request in flight at close(), closes its connection after it, and waits no longer', async () => {
      const connection = await openConnection();
      connection.socket.write('GET /api/health/test-slow HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const closing = app?.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const released = Date.now();
      release();
      await closing;
      await connection.closed;
      // Not the keep-alive timeout (72 s): the connection is closed once its answer is sent.
      expect(Date.now() - released).toBeLessThan(5_000);
      expect(connection.received).toMatch(/^HTTP\/1\.1 200/);
      expect(connection.received).toContain('{"done":true}');
      expect(connection.received.toLowerCase()).toContain('connection: close');
      app = undefined;
    });
  });
});
