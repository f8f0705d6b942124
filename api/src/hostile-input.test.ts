import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { CHARACTER_INVALID } from './errors';
import { TEST_API_KEY, useTestApp } from './test/app';
import { multipart, signedIn, TestBrowser } from './test/browser';
import { describeEachDatabase } from './test/databases';
import { insertPosts } from './test/posts';

/**
 * Hostile input, as a client that does not play by the rules sends it: every route, anonymous and signed
 * in, with the classes of input that once reached a 500 (U+0000 in text, numbers that are not finite,
 * multipart bodies without a boundary) and with values generated for every query, path, header and body
 * field. Nothing may answer 5xx, every JSON error has the documented shape, and the server answers normally
 * afterwards.
 */

const POST_TEXT_FIELDS = ['title', 'slug', 'description', 'content', 'seo_title', 'seo_description'] as const;
const CONTACT_FIELDS = [
  'name',
  'email',
  'phone',
  'countryCode',
  'business',
  'service',
  'plan',
  'message',
] as const;
const QUERY_NAMES = ['page', 'per_page', 'language', 'q', 'translation', 'lng', 'draft', 'status', 'service'];
const HEADER_NAMES = ['accept-language', 'if-none-match', 'x-api-key', 'accept-encoding', 'origin', 'range'];

/** Values no route expects: generated (fixed seed, so a failure can be replayed), and the known troublemakers. */
function hostileValues(count: number, seed: number): string[] {
  const known = fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '1e309',
    'Infinity',
    '-Infinity',
    'NaN',
    '-1',
    '0',
    '9'.repeat(40),
    '%',
    '%00',
    '%E0%A4%A',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '\uD800',
    ' ',
    'x'.repeat(5000),
    '{"a":',
    'ar',
    'missing',
  );
  const generated = fc.oneof(
    known,
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer().map(String),
    fc.double().map(String),
  );
  return fc.sample(generated, { numRuns: count, seed });
}

/** A header value a client can put on the wire (no control characters, Latin-1 only). */
const asHeaderValue = (value: string) => value.replace(/[^\x20-\x7e]/g, '') || 'x';

function pathWith(url: string, value: string): string {
  return url.replace(/:[^/]+/g, encodeURIComponent(value)).replace(/\*$/, encodeURIComponent(value));
}

/** A built front end as small as it gets (root-config's page alone): the site's pages answer from it. */
function minimalWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'hostile-web-'));
  mkdirSync(path.join(root, 'root-config', 'dist'), { recursive: true });
  writeFileSync(
    path.join(root, 'root-config', 'dist', 'index.html'),
    '<!doctype html><html lang="en"><head><title>Agency</title><!--app-meta--></head>' +
      '<body><div id="site-header"></div><main id="main-content"></main><div id="site-footer"></div></body></html>',
  );
  return root;
}

