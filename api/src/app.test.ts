import { describe, expect, it } from 'vitest';
import { TEST_API_KEY, useTestApp } from './test/app';
import { signedIn } from './test/browser';
import { describeEachDatabase } from './test/databases';

const SECRET = 'connection to 10.0.0.7 refused: password=hunter2';

describeEachDatabase('API behaviour', (database) => {
  const t = useTestApp(database, {
    prepare(app) {
      // Test-only routes: one fault, one thrown client error, inside and outside the key scope.
      app.get('/api/test/boom', async () => {
        throw new Error(SECRET);
      });
      app.get('/api/test/teapot', async () => {
        throw Object.assign(new Error('I am a teapot'), { statusCode: 418 });
      });
      app.get('/api/test/unavailable', async () => {
        throw Object.assign(new Error(SECRET), { statusCode: 503 });
      });
    },
  });

  describe('API key', () => {
    it.each([
      { method: 'GET' as const, url: '/api/services' },
      { method: 'GET' as const, url: '/api/services?language=ar' },
      { method: 'GET' as const, url: '/api/services/seo' },
      { method: 'GET' as const, url: '/api/services?language=klingon' },
      { method: 'GET' as const, url: '/api/no-such-thing' },
      { method: 'GET' as const, url: '/api' },
      { method: 'POST' as const, url: '/api/posts' },
      { method: 'DELETE' as const, url: '/api/services/seo' },
    ])(
      '$method $url answers 401 without a key, with a wrong one, and with a near miss',
      async ({ method, url }) => {
        for (const key of [
          undefined,
          'wrong',
          `${TEST_API_KEY}x`,
          TEST_API_KEY.slice(0, -1),
          TEST_API_KEY.toUpperCase(),
          '',
        ]) {
          const res = await t.app.inject({
            method,
            url,
            headers: key === undefined ? {} : { 'x-api-key': key },
          });
          expect(res.statusCode).toBe(401);
          expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(res.json()).toEqual({ message: 'Invalid or missing API key' });
        }
      },
    );

    it('takes the key from the x-api-key header only', async () => {
      const res = await t.app.inject({ url: `/api/services?x-api-key=${TEST_API_KEY}` });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('unknown API paths', () => {
    it.each([
      { method: 'GET' as const, url: '/api/nope' },
      { method: 'GET' as const, url: '/api' },
      { method: 'GET' as const, url: '/api/' },
      { method: 'GET' as const, url: '/api/services/seo/sections' },
    ])('$method $url answers 404 JSON once the key is right', async ({ method, url }) => {
      const res = await t.app.inject({ method, url, headers: { 'x-api-key': TEST_API_KEY } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    });

    it.each([
      { method: 'POST' as const, url: '/api/services' },
      { method: 'PUT' as const, url: '/api/anything/at/all' },
      { method: 'DELETE' as const, url: '/api/' },
    ])('$method $url, a write, needs an editor even where nothing is', async ({ method, url }) => {
      const res = await t.app.inject({ method, url, headers: { 'x-api-key': TEST_API_KEY } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'unauthenticated' });
    });
  });

  it('answers the health check without a key', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('hides the details of a server fault and keeps its status text only', async () => {
    const res = await t.app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error' });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('stack');
    expect(res.body).not.toMatch(/\.ts|at /);

    const unavailable = await t.app.inject({ url: '/api/test/unavailable' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({ message: 'Service Unavailable' });
  });

  it('keeps the message of a client error', async () => {
    const res = await t.app.inject({ url: '/api/test/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ message: 'I am a teapot' });
  });

  it('answers writes outside /api like every write: 401 without an editor, 404 JSON with one', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/contact' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'unauthenticated' });
    const editor = await signedIn(t.app, database.db, '10.40.0.1');
    const found = await editor.request({ method: 'POST', url: '/contact' });
    expect(found.statusCode).toBe(404);
    expect(found.json()).toEqual({ message: 'Not found' });
  });
});
