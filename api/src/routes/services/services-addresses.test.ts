import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EditableService } from '@agency/core/content';
import type { Service, ServiceSummary } from '@agency/core/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, TEST_API_KEY, useTestApp } from '../../test/app';
import { signedIn, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';

const headers = { 'x-api-key': TEST_API_KEY };

/** The least of a front-end build for the server to answer pages (`/services/{slug}`) with the app page. */
async function makeWebRoot(): Promise<string> {
  const webRoot = await makeTempDir('web-service-addresses');
  const index = path.join(webRoot, 'root-config/dist/index.html');
  await mkdir(path.dirname(index), { recursive: true });
  await writeFile(
    index,
    '<!doctype html><html><head><!--app-meta--></head><body><div id="root"></div></body></html>',
  );
  return webRoot;
}

describeEachDatabase('service addresses', (database) => {
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await makeWebRoot();
  });
  afterAll(async () => {
    await rm(webRoot, { recursive: true, force: true });
  });
  const t = useTestApp(database, {
    env: () => ({ WEB_ROOT: webRoot, DATA_DIR: path.join(webRoot, '.data') }),
  });
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.4.1');
  });

  /** The public's answer, not following redirects (as a browser's first request sees it). */
  const read = (url: string) => t.app.inject({ url, headers });

  async function editorRead(slug: string, language: 'en' | 'ar' = 'en'): Promise<EditableService> {
    const res = await editor.request({
      url: `/api/services/${encodeURIComponent(slug)}?language=${language}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: EditableService }>().data;
  }

  /** Saves the service at its current address with the changes, as the admin form does. */
  async function save(service: EditableService, changes: Partial<EditableService>) {
    return editor.request({
      method: 'PUT',
      url: `/api/services/${encodeURIComponent(service.slug)}`,
      payload: { ...service, ...changes },
    });
  }

  async function move(from: string, to: string): Promise<EditableService> {
    const res = await save(await editorRead(from), { slug: to });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: EditableService }>().data;
  }

  async function publicList(language: 'en' | 'ar'): Promise<ServiceSummary[]> {
    return (await read(`/api/services?language=${language}`)).json<{ data: { data: ServiceSummary[] } }>()
      .data.data;
  }

  it('gives every seeded service its key as its address', async () => {
    for (const service of await publicList('en')) expect(service.slug).toBe(service.key);
  });

  it('moves a service to a new address: the old one answers 301 there, the key stays', async () => {
    // Read into the cache first: the change must drop it.
    expect((await read('/api/services/seo?language=en')).statusCode).toBe(200);
    const saved = await move('seo', 'search-engine-optimisation');
    expect(saved).toMatchObject({ key: 'seo', slug: 'search-engine-optimisation' });

    const moved = await read('/api/services/seo?language=ar');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/api/services/search-engine-optimisation?language=ar');
    expect(moved.json()).toEqual({ message: 'Service moved', slug: 'search-engine-optimisation' });
    // Asked again (from memory or not), still a redirect: redirects are never kept.
    expect((await read('/api/services/seo?language=ar')).statusCode).toBe(301);

    const current = await read('/api/services/search-engine-optimisation?language=ar');
    expect(current.statusCode).toBe(200);
    expect(current.json<{ data: Service }>().data).toMatchObject({
      key: 'seo',
      slug: 'search-engine-optimisation',
    });
    expect((await publicList('en')).find((s) => s.key === 'seo')?.slug).toBe('search-engine-optimisation');

    // An editor's read at the old address is sent on too (the admin and the public page follow it).
    const forEditor = await editor.request({ url: '/api/services/seo?language=en' });
    expect(forEditor.statusCode).toBe(301);
    expect(forEditor.headers.location).toBe('/api/services/search-engine-optimisation?language=en');

    // The contact form's choice and the inbox still name it by its key.
    const visitor = new TestBrowser(t.app, '10.9.4.2');
    await visitor.fetchCsrf();
    const sent = await visitor.request({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Omar Saleh',
        countryCode: '+971',
        phone: '050 765 4321',
        email: 'omar@example.com',
        business: '',
        service: 'seo',
        message: 'Please look at our search ranking.',
        website: '',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('sends a chain of moves in one hop, and serves an address moved back to', async () => {
    await move('branding', 'brand-a');
    await move('brand-a', 'brand-b');
    await move('brand-b', 'brand-c');
    for (const old of ['branding', 'brand-a', 'brand-b']) {
      const res = await read(`/api/services/${old}?language=en`);
      expect(res.statusCode, old).toBe(301);
      expect(res.headers.location).toBe('/api/services/brand-c?language=en');
    }
    await move('brand-c', 'branding');
    expect((await read('/api/services/branding?language=en')).statusCode).toBe(200);
    expect((await read('/api/services/brand-c?language=en')).headers.location).toBe(
      '/api/services/branding?language=en',
    );
    expect((await read('/api/services/brand-a?language=en')).headers.location).toBe(
      '/api/services/branding?language=en',
    );
  });

  it('refuses an address another service has (slug_taken) or a bad one (slug_invalid), writing nothing', async () => {
    const apps = await editorRead('mobile-apps');
    const taken = await save(apps, { slug: 'web-development' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ message: 'slug_taken', errors: { slug: ['slug_taken'] } });
    for (const slug of ['Mobile Apps', 'mobile/apps', '2026', 'items', 'new']) {
      const bad = await save(apps, { slug });
      expect(bad.statusCode, slug).toBe(422);
      expect(bad.json(), slug).toMatchObject({ errors: { slug: ['slug_invalid'] } });
    }
    expect((await save(apps, { slug: 'a'.repeat(201) })).json()).toMatchObject({
      errors: { slug: ['too_long'] },
    });
    expect(await editorRead('mobile-apps')).toEqual(apps);
    // A new service may not take another's address either.
    const created = await editor.request({
      method: 'POST',
      url: '/api/services',
      payload: {
        key: 'apps-two',
        slug: 'mobile-apps',
        language: 'en',
        name: 'Apps two',
        description: 'More apps.',
        image_path: '/mf/mf-marketing/images/services/branding.svg',
        image_alt: '',
        hidden: false,
      },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toMatchObject({ errors: { slug: ['slug_taken'] } });
  });

  it('takes an Arabic address, percent-encoded in the redirect', async () => {
    await move('video-editing', 'مونتاج-الفيديو');
    const moved = await read('/api/services/video-editing?language=ar');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/api/services/${encodeURIComponent('مونتاج-الفيديو')}?language=ar`);
    expect((await read(moved.headers.location as string)).statusCode).toBe(200);
  });

  it('lets another service take over an old address, cleanly', async () => {
    await move('ui-ux-design', 'design');
    expect((await read('/api/services/ui-ux-design?language=en')).statusCode).toBe(301);
    // Another service takes the old address: it is that service's page from now on, not a redirect.
    await move('paid-advertising', 'ui-ux-design');
    const page = await read('/api/services/ui-ux-design?language=en');
    expect(page.statusCode).toBe(200);
    expect(page.json<{ data: Service }>().data.key).toBe('paid-advertising');
    // And when it moves on, its own old address is the one kept.
    await move('ui-ux-design', 'ads');
    expect((await read('/api/services/ui-ux-design?language=en')).headers.location).toBe(
      '/api/services/ads?language=en',
    );
    expect((await read('/api/services/paid-advertising?language=en')).headers.location).toBe(
      '/api/services/ads?language=en',
    );
    // A new service created at an old address takes it over as well.
    await move('digital-marketing', 'marketing');
    const created = await editor.request({
      method: 'POST',
      url: '/api/services',
      payload: {
        key: 'marketing-two',
        slug: 'digital-marketing',
        language: 'en',
        name: 'Marketing two',
        description: 'More marketing.',
        image_path: '/mf/mf-marketing/images/services/branding.svg',
        image_alt: '',
        hidden: false,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const taken = await read('/api/services/digital-marketing?language=en');
    expect(taken.statusCode).toBe(200);
    expect(taken.json<{ data: Service }>().data.key).toBe('marketing-two');
  });

  it('gives a new service its key as its address when it names none', async () => {
    const created = await editor.request({
      method: 'POST',
      url: '/api/services',
      payload: {
        key: 'copy-editing',
        language: 'en',
        name: 'Copy editing',
        description: 'Words.',
        image_path: '/mf/mf-marketing/images/services/branding.svg',
        image_alt: '',
        hidden: false,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ data: EditableService }>().data).toMatchObject({
      key: 'copy-editing',
      slug: 'copy-editing',
    });
  });

  it('answers a move by an anonymous visitor 401 and one without the CSRF token 403', async () => {
    const service = await editorRead('social-media-management');
    const anonymous = new TestBrowser(t.app, '10.9.4.3');
    await anonymous.fetchCsrf();
    const url = '/api/services/social-media-management';
    const payload = { ...service, slug: 'social' };
    const res = await anonymous.request({ method: 'PUT', url, payload });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'unauthenticated' });
    const noToken = await editor.request({ method: 'PUT', url, payload, csrf: null });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toEqual({ message: 'csrf_mismatch' });
    expect((await read('/api/services/social-media-management?language=en')).statusCode).toBe(200);
    expect((await read('/api/services/social?language=en')).statusCode).toBe(404);
  });

  describe('the page at /services/{slug}', () => {
    it('answers 301 to the current address, with the query, with and without ?lng=ar', async () => {
      await move('motion-graphics', 'motion-design');
      for (const query of ['', '?lng=ar', '?lng=ar&utm_source=mail']) {
        const moved = await t.app.inject({ url: `/services/motion-graphics${query}` });
        expect(moved.statusCode, query).toBe(301);
        expect(moved.headers.location).toBe(`/services/motion-design${query}`);
        expect(moved.headers['cache-control']).toBe('no-cache');
      }
      const page = await t.app.inject({ url: '/services/motion-design?lng=ar' });
      expect(page.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/services/no-such-service' })).statusCode).toBe(404);
    });

    it('is a 404 for the public at a hidden service’s old address', async () => {
      const moved = await move('web-development', 'websites');
      expect((await save(moved, { hidden: true })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/services/web-development' })).statusCode).toBe(404);
      expect((await read('/api/services/web-development?language=en')).statusCode).toBe(404);
      const current = await editorRead('websites');
      expect((await save(current, { hidden: false })).statusCode).toBe(200);
    });

    it('lists the current address in the sitemap, never the old one', async () => {
      const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
      expect(sitemap).toContain('/services/motion-design?lng=en<');
      expect(sitemap).not.toContain('/services/motion-graphics?');
    });
  });
});