describeEachDatabase('hostile input', (database) => {
  const webRoot = minimalWebRoot();
  const t = useTestApp(database, { env: () => ({ WEB_ROOT: webRoot }) });
  let editor: TestBrowser;
  let sent = 0;

  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.66.0.1');
    await insertPosts(database.db, [{ slug: 'a-post' }]);
  });

  /** One request: never a 5xx, and a JSON error in the documented shape. */
  async function send(who: 'anonymous' | 'editor', options: InjectOptions): Promise<LightMyRequestResponse> {
    sent += 1;
    const res =
      who === 'editor'
        ? await editor.request(options)
        : await t.app.inject({
            remoteAddress: `10.66.1.${sent % 250}`,
            ...options,
            headers: { 'x-api-key': TEST_API_KEY, ...(options.headers as Record<string, string>) },
          });
    const label = `${who} ${options.method ?? 'GET'} ${options.url}`;
    expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    if (res.statusCode >= 400 && /json/.test(String(res.headers['content-type']))) {
      const body = res.json<{ message?: unknown; errors?: unknown }>();
      expect(typeof body.message, label).toBe('string');
      if (body.errors !== undefined) {
        expect(typeof body.errors, label).toBe('object');
        for (const keys of Object.values(body.errors as Record<string, unknown>)) {
          expect(Array.isArray(keys) && keys.every((key) => typeof key === 'string'), label).toBe(true);
        }
      }
    }
    return res;
  }

  it('refuses U+0000 in every text field with 422 and a message key, in every form', async () => {
    const post = {
      language: 'en',
      title: 'T',
      slug: 'nul-post',
      status: 'published',
      description: 'D',
      content: '<p>C</p>',
      seo_title: 'S',
      seo_description: 'S',
      published_at: '2026-01-01',
    };
    for (const field of POST_TEXT_FIELDS) {
      for (const [method, url] of [
        ['POST', '/api/posts'],
        ['PUT', '/api/posts/a-post'],
      ] as const) {
        const body = await multipart({ ...post, [field]: `before\u0000after` });
        const res = await send('editor', { method, url, payload: body.payload, headers: body.headers });
        expect(res.statusCode, `${method} ${field}`).toBe(422);
        expect(res.json()).toEqual({ message: CHARACTER_INVALID, errors: { [field]: [CHARACTER_INVALID] } });
      }
    }
    const contact = {
      name: 'Nour',
      email: 'nour@example.com',
      phone: '7946 0958',
      countryCode: '+44',
      business: 'Shop',
      service: 'seo',
      message: 'A message long enough to be one.',
    };
    for (const field of CONTACT_FIELDS) {
      const res = await send('editor', {
        method: 'POST',
        url: '/api/contact',
        payload: { ...contact, [field]: `x\u0000y` },
      });
      expect(res.statusCode, field).toBe(422);
      expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        [field]: [CHARACTER_INVALID],
      });
    }
    const anonymous = new TestBrowser(t.app, '10.66.2.1');
    await anonymous.fetchCsrf();
    for (const field of ['email', 'password']) {
      const res = await anonymous.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'editor@example.com', password: 'correct-horse-battery', [field]: 'a\u0000' },
      });
      expect(res.statusCode, field).toBe(422);
      expect(res.json<{ message: string }>().message).toBe(CHARACTER_INVALID);
    }
  });

  it('refuses page and per_page that are not finite numbers with 422, as documented', async () => {
    for (const name of ['page', 'per_page']) {
      for (const value of ['1e309', 'Infinity', '-Infinity', '-1e309']) {
        for (const who of ['anonymous', 'editor'] as const) {
          const res = await send(who, { url: `/api/posts?${name}=${encodeURIComponent(value)}` });
          expect(res.statusCode, `${who} ${name}=${value}`).toBe(422);
          expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual([name]);
        }
      }
    }
  });

  it('answers a multipart body without a usable boundary with 400, on every form', async () => {
    for (const type of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=""',
    ]) {
      for (const [method, url] of [
        ['POST', '/api/posts'],
        ['PUT', '/api/posts/a-post'],
        ['POST', '/api/upload-image'],
      ] as const) {
        const res = await send('editor', {
          method,
          url,
          payload: 'title=x',
          headers: { 'content-type': type },
        });
        expect(res.statusCode, `${type} ${method} ${url}`).toBe(400);
      }
    }
    // A boundary named, and a body cut short before its end.
    const cut = await multipart({ title: 'x', slug: 'y' });
    const res = await send('editor', {
      method: 'POST',
      url: '/api/posts',
      payload: cut.payload.subarray(0, cut.payload.length - 20),
      headers: cut.headers,
    });
    expect(res.statusCode).toBe(400);
  });

  // Its work grows with every route: it is given the time for it.
  it('answers generated values in every path, query, header and body field of every route without a 5xx', {
    timeout: 90_000,
  }, async () => {
    const routes = t.app.routeTable.flatMap((route) =>
      route.methods
        .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
        .map((method) => ({ method, url: route.url })),
    );
    expect(routes.length).toBeGreaterThan(10);
    const values = hostileValues(12, 20261124);
    const before = sent;
    for (const { method, url } of routes) {
      for (const [index, value] of values.entries()) {
        const who = index % 2 === 0 ? 'anonymous' : 'editor';
        const query = QUERY_NAMES[index % QUERY_NAMES.length] as string;
        const header = HEADER_NAMES[index % HEADER_NAMES.length] as string;
        const path = pathWith(url, value);
        const writes = method !== 'GET';
        // The value in the path and in one query parameter.
        await send(who, { method, url: `${path}?${query}=${encodeURIComponent(value)}` });
        // In a header, and in the language cookie.
        await send(who, {
          method,
          url: pathWith(url, 'a-post'),
          headers: { [header]: asHeaderValue(value), cookie: `lng=${encodeURIComponent(value)}` },
        });
        if (!writes) continue;
        // In every field of a JSON body, and of a multipart one.
        const fields = Object.fromEntries(
          [...POST_TEXT_FIELDS, ...CONTACT_FIELDS, 'language', 'status'].map((name) => [name, value]),
        );
        await send(who, { method, url: pathWith(url, 'a-post'), payload: fields });
        const form = await multipart(fields);
        await send(who, {
          method,
          url: pathWith(url, 'a-post'),
          payload: form.payload,
          headers: form.headers,
        });
      }
    }
    expect(sent - before).toBeGreaterThanOrEqual(500);
  });

  it('still answers normally afterwards', async () => {
    expect(sent).toBeGreaterThanOrEqual(500);
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/posts', headers: { 'x-api-key': TEST_API_KEY } });
    expect(list.statusCode).toBe(200);
    expect(Array.isArray(list.json<{ data: { data: unknown[] } }>().data.data)).toBe(true);
    const page = await t.app.inject({ url: '/blog' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});
