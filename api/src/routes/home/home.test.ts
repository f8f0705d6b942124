import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ClientLogo, HomeTextsItem, PortfolioProject, PublicHome } from '@agency/core/content';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clientLogos, homeTexts } from '../../db/schema';
import { CLIENT_LOGO_SEED, HOME_SEED } from '../../db/seed/home-content';
import { seedPortfolio } from '../../db/seed/portfolio';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { signedIn, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { makeRenderingWebRoot, pageDataOf, write } from '../../test/web-root';

async function until(check: () => Promise<boolean>, ms = 3_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

type Listed = { data: { items: ClientLogo[] } };
const UPLOADED = '/storage/poster_images/0123456789abcdef0123456789abcdef.webp';

/** A marketing server entry that writes the home page's hero title from the read it was given. */
const MARKETING_ENTRY = `
export async function render(request) {
  const read = request.reads['/api/home?language=' + request.language];
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const title = read && read.status === 200 ? esc(read.body.data.texts.hero_title) : 'none';
  return { parts: { 'single-spa-application:@agency/mf-marketing': '<h1>' + title + '</h1>' }, head: {}, missing: [], errors: [], hints: '' };
}
`;

describeEachDatabase('Home page API', (database) => {
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await makeRenderingWebRoot('home-render');
    await write(
      webRoot,
      'root-config/dist/mf-registry.json',
      JSON.stringify({
        mf_marketing: '/mf/mf-marketing/',
        mf_blog: '/mf/mf-blog/',
        mf_admin: '/mf/mf-admin/',
      }),
    );
    await write(webRoot, 'mf-marketing/dist/server/entry.js', MARKETING_ENTRY);
    await write(
      webRoot,
      'mf-marketing/dist/mf-marketing/mf-manifest.json',
      JSON.stringify({
        metaData: { publicPath: '/mf/', remoteEntry: { name: 'mf-marketing/remoteEntry.js' } },
        exposes: [{ assets: { css: { sync: [], async: [] }, js: { sync: [] } } }],
      }),
    );
    for (const language of ['en', 'ar'])
      await write(webRoot, `mf-marketing/dist/locales/${language}/marketing.json`, '{}');
  });
  afterAll(async () => {
    await rm(webRoot, { recursive: true, force: true });
  });
  const t = useTestApp(database, {
    env: () => ({ WEB_ROOT: webRoot, DATA_DIR: path.join(webRoot, '.data') }),
  });
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.2.1');
  });

  async function publicHome(language: 'en' | 'ar'): Promise<PublicHome> {
    const res = await t.app.inject({
      url: `/api/home?language=${language}`,
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: PublicHome }>().data;
  }
  async function edited(language: 'en' | 'ar'): Promise<HomeTextsItem> {
    const res = await editor.request({ url: `/api/home/edit?language=${language}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json<{ data: HomeTextsItem }>().data;
  }
  const save = (body: Record<string, unknown>, csrf?: string | null) =>
    editor.request({ method: 'PUT', url: '/api/home', payload: body, csrf });
  async function logos(language: 'en' | 'ar'): Promise<ClientLogo[]> {
    const res = await editor.request({ url: `/api/client-logos/items?language=${language}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Listed>().data.items;
  }

  it('serves the texts and the 15 logos the home page showed before, in both languages', async () => {
    for (const language of ['en', 'ar'] as const) {
      const home = await publicHome(language);
      expect(home.texts).toEqual(HOME_SEED[language]);
      expect(home.logos.map((l) => [l.name, l.image])).toEqual(
        CLIENT_LOGO_SEED.map((l) => [l.name[language], l.image]),
      );
    }
    const [en, ar] = [await logos('en'), await logos('ar')];
    const byId = new Map(ar.map((logo) => [logo.id, logo]));
    for (const logo of en) expect(byId.get(logo.translation_id ?? 0)?.image).toBe(logo.image);
  });

  it('saves the Arabic texts with their version, answers a stale version 409 with the texts as they are now', async () => {
    await publicHome('ar'); // kept in memory: the save must drop it
    const loaded = await edited('ar');
    expect(loaded.hero_title).toBe(HOME_SEED.ar.hero_title);
    const res = await save({ ...loaded, hero_title: '  عنوان جديد للصفحة  ' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ message: string; data: HomeTextsItem }>();
    expect(saved.message).toBe('home_updated');
    expect(saved.data.hero_title).toBe('عنوان جديد للصفحة');
    expect(saved.data.version).not.toBe(loaded.version);
    expect((await publicHome('ar')).texts.hero_title).toBe('عنوان جديد للصفحة');
    // English is its own row: unchanged.
    expect((await publicHome('en')).texts.hero_title).toBe(HOME_SEED.en.hero_title);

    const stale = await save({ ...loaded, hero_title: 'Another editor’s title' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'home_conflict',
      current: { hero_title: 'عنوان جديد للصفحة', version: saved.data.version, language: 'ar' },
    });
    expect((await publicHome('ar')).texts.hero_title).toBe('عنوان جديد للصفحة');
  });

  it('refuses empty, too long or missing fields 422, each by its field, and a save without a version', async () => {
    const loaded = await edited('en');
    const res = await save({
      ...loaded,
      hero_title: '   ',
      cta_button: 'x'.repeat(41),
      stat_1_value: undefined,
      about_text: 42,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'required',
      errors: {
        hero_title: ['required'],
        about_text: ['invalid_type'],
        stat_1_value: ['required'],
        cta_button: ['too_long'],
      },
    });
    const { version: _version, ...unversioned } = loaded;
    expect((await save(unversioned)).json()).toEqual({
      message: 'version_required',
      errors: { version: ['version_required'] },
    });
    expect((await save({ ...loaded, language: 'fr' })).json()).toMatchObject({
      errors: { language: ['language_invalid'] },
    });
    expect((await publicHome('en')).texts).toEqual(HOME_SEED.en);
  });

  it('answers anonymous reads of the editor 401, anonymous writes 401 and writes without the CSRF token 403', async () => {
    const anonymous = new TestBrowser(t.app, '10.9.2.2');
    await anonymous.fetchCsrf();
    expect((await anonymous.request({ url: '/api/home/edit?language=en' })).statusCode).toBe(401);
    expect((await anonymous.request({ url: '/api/client-logos/items?language=en' })).statusCode).toBe(401);
    const loaded = await edited('en');
    const [first] = await logos('en');
    for (const [method, url] of [
      ['PUT', '/api/home'],
      ['POST', '/api/client-logos/items'],
      ['PUT', `/api/client-logos/items/${first?.id}`],
      ['PUT', '/api/client-logos/order'],
      ['DELETE', `/api/client-logos/items/${first?.id}`],
    ] as const) {
      const payload = url === '/api/home' ? { ...loaded, hero_title: 'Taken over' } : {};
      const res = await anonymous.request({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      const noToken = await editor.request({ method, url, payload, csrf: null });
      expect(noToken.statusCode, `${method} ${url}`).toBe(403);
      expect(noToken.json()).toEqual({ message: 'csrf_mismatch' });
    }
    expect((await publicHome('en')).texts.hero_title).toBe(HOME_SEED.en.hero_title);
    expect(await logos('en')).toHaveLength(15);
  });

  it('creates a logo from an upload, translates it, reorders, hides and deletes logos, each seen on the next read', async () => {
    await publicHome('en');
    const refused = await editor.request({
      method: 'POST',
      url: '/api/client-logos/items',
      payload: { language: 'en', name: 'Evil', image: 'https://evil.example/x.svg', hidden: false },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'image_invalid', errors: { image: ['image_invalid'] } });

    const res = await editor.request({
      method: 'POST',
      url: '/api/client-logos/items',
      payload: { language: 'en', name: ' Desert Rose ', image: UPLOADED, hidden: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ message: string; data: ClientLogo }>();
    expect(created.message).toBe('client_logo_created');
    expect(created.data).toMatchObject({ name: 'Desert Rose', image: UPLOADED, translation_id: null });
    expect((await publicHome('en')).logos.at(-1)).toEqual({
      id: created.data.id,
      name: 'Desert Rose',
      image: UPLOADED,
    });

    const translated = await editor.request({
      method: 'POST',
      url: '/api/client-logos/items',
      payload: {
        language: 'ar',
        name: 'وردة الصحراء',
        image: UPLOADED,
        hidden: false,
        translation_of: created.data.id,
      },
    });
    expect(translated.statusCode, translated.body).toBe(201);
    const twin = translated.json<{ data: ClientLogo }>().data;
    expect(twin.translation_id).toBe(created.data.id);
    expect((await publicHome('ar')).logos.at(-1)?.name).toBe('وردة الصحراء');
    const again = await editor.request({
      method: 'POST',
      url: '/api/client-logos/items',
      payload: { language: 'ar', name: 'x', image: UPLOADED, translation_of: created.data.id },
    });
    expect(again.json()).toMatchObject({ errors: { translation_of: ['translation_taken'] } });

    // Reorder: the new logo first.
    const ids = (await logos('en')).map((l) => l.id);
    const order = [created.data.id, ...ids.filter((id) => id !== created.data.id)];
    const reordered = await editor.request({
      method: 'PUT',
      url: '/api/client-logos/order',
      payload: { language: 'en', ids: order },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await publicHome('en')).logos.map((l) => l.id)).toEqual(order);
    const partial = await editor.request({
      method: 'PUT',
      url: '/api/client-logos/order',
      payload: { language: 'en', ids: order.slice(1) },
    });
    expect(partial.json()).toMatchObject({ errors: { ids: ['order_invalid'] } });

    // Hide the first seeded logo in Arabic: gone from the Arabic page only.
    const [nour] = await logos('ar');
    const hidden = await editor.request({
      method: 'PUT',
      url: `/api/client-logos/items/${nour?.id}`,
      payload: { ...nour, hidden: true },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await publicHome('ar')).logos.map((l) => l.id)).not.toContain(nour?.id);
    expect((await publicHome('en')).logos.map((l) => l.name)).toContain('Nour Foods');
    const stale = await editor.request({
      method: 'PUT',
      url: `/api/client-logos/items/${nour?.id}`,
      payload: { ...nour, name: 'Late' },
    });
    expect(stale.statusCode).toBe(409);

    const deleted = await editor.request({ method: 'DELETE', url: `/api/client-logos/items/${twin.id}` });
    expect(deleted.json()).toEqual({ message: 'client_logo_deleted' });
    expect((await publicHome('ar')).logos.map((l) => l.id)).not.toContain(twin.id);
    expect((await publicHome('en')).logos[0]?.id).toBe(created.data.id);
    expect(
      (await editor.request({ method: 'DELETE', url: `/api/client-logos/items/${twin.id}` })).statusCode,
    ).toBe(404);
  });

  it('renders the home page with the new hero title after a save (the page kept in memory is dropped)', async () => {
    const page = async () => {
      const res = await t.app.inject({ url: '/?lng=en' });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const before = await page();
    expect(before).toContain(`<h1>${HOME_SEED.en.hero_title}</h1>`);
    expect(pageDataOf(before)?.reads['/api/home?language=en']?.status).toBe(200);
    await page(); // served from memory now
    const loaded = await edited('en');
    expect((await save({ ...loaded, hero_title: 'Websites that sell' })).statusCode).toBe(200);
    const after = await page();
    expect(after).toContain('<h1>Websites that sell</h1>');
    expect(JSON.stringify(pageDataOf(after)?.reads['/api/home?language=en'])).toContain('Websites that sell');
  });

  it("carries the portfolio's first visible projects in each language; hiding one drops the answer and the page kept in memory", async () => {
    const key = { 'x-api-key': TEST_API_KEY };
    expect((await publicHome('en')).projects).toEqual([]); // none yet: the teaser is left out
    await seedPortfolio(database.db, { images: t.app.storage.store });
    // Written beside the API, as another process would: the kept answer is dropped once the database says so.
    await until(async () => (await publicHome('ar')).projects.length > 0);
    for (const language of ['en', 'ar'] as const) {
      const list = await t.app.inject({ url: `/api/portfolio?language=${language}`, headers: key });
      const first = list.json<{ data: { data: PublicHome['projects'] } }>().data.data.slice(0, 2);
      expect(first.length).toBeGreaterThan(0);
      expect((await publicHome(language)).projects).toEqual(first);
    }
    const page = async () => {
      const res = await t.app.inject({ url: '/?lng=en' });
      expect(res.statusCode).toBe(200);
      return pageDataOf(res.body)?.reads['/api/home?language=en']?.body as { data: PublicHome };
    };
    const [shown] = (await page()).data.projects;
    await page(); // served from memory now
    const read = await editor.request({ url: `/api/portfolio/items/${shown?.id}` });
    const project = read.json<{ data: PortfolioProject }>().data;
    const hide = (hidden: boolean, version: string) =>
      editor.request({
        method: 'PUT',
        url: `/api/portfolio/items/${project.id}`,
        payload: { ...project, version, hidden },
      });
    const hidden = await hide(true, project.version);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await page()).data.projects.map((p) => p.id)).not.toContain(project.id);
    expect((await publicHome('en')).projects.map((p) => p.id)).not.toContain(project.id);
    const shownAgain = await hide(false, hidden.json<{ data: PortfolioProject }>().data.version);
    expect(shownAgain.statusCode, shownAgain.body).toBe(200);
    expect((await page()).data.projects[0]?.id).toBe(project.id);
  });

  it('describes its routes in the OpenAPI document, with their errors', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const paths = Object.keys(doc.paths)
      .filter((p) => p.startsWith('/api/home') || p.startsWith('/api/client-logos'))
      .sort();
    expect(paths).toEqual([
      '/api/client-logos/items',
      '/api/client-logos/items/{id}',
      '/api/client-logos/order',
      '/api/home',
      '/api/home/edit',
    ]);
    expect(Object.keys(doc.paths['/api/home'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(Object.keys(doc.paths['/api/home']?.put?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '409', '422']),
    );
  });

  it("drops the cached home page read when another process (or a person's SQL) changes its texts or a logo", async () => {
    await publicHome('en');
    await publicHome('en');
    await database.db
      .update(homeTexts)
      .set({ texts: sql`jsonb_set(${homeTexts.texts}, '{cta_button}', '"Write to us"')` })
      .where(eq(homeTexts.language, 'en'));
    await until(async () => (await publicHome('en')).texts.cta_button === 'Write to us');
    const [first] = (await publicHome('en')).logos;
    await database.db
      .update(clientLogos)
      .set({ name: 'Renamed by SQL' })
      .where(eq(clientLogos.id, first?.id ?? 0));
    await until(async () => (await publicHome('en')).logos[0]?.name === 'Renamed by SQL');
  });
});
