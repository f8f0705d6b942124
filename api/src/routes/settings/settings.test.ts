import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { PublicSettings, SiteSettings } from '@agency/core/settings';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteSettingsTranslations } from '../../db/schema';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { signedIn, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { makeRenderingWebRoot } from '../../test/web-root';

async function until(check: () => Promise<boolean>, ms = 3_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const siteConfigOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="site-config">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null',
  ) as { name: string; phone: string; address: string; email: string; defaultCountry: string };

const organizationOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json" data-page>(.*?)<\/script>/gs)]
    .map(([, json]) => JSON.parse(json as string) as Record<string, unknown>)
    .find((item) => item['@type'] === 'Organization');

describeEachDatabase('site settings API', (database) => {
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await makeRenderingWebRoot('settings');
  });
  afterAll(async () => {
    await rm(webRoot, { recursive: true, force: true });
  });
  const t = useTestApp(database, {
    env: () => ({
      WEB_ROOT: webRoot,
      DATA_DIR: path.join(webRoot, '.data'),
      SITE_NAME: 'Nimbus Digital',
      SITE_EMAIL: 'hello@nimbus.example',
      SITE_PHONE: '+44 20 7946 0958',
    }),
  });
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.3.1');
  });

  async function publicSettings(language: 'en' | 'ar'): Promise<PublicSettings> {
    const res = await t.app.inject({
      url: `/api/settings?language=${language}`,
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    return res.json<{ data: PublicSettings }>().data;
  }
  async function edited(): Promise<SiteSettings> {
    const res = await editor.request({ url: '/api/settings/edit' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json<{ data: SiteSettings }>().data;
  }
  const save = (body: object) => editor.request({ method: 'PUT', url: '/api/settings', payload: body });

  it('starts from the server’s own details (SITE_*), so a new site looks as before', async () => {
    expect(await publicSettings('en')).toEqual({
      language: 'en',
      name: 'Nimbus Digital',
      address: '',
      email: 'hello@nimbus.example',
      phone: '+44 20 7946 0958',
      default_country: 'GB',
      social: {
        facebook: 'https://www.facebook.com/',
        x: 'https://x.com/',
        instagram: 'https://www.instagram.com/',
        tiktok: 'https://www.tiktok.com/',
        youtube: 'https://www.youtube.com/',
      },
    });
    const settings = await edited();
    expect(settings.notify_email).toBe('');
    expect(settings.translations.ar.name).toBe('Nimbus Digital');
  });

  it('answers anonymous reads and writes 401, and a write without the CSRF token 403', async () => {
    const anonymous = new TestBrowser(t.app, '10.9.3.2');
    await anonymous.fetchCsrf();
    expect((await anonymous.request({ url: '/api/settings/edit' })).statusCode).toBe(401);
    const write = await anonymous.request({ method: 'PUT', url: '/api/settings', payload: await edited() });
    expect(write.statusCode).toBe(401);
    expect(write.json()).toEqual({ message: 'unauthenticated' });
    const noToken = await editor.request({
      method: 'PUT',
      url: '/api/settings',
      payload: await edited(),
      csrf: null,
    });
    expect(noToken.statusCode).toBe(403);
    expect((await edited()).phone).toBe('+44 20 7946 0958');
  });

  it.each([
    ['email', 'hello@nimbus', 'email_invalid'],
    ['email', '', 'required'],
    ['phone', '+44 12', 'phone_invalid'],
    ['phone', 'call us', 'phone_invalid'],
    ['notify_email', 'inbox at nimbus', 'email_invalid'],
    ['default_country', 'XX', 'invalid_choice'],
    ['social_facebook', 'http://facebook.com/nimbus', 'url_invalid'],
    ['social_x', 'javascript:alert(1)', 'url_invalid'],
    ['social_instagram', 'instagram.com/nimbus', 'url_invalid'],
    ['social_tiktok', `https://tiktok.com/${'a'.repeat(500)}`, 'too_long'],
    ['social_youtube', 42, 'invalid_type'],
  ])('refuses %s = %j with 422 %s and saves nothing', async (field, value, key) => {
    const before = await edited();
    const res = await save({ ...before, [field]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: key, errors: { [field]: [key] } });
    expect(await edited()).toEqual(before);
  });

  it('refuses a missing name or a too long address per language, and a change without a version', async () => {
    const before = await edited();
    const res = await save({
      ...before,
      translations: { en: { name: ' ', address: '' }, ar: { name: 'نيمبس', address: 'ع'.repeat(301) } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'required',
      errors: { 'en.name': ['required'], 'ar.address': ['too_long'] },
    });
    const { version: _version, ...unversioned } = before;
    const noVersion = await save(unversioned);
    expect(noVersion.statusCode).toBe(422);
    expect(noVersion.json()).toEqual({
      message: 'version_required',
      errors: { version: ['version_required'] },
    });
  });

  it('takes one of two first saves at once and answers the other 409', async () => {
    const settings = await edited();
    const [a, b] = await Promise.all([
      save({ ...settings, phone: '+44 20 7946 0111' }),
      save({ ...settings, phone: '+44 20 7946 0222' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    expect((await edited()).phone).toBe(winner.json<{ data: SiteSettings }>().data.phone);
    // Back to the seed's phone for the tests that follow.
    const back = await save({ ...(await edited()), phone: '+44 20 7946 0958' });
    expect(back.statusCode).toBe(200);
  });

  it('saves what the editor read, changed; the public read and the next page show it, never the notification address', async () => {
    // A page rendered and kept before the change.
    const before = await t.app.inject({ url: '/blog?lng=ar' });
    expect(before.statusCode).toBe(200);
    expect(siteConfigOf(before.body).phone).toBe('+44 20 7946 0958');

    const settings = await edited();
    const res = await save({
      ...settings,
      phone: ' +971 50 123 4567 ',
      notify_email: 'inbox@nimbus.example',
      default_country: 'AE',
      social_tiktok: '',
      translations: {
        en: { name: 'Nimbus Digital', address: '1 Sheikh Zayed Road\nDubai' },
        ar: { name: 'نيمبس ديجيتال', address: '١ شارع الشيخ زايد\nدبي' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ message: string; data: SiteSettings }>();
    expect(saved.message).toBe('settings_updated');
    expect(saved.data.phone).toBe('+971 50 123 4567');
    expect(Date.parse(saved.data.version)).toBeGreaterThan(Date.parse(settings.version));
    // The round trip: what the editor reads now is what the answer gave.
    expect(await edited()).toEqual(saved.data);

    const ar = await publicSettings('ar');
    expect(ar).toMatchObject({
      name: 'نيمبس ديجيتال',
      address: '١ شارع الشيخ زايد\nدبي',
      phone: '+971 50 123 4567',
      default_country: 'AE',
    });
    expect(ar.social.tiktok).toBe('');
    const publicBody = JSON.stringify(ar) + JSON.stringify(await publicSettings('en'));
    expect(publicBody).not.toContain('inbox@nimbus.example');

    // The contact page (rendered in the browser with this test's front-end) and a page rendered on the server.
    const contact = await t.app.inject({ url: '/contact?lng=ar' });
    expect(siteConfigOf(contact.body).address).toBe('١ شارع الشيخ زايد\nدبي');
    const after = await t.app.inject({ url: '/blog?lng=ar' });
    expect(after.statusCode).toBe(200);
    expect(siteConfigOf(after.body)).toMatchObject({
      name: 'نيمبس ديجيتال',
      phone: '+971 50 123 4567',
      address: '١ شارع الشيخ زايد\nدبي',
      defaultCountry: 'AE',
    });
    expect(organizationOf(after.body)).toMatchObject({
      name: 'نيمبس ديجيتال',
      telephone: '+971 50 123 4567',
      address: '١ شارع الشيخ زايد, دبي',
    });
    expect(after.body).not.toContain('inbox@nimbus.example');
    // An editor's screen (rendered in the browser) carries them too.
    const screen = await editor.request({ url: '/site/settings' });
    expect(siteConfigOf(screen.body).phone).toBe('+971 50 123 4567');
  });

  it('answers a stale version 409 with the settings as they are, and saves nothing', async () => {
    const settings = await edited();
    const first = await save({ ...settings, phone: '+44 20 7946 0001' });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await save({ ...settings, phone: '+44 20 7946 0002' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'settings_conflict', current: first.json().data });
    expect((await publicSettings('en')).phone).toBe('+44 20 7946 0001');
  });

  it("drops the cached settings and pages when another process (or a person's SQL) changes them", async () => {
    await publicSettings('en');
    await t.app.inject({ url: '/contact' });
    await database.db.update(siteSettingsTranslations).set({ address: 'Changed by SQL' });
    await until(async () => (await publicSettings('en')).address === 'Changed by SQL');
    const page = await t.app.inject({ url: '/contact' });
    expect(siteConfigOf(page.body).address).toBe('Changed by SQL');
  });

  it('is described in the OpenAPI document, with the 409 of a stale change', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const doc = res.json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>();
    expect(Object.keys(doc.paths['/api/settings/'] ?? doc.paths['/api/settings'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'put']),
    );
    const put = (doc.paths['/api/settings/'] ?? doc.paths['/api/settings'])?.put;
    expect(Object.keys(put?.responses ?? {})).toEqual(expect.arrayContaining(['200', '409', '422']));
    expect(doc.paths['/api/settings/edit']?.get).toBeDefined();
  });
});
