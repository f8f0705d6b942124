import { expect, it } from 'vitest';
import { WRITE_METHODS } from './plugins/access';
import { CONTENT_SECURITY_POLICY } from './plugins/security-headers';
import { TEST_API_KEY, useTestApp } from './test/app';
import { signedIn, TestBrowser } from './test/browser';
import { describeEachDatabase } from './test/databases';

/** Routes any visitor may write to with a CSRF token; every other write needs an editor. */
const CSRF_ONLY = new Set([
  'POST /api/auth/login',
  // The second step of a sign-in: a pending sign-in's cookie, not a session.
  'POST /api/auth/login/two-step',
  'POST /api/contact',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  'POST /api/invitations/check',
  'POST /api/invitations/accept',
]);

function concrete(url: string): string {
  return url
    .replace(/:slug/g, 'some-post')
    .replace(/:[A-Za-z]+/g, 'x')
    .replace(/\*$/, 'x');
}

/** The same route written the ways a string-matching check might miss. */
function variants(url: string): { name: string; url: string }[] {
  const rest = url.slice('/api/'.length) || 'x';
  const first = rest.charAt(0);
  return [
    { name: 'as declared', url },
    { name: 'trailing slash', url: `${url}/` },
    { name: 'upper case', url: url.toUpperCase() },
    { name: 'mixed case', url: `/Api/${first.toUpperCase()}${rest.slice(1)}` },
    { name: 'double slash', url: `/api//${rest}` },
    { name: 'double slash inside', url: url.replace(/\/([^/]+)$/, '//$1') },
    { name: 'percent-encoded letter', url: `/api/%${first.charCodeAt(0).toString(16)}${rest.slice(1)}` },
    { name: 'percent-encoded slash', url: `/api%2F${rest}` },
    { name: 'dot segment', url: `/api/./${rest}` },
    { name: 'query string', url: `${url}?admin=1` },
  ];
}

describeEachDatabase('authorisation by route', (database) => {
  const t = useTestApp(database);

  function writeRoutes(): { method: string; url: string }[] {
    return t.app.routeTable
      .filter((route) => route.url.startsWith('/api'))
      .flatMap((route) =>
        route.methods.filter((m) => WRITE_METHODS.has(m)).map((method) => ({ method, url: route.url })),
      );
  }

  it('finds every write route in fastify’s own route table', () => {
    const found = writeRoutes().map((r) => `${r.method} ${r.url}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'POST /api/posts',
        'PUT /api/posts/:slug',
        'DELETE /api/posts/:slug',
        'POST /api/upload-image',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'POST /api/contact',
        'PATCH /api/contact-messages/:id',
        'POST /api/contact-messages/:id/retry-mail',
        'DELETE /api/contact-messages/:id',
        'POST /api/*',
      ]),
    );
  });

  it('refuses every variant of every write route without a session (401), or without a token (403)', async () => {
    const anonymous = new TestBrowser(t.app);
    let checked = 0;
    for (const route of writeRoutes()) {
      const csrfOnly = CSRF_ONLY.has(`${route.method} ${route.url}`);
      for (const variant of variants(concrete(route.url))) {
        const res = await anonymous.request({
          method: route.method as 'POST',
          url: variant.url,
          payload: { email: 'a@b.c', password: 'x' },
        });
        const what = `${route.method} ${variant.url} (${variant.name})`;
        if (csrfOnly && variant.name === 'as declared') expect(res.statusCode, what).toBe(403);
        else if (csrfOnly) expect([401, 403], what).toContain(res.statusCode);
        else expect(res.statusCode, what).toBe(401);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('refuses an editor’s writes without the token, on every route and variant', async () => {
    const editor = await signedIn(t.app, database.db, '10.30.0.1');
    for (const route of writeRoutes()) {
      for (const variant of variants(concrete(route.url))) {
        const res = await editor.request({
          method: route.method as 'POST',
          url: variant.url,
          payload: {},
          csrf: null,
        });
        expect(res.statusCode, `${route.method} ${variant.url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'csrf_mismatch' });
      }
    }
  });

  it('needs the API key before anything else', async () => {
    for (const route of writeRoutes()) {
      const res = await t.app.inject({ method: route.method as 'POST', url: concrete(route.url) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid or missing API key' });
    }
  });
});

describeEachDatabase('security headers, CORS and the API description', (database) => {
  const t = useTestApp(database);

  it.each(['/', '/blog', '/api/posts', '/api/health', '/api/docs/json'])(
    '%s carries the security headers',
    async (url) => {
      const res = await t.app.inject({ url, headers: { 'x-api-key': TEST_API_KEY } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toBe(CONTENT_SECURITY_POLICY);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      // Plain HTTP: HSTS would be ignored, and it is only promised over HTTPS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it.each([
    { method: 'GET' as const, url: '/api/posts' },
    { method: 'OPTIONS' as const, url: '/api/posts' },
    { method: 'OPTIONS' as const, url: '/api/auth/login' },
    { method: 'POST' as const, url: '/api/contact' },
  ])('never answers CORS headers to another origin: $method $url', async ({ method, url }) => {
    const res = await t.app.inject({
      method,
      url,
      headers: {
        'x-api-key': TEST_API_KEY,
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-csrf-token, content-type',
      },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('serves a readable viewer at /api/docs without the API key', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    const html = page.statusCode === 302 ? await t.app.inject({ url: String(page.headers.location) }) : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('swagger');
  });

  it('describes every /api route in OpenAPI 3, from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            security?: unknown[];
            requestBody?: { content: Record<string, unknown> };
            responses: Record<string, unknown>;
          }
        >
      >;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    const routes = t.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api') &&
        !r.url.startsWith('/api/docs') &&
        r.url !== '/api' &&
        r.url !== '/api/' &&
        r.url !== '/api/*',
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      // A prefixed '/' route answers with and without the trailing slash; the description names one of them.
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const described = doc.paths[path] ?? doc.paths[path.replace(/\/$/, '')] ?? doc.paths[`${path}/`];
      for (const method of route.methods.filter((m) => m !== 'HEAD')) {
        expect(described?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
      }
    }
    const create = doc.paths['/api/posts']?.post;
    expect(Object.keys(create?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(create?.security).toEqual([{ apiKey: [], session: [], csrfToken: [] }]);
    expect(Object.keys(create?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '401', '403', '422']),
    );
    expect(doc.paths['/api/contact']?.post?.security).toEqual([{ apiKey: [], csrfToken: [] }]);
    expect(doc.paths['/api/posts/{slug}']?.put?.responses).toHaveProperty('409');
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    // The inbox's reads need the session but no token; its writes need both.
    expect(doc.paths['/api/contact-messages']?.get?.security).toEqual([{ apiKey: [], session: [] }]);
    expect(doc.paths['/api/contact-messages/{id}']?.patch?.security).toEqual([
      { apiKey: [], session: [], csrfToken: [] },
    ]);
  });
});
