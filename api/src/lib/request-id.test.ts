import { describe, expect, it } from 'vitest';
import { TEST_API_KEY, useTestApp } from '../test/app';
import { databases, useDatabase } from '../test/databases';

/** The server's own ids: its process's random prefix, then a count. */
const OWN_ID = /^[0-9a-f]{16}-[0-9a-z]+$/;
const pglite = databases[0];
if (!pglite) throw new Error('no test database');

describe('request ids (X-Request-Id)', () => {
  const database = useDatabase(pglite, { seed: false });
  const behindProxy = useTestApp(database, { env: () => ({ TRUST_PROXY: '127.0.0.1' }) });
  const behindHops = useTestApp(database, { env: () => ({ TRUST_PROXY: '1' }) });
  const direct = useTestApp(database);

  const idOf = async (
    t: typeof direct,
    given: string | undefined,
    { url = '/api/health/live', from = '127.0.0.1' } = {},
  ) => {
    const res = await t.app.inject({
      url,
      remoteAddress: from,
      headers: { 'x-api-key': TEST_API_KEY, ...(given === undefined ? {} : { 'x-request-id': given }) },
    });
    return String(res.headers['x-request-id']);
  };

  it('keeps the id a trusted proxy sends, on every kind of answer', async () => {
    expect(await idOf(behindProxy, 'edge-7f3a.01_Z')).toBe('edge-7f3a.01_Z');
    expect(await idOf(behindProxy, 'edge-404', { url: '/api/posts/no-such-post' })).toBe('edge-404');
    expect(await idOf(behindProxy, 'edge-401', { url: '/api/contact-messages' })).toBe('edge-401');
    expect(await idOf(behindHops, 'x'.repeat(128))).toBe('x'.repeat(128));
  });

  it('makes a new one when the sender is not a trusted proxy', async () => {
    expect(await idOf(behindProxy, 'chosen-by-client', { from: '203.0.113.9' })).toMatch(OWN_ID);
    expect(await idOf(direct, 'chosen-by-client')).toMatch(OWN_ID);
  });

  it.each([
    { what: 'too long', id: 'x'.repeat(129) },
    { what: 'with spaces', id: 'two words' },
    { what: 'with other characters', id: 'id;drop' },
    { what: 'with a slash', id: '../etc' },
  ])('makes a new one when the id is $what, even from a trusted proxy', async ({ id }) => {
    expect(await idOf(behindProxy, id)).toMatch(OWN_ID);
  });

  it('gives every request without one an id of its own', async () => {
    const first = await idOf(direct, undefined);
    const second = await idOf(direct, undefined);
    expect(first).toMatch(OWN_ID);
    expect(second).toMatch(OWN_ID);
    expect(first).not.toBe(second);
    // Another process (here another app) has another prefix: ids never repeat across processes.
    const other = await idOf(behindHops, undefined);
    expect(other.split('-')[0]).not.toBe(first.split('-')[0]);
  });

  it('answers an undecodable URL with its id too', async () => {
    const res = await behindProxy.app.inject({
      url: '/api/%E0%A4%A',
      headers: { 'x-request-id': 'edge-bad-url' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-request-id']).toBe('edge-bad-url');
  });
});
