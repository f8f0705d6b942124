import type { EditableService } from '@agency/core/content';
import type { Service, ServiceSummary } from '@agency/core/types';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { multipart, signedIn, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { makeImage } from '../../test/images';

const headers = { 'x-api-key': TEST_API_KEY };

describeEachDatabase('services editor API', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.3.1');
  });

  async function publicList(language: 'en' | 'ar'): Promise<ServiceSummary[]> {
    const res = await t.app.inject({ url: `/api/services?language=${language}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { data: ServiceSummary[] } }>().data.data;
  }
  async function publicOne(key: string, language: 'en' | 'ar') {
    return t.app.inject({ url: `/api/services/${key}?language=${language}`, headers });
  }
  async function read(key: string, language: 'en' | 'ar'): Promise<EditableService> {
    const res = await editor.request({ url: `/api/services/${key}?language=${language}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json<{ data: EditableService }>().data;
  }
  async function save(key: string, service: Record<string, unknown>) {
    return editor.request({ method: 'PUT', url: `/api/services/${key}`, payload: service });
  }

  it('gives an editor the whole service, and takes the same object back with one field changed (the round trip)', async () => {
    const seo = await read('seo', 'ar');
    expect(seo).toMatchObject({
      key: 'seo',
      language: 'ar',
      hidden: false,
      translated: true,
      languages: ['en', 'ar'],
    });
    expect(seo.sections[0]?.type).toBe('hero');
    expect(seo.sections.length).toBeGreaterThan(1);
    // Read into the cache first: the save must drop it.
    expect((await publicOne('seo', 'ar')).json<{ data: Service }>().data.description).toBe(seo.description);
    const res = await save('seo', { ...seo, description: 'وصف جديد لتحسين محركات البحث' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ message: string; data: EditableService }>();
    expect(saved.message).toBe('service_updated');
    expect(saved.data.version).not.toBe(seo.version);
    expect(saved.data.sections).toEqual(seo.sections);
    const after = (await publicOne('seo', 'ar')).json<{ data: Service }>().data;
    expect(after.description).toBe('وصف جديد لتحسين محركات البحث');
    expect(after.sections).toEqual(seo.sections);
    // The English service is untouched.
    expect((await read('seo', 'en')).description).not.toBe('وصف جديد لتحسين محركات البحث');
  });

  it('renames a service, its key and its address staying as they were', async () => {
    const seo = await read('seo', 'en');
    const res = await save('seo', { ...seo, name: 'Search Engine Optimisation' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: EditableService }>().data.key).toBe('seo');
    const listed = (await publicList('en')).find((s) => s.id === seo.id);
    expect(listed).toMatchObject({ key: 'seo', name: 'Search Engine Optimisation' });
    expect((await publicOne('seo', 'en')).statusCode).toBe(200);
  });

  it('edits sections: adds, removes and reorders them and their points, and flips a layout', async () => {
    const branding = await read('branding', 'en');
    const [hero, first, second, ...rest] = branding.sections;
    if (!hero || first?.type !== 'content' || second?.type !== 'content') throw new Error('unexpected seed');
    const sections = [
      hero,
      { ...second, data: { ...second.data, layout: second.data.layout === 'left' ? 'right' : 'left' } },
      { ...first, data: { ...first.data, items: [...first.data.items.slice(1), 'A brand book'] } },
      {
        type: 'content',
        data: {
          title: 'Workshops',
          description: 'Half a day with your team.',
          items: ['Naming'],
          layout: 'right',
        },
      },
    ];
    const res = await save('branding', { ...branding, sections });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await publicOne('branding', 'en')).json<{ data: Service }>().data;
    expect(page.sections.map((s) => s.data.title)).toEqual([
      hero.data.title,
      second.data.title,
      first.data.title,
      'Workshops',
    ]);
    expect(page.sections[1]?.data).toMatchObject({
      layout: second.data.layout === 'left' ? 'right' : 'left',
    });
    expect(page.sections[2]?.data).toMatchObject({ items: [...first.data.items.slice(1), 'A brand book'] });
    // Removed in both languages; the new section has no Arabic text yet, so the Arabic page leaves it out.
    const arabic = (await publicOne('branding', 'ar')).json<{ data: Service }>().data;
    expect(arabic.sections.map((s) => s.id)).toEqual(page.sections.slice(0, 3).map((s) => s.id));
    expect(rest.length).toBeGreaterThan(0);
    for (const gone of rest) expect(arabic.sections.some((s) => s.id === gone.id)).toBe(false);
    // The editor's Arabic form has the new section with empty texts, to translate.
    const form = await read('branding', 'ar');
    expect(form.sections[3]?.data).toMatchObject({ title: '', description: '', items: [] });
  });

  it('creates a service in English, translates it into Arabic, and shows it last in both lists', async () => {
    const created = await editor.request({
      method: 'POST',
      url: '/api/services',
      payload: {
        key: 'copywriting',
        language: 'en',
        name: 'Copywriting',
        description: 'Words that sell.',
        image_path: '/mf/mf-marketing/images/services/branding.svg',
        image_alt: 'A pen',
        hidden: false,
        sections: [
          { type: 'hero', data: { title: 'Words that sell', description: 'From headlines to pages.' } },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json<{ data: EditableService }>().data;
    expect(service).toMatchObject({ key: 'copywriting', languages: ['en'], translated: true });
    expect((await publicList('en')).at(-1)).toMatchObject({ key: 'copywriting', image_alt: 'A pen' });
    expect((await publicList('ar')).some((s) => s.key === 'copywriting')).toBe(false);

    const arabic = await read('copywriting', 'ar');
    expect(arabic).toMatchObject({ translated: false, name: '', languages: ['en'] });
    const hero = arabic.sections[0];
    if (!hero) throw new Error('no hero');
    const res = await save('copywriting', {
      ...arabic,
      name: 'كتابة المحتوى',
      description: 'كلمات تبيع.',
      image_alt: 'قلم',
      sections: [{ ...hero, data: { title: 'كلمات تبيع', description: 'من العناوين إلى الصفحات.' } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicList('ar')).at(-1)).toMatchObject({
      key: 'copywriting',
      name: 'كتابة المحتوى',
      image_alt: 'قلم',
    });
    expect(
      (await publicOne('copywriting', 'ar')).json<{ data: Service }>().data.sections[0]?.data.title,
    ).toBe('كلمات تبيع');
    // The key is taken now, and only a plain key is one.
    for (const [key, problem] of [
      ['copywriting', 'key_taken'],
      ['Copy Writing', 'key_invalid'],
      ['items', 'key_invalid'],
      ['', 'required'],
    ] as const) {
      const again = await editor.request({
        method: 'POST',
        url: '/api/services',
        payload: {
          key,
          language: 'en',
          name: 'X',
          description: 'Y',
          image_path: '/mf/mf-marketing/images/services/seo.svg',
        },
      });
      expect(again.statusCode, key).toBe(422);
      expect(again.json()).toMatchObject({ errors: { key: [problem] } });
    }
  });

  it('reorders the services for both languages, and refuses an order that misses one', async () => {
    const listed = await editor.request({ url: '/api/services/items?language=en' });
    expect(listed.statusCode).toBe(200);
    const ids = listed.json<{ data: { items: EditableService[] } }>().data.items.map((s) => s.id);
    const reversed = [...ids].reverse();
    const res = await editor.request({
      method: 'PUT',
      url: '/api/services/order',
      payload: { ids: reversed },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicList('en')).map((s) => s.id)).toEqual(reversed);
    expect((await publicList('ar')).map((s) => s.id)).toEqual(reversed.filter((id) => id !== undefined));
    const short = await editor.request({
      method: 'PUT',
      url: '/api/services/order',
      payload: { ids: reversed.slice(1) },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ message: 'order_invalid', errors: { ids: ['order_invalid'] } });
  });

  it('hides a service: out of the public list, its page 404 for the public, still there for editors', async () => {
    const video = await read('video-editing', 'en');
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).toContain('/services/video-editing');
    expect((await save('video-editing', { ...video, hidden: true })).statusCode).toBe(200);
    expect((await publicList('en')).some((s) => s.key === 'video-editing')).toBe(false);
    expect((await publicOne('video-editing', 'en')).statusCode).toBe(404);
    // Nor in the sitemap (kept in memory until a service changes).
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).not.toContain('/services/video-editing');
    expect((await read('video-editing', 'en')).hidden).toBe(true);
    const listed = await editor.request({ url: '/api/services/items?language=en' });
    expect(
      listed.json<{ data: { items: EditableService[] } }>().data.items.find((s) => s.key === 'video-editing')
        ?.hidden,
    ).toBe(true);
    // Shown again.
    expect(
      (await save('video-editing', { ...(await read('video-editing', 'en')), hidden: false })).statusCode,
    ).toBe(200);
    expect((await publicOne('video-editing', 'en')).statusCode).toBe(200);
  });

  it('takes an image from the upload route (checked, re-encoded, with its widths) and its alt text per language', async () => {
    const body = await multipart({
      poster_image: {
        bytes: await makeImage('png', { width: 600, height: 600 }),
        filename: 'seo.png',
        type: 'image/png',
      },
    });
    const uploaded = await editor.request({
      method: 'POST',
      url: '/api/upload-image',
      payload: body.payload,
      headers: body.headers,
    });
    expect(uploaded.statusCode).toBe(201);
    const url = uploaded.json<string>();
    const seo = await read('seo', 'en');
    const res = await save('seo', { ...seo, image_path: url, image_alt: 'A magnifying glass over a chart' });
    expect(res.statusCode, res.body).toBe(200);
    const arabic = await read('seo', 'ar');
    expect(arabic.image_path).toBe(url);
    expect((await save('seo', { ...arabic, image_alt: 'عدسة مكبرة فوق رسم بياني' })).statusCode).toBe(200);
    expect((await publicList('en')).find((s) => s.key === 'seo')).toMatchObject({
      image_path: url,
      image_alt: 'A magnifying glass over a chart',
    });
    expect((await publicList('ar')).find((s) => s.key === 'seo')?.image_alt).toBe('عدسة مكبرة فوق رسم بياني');
    // The card's width of it is there.
    const small = await t.app.inject({ url: url.replace(/\.webp$/, '-480w.webp') });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    // Any other address is not an image of the site's.
    const elsewhere = await save('seo', {
      ...(await read('seo', 'en')),
      image_path: '/storage/poster_images/../x.webp',
    });
    expect(elsewhere.json()).toMatchObject({ errors: { image_path: ['invalid_choice'] } });
  });

  it('answers bad input 422 with each field’s key, and writes nothing', async () => {
    const seo = await read('seo', 'en');
    const res = await save('seo', {
      ...seo,
      name: '  ',
      description: 'x'.repeat(1001),
      image_path: 'https://evil.example/x.png',
      sections: [
        { type: 'content', data: { title: 'T', description: 'D', items: [''], layout: 'up' } },
        { type: 'hero', data: { title: '', description: 'D' } },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'required',
      errors: {
        name: ['required'],
        description: ['too_long'],
        image_path: ['invalid_choice'],
        'sections.0.layout': ['invalid_choice'],
        'sections.0.items.0': ['required'],
        'sections.1.type': ['invalid_choice'],
      },
    });
    expect((await save('seo', { ...seo, version: undefined })).json()).toMatchObject({
      errors: { version: ['version_required'] },
    });
    expect((await save('seo', { ...seo, language: 'fr' })).json()).toMatchObject({
      errors: { language: ['language_invalid'] },
    });
    // A section of another service is no section of this one.
    const other = (await read('branding', 'en')).sections[1];
    const foreign = await save('seo', { ...seo, sections: [...seo.sections, other] });
    expect(foreign.statusCode).toBe(422);
    expect(await read('seo', 'en')).toEqual(seo);
  });

  it('answers a stale save 409 with the service as it is now', async () => {
    const first = await read('mobile-apps', 'en');
    expect((await save('mobile-apps', { ...first, name: 'Apps' })).statusCode).toBe(200);
    const stale = await save('mobile-apps', { ...first, name: 'Mobile' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'services_conflict',
      current: { name: 'Apps', key: 'mobile-apps' },
    });
    expect((await read('mobile-apps', 'en')).name).toBe('Apps');
  });

  it('answers anonymous editor reads and writes 401, and writes without the CSRF token 403', async () => {
    const anonymous = new TestBrowser(t.app, '10.9.3.2');
    await anonymous.fetchCsrf();
    expect((await anonymous.request({ url: '/api/services/items?language=en' })).statusCode).toBe(401);
    // The public read of a service is the public's shape, without the editor's fields.
    const open = await anonymous.request({ url: '/api/services/seo?language=en' });
    expect(open.statusCode).toBe(200);
    expect(open.json<{ data: Record<string, unknown> }>().data.version).toBeUndefined();
    for (const [method, url] of [
      ['POST', '/api/services'],
      ['PUT', '/api/services/seo'],
      ['PUT', '/api/services/order'],
      ['DELETE', '/api/services/seo'],
    ] as const) {
      const res = await anonymous.request({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: 'unauthenticated' });
      const noToken = await editor.request({ method, url, payload: {}, csrf: null });
      expect(noToken.statusCode, `${method} ${url}`).toBe(403);
      expect(noToken.json()).toEqual({ message: 'csrf_mismatch' });
    }
    expect((await publicOne('seo', 'en')).statusCode).toBe(200);
  });

  it('keeps the service’s name with a contact message after the service is deleted', async () => {
    const visitor = new TestBrowser(t.app, '10.9.3.3');
    await visitor.fetchCsrf();
    const message = {
      name: 'Layla Hassan',
      countryCode: '+971',
      phone: '050 123 4567',
      email: 'layla@example.com',
      business: '',
      service: 'motion-graphics',
      message: 'A short animated explainer, please.',
      website: '',
    };
    const sent = await visitor.request({ method: 'POST', url: '/api/contact', payload: message });
    expect(sent.statusCode, sent.body).toBe(200);
    const deleted = await editor.request({ method: 'DELETE', url: '/api/services/motion-graphics' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'service_deleted' });
    expect((await publicOne('motion-graphics', 'en')).statusCode).toBe(404);
    expect(
      (await editor.request({ method: 'DELETE', url: '/api/services/motion-graphics' })).statusCode,
    ).toBe(404);
    const [row] = await database.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.message, 'A short animated explainer, please.'));
    const inbox = await editor.request({ url: `/api/contact-messages/${row?.id}` });
    expect(inbox.json()).toMatchObject({
      service: 'motion-graphics',
      service_name: { en: 'Motion Graphics', ar: expect.stringMatching(/[\u0621-\u064A]/) },
    });
    // A deleted (or hidden) service is no choice for a new message.
    const again = await visitor.request({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, message: 'Another one about it.' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errors: { service: ['service_invalid'] } });
  });
});
