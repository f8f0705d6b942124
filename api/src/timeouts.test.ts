import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUTS } from './app';
import { useTestApp } from './test/app';
import { databases, useDatabase } from './test/databases';

const pglite = databases[0];
if (!pglite) throw new Error('no PGlite test database');

/** What a raw client hears on a connection, and after how long, once it stops writing. */
function rawExchange(port: number, writes: string[]): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('connect', () => {
      for (const chunk of writes) socket.write(chunk);
    });
    socket.on('data', (data) => {
      text += data.toString('latin1');
    });
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
  });
}

describe('request timeouts', () => {
  const database = useDatabase(pglite, { seed: false });
  // The server's rule, shortened so the test takes a second: 300 ms for the headers, 600 ms for a request.
  const t = useTestApp(database, {
    build: () => ({ timeouts: { headersMs: 300, requestMs: 600, checkEveryMs: 50 } }),
    // A route that reads its body and needs nothing else (the API's answer 401 or 403 before reading it).
    prepare: (app) => {
      app.post('/test/body', async (request) => ({ received: JSON.stringify(request.body).length }));
    },
  });
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('a website keeps seconds, not minutes', () => {
    expect(REQUEST_TIMEOUTS.headersMs).toBeLessThanOrEqual(10_000);
    expect(REQUEST_TIMEOUTS.requestMs).toBeLessThanOrEqual(30_000);
    expect(REQUEST_TIMEOUTS.checkEveryMs).toBeLessThanOrEqual(1_000);
  });

  it('answers 408 to headers that never end', async () => {
    const { text, ms } = await rawExchange(port, ['GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: a']);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(2_000);
  });

  it('answers 408 to a body shorter than its Content-Length, and to a chunked body with no end', async () => {
    const short = await rawExchange(port, [
      'POST /test/body HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
    ]);
    expect(short.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(short.ms).toBeLessThan(2_000);
    const endless = await rawExchange(port, [
      'POST /test/body HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{"\r\n',
    ]);
    expect(endless.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(endless.ms).toBeLessThan(2_000);
  });

  it('still answers a request that arrives in time', async () => {
    const { text } = await rawExchange(port, [
      'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ]);
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    const body = await rawExchange(port, [
      'POST /test/body HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    ]);
    expect(body.text).toMatch(/^HTTP\/1\.1 200 [\s\S]*"received":2/);
  });
});
