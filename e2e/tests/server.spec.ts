import { readdirSync } from 'node:fs';
import { expect, test } from '../support/test';

test.describe('one production process', () => {
  test('serves the page revalidated by browsers and kept a minute by shared caches, hashed assets forever, compressed', async ({
    request,
  }) => {
    const index = await request.get('/?lng=en', { headers: { 'accept-encoding': 'gzip' } });
    expect(index.status()).toBe(200);
    expect(index.headers()['cache-control']).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
    );
    expect(index.headers()['content-encoding']).toBe('gzip');
    const html = await index.text();
    expect(html).toContain('<meta name="api-key"');
    expect(html).toContain('id="site-config"');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const js = await request.get(asset as string, { headers: { 'accept-encoding': 'gzip' } });
    expect(js.status()).toBe(200);
    expect(js.headers()['cache-control']).toContain('immutable');
    expect(js.headers()['content-encoding']).toBe('gzip');
  });

  test('renders with server entries of one file each, so a redeploy without a restart renders the new build', () => {
    // The server imports a rebuilt entry under a new URL; a chunk of it would import the entry back by its
    // plain name and get the first deploy's module (a page the server then cannot render).
    for (const app of ['mf-shell', 'mf-marketing', 'mf-blog']) {
      const files = readdirSync(new URL(`../../${app}/dist/server/`, import.meta.url), { recursive: true });
      expect(
        files.filter((file) => String(file).endsWith('.js')),
        app,
      ).toEqual(['entry.js']);
    }
  });

  test('serves the registry and each remote entry without caching', async ({ request }) => {
    const registry = await request.get('/mf-registry.json');
    expect(registry.headers()['cache-control']).toContain('no-cache');
    const remotes = (await registry.json()) as Record<string, string>;
    // (The shell is no remote: root-config bundles it.)
    expect(Object.keys(remotes).sort()).toEqual(['mf_admin', 'mf_blog', 'mf_marketing']);
    for (const base of Object.values(remotes)) {
      const entry = await request.get(`${base}remoteEntry.js`);
      expect(entry.status()).toBe(200);
      expect(entry.headers()['cache-control']).toContain('no-cache');
    }
  });

  test('serves translations at /locales/{lng}/{ns}.json', async ({ request }) => {
    for (const lng of ['en', 'ar']) {
      for (const ns of ['common', 'shell', 'marketing', 'blog', 'admin']) {
        const res = await request.get(`/locales/${lng}/${ns}.json`);
        expect(res.status(), `${lng}/${ns}`).toBe(200);
        expect(typeof (await res.json())).toBe('object');
      }
    }
    expect((await request.get('/locales/fr/shell.json')).status()).toBe(404);
  });

  test('guards /api with the API key', async ({ request }) => {
    expect((await request.get('/api/services')).status()).toBe(401);
    const res = await request.get('/api/services?language=ar', { headers: { 'x-api-key': 'e2e-key' } });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: { data: { name: string }[] } };
    expect(body.data.data).toHaveLength(10);
    expect(body.data.data[0]?.name).toMatch(/[\u0600-\u06FF]/);
  });
});
