import type { PortfolioProject, PublicPortfolio, PublicProject } from '@agency/core/content';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { media, portfolioProjects } from '../../db/schema';
import { seedPortfolio } from '../../db/seed/portfolio';
import { PORTFOLIO_SEEDS } from '../../db/seed/portfolio-content';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { multipart, signedIn, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { makeImage } from '../../test/images';

const key = { 'x-api-key': TEST_API_KEY };
const [BAKERY, COFFEE] = PORTFOLIO_SEEDS;

describeEachDatabase('Portfolio API (public)', (database) => {
  const t = useTestApp(database);
  let firstImage = '';
  beforeAll(async () => {
    expect(await seedPortfolio(database.db, { images: t.app.storage.store })).toBe(true);
    // A second start finds the projects there and adds nothing.
    expect(await seedPortfolio(database.db, { images: t.app.storage.store })).toBe(false);
    const [seeded] = await database.db.select().from(portfolioProjects).limit(1);
    firstImage = seeded?.coverImage ?? '';
    // Seven web projects in English (one hidden), so the list has pages.
    await database.db.insert(portfolioProjects).values(
      Array.from({ length: 8 }, (_, i) => ({
        language: 'en' as const,
        slug: `web-project-${i + 1}`,
        title: `Web project ${i + 1}`,
        client: 'A client',
        category: 'web',
        coverImage: firstImage,
        coverAlt: 'A screen',
        summary: 'A site.',
        sortOrder: 100 + i * 10,
        hidden: i === 7,
      })),
    );
  });

  async function list(query: string) {
    return t.app.inject({ url: `/api/portfolio?${query}`, headers: key });
  }
  async function listed(query: string): Promise<PublicPortfolio> {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: PublicPortfolio }>().data;
  }

  it('serves the two projects the portfolio showed before, in both languages, with their images', async () => {
    for (const language of ['en', 'ar'] as const) {
      const page = await listed(`language=${language}&category=design`);
      expect(page.data.map((p) => [p.title, p.slug])).toEqual(
        PORTFOLIO_SEEDS.map((s) => [s.text[language].title, s.text[language].slug]),
      );
      expect(page.data[0]?.cover_image).toMatch(/^\/storage\/poster_images\/[0-9a-f]{32}\.webp$/);
      const image = await t.app.inject({ url: page.data[0]?.cover_image ?? '' });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    }
    expect((await listed('language=ar')).categories).toEqual(['design']);
    // Their images are in the media library with the alt text of each language, used by both projects (and
    // by this suite's own projects, made with the same cover).
    const [cover] = await database.db
      .select()
      .from(media)
      .where(eq(media.fileName, `${PORTFOLIO_SEEDS[0]?.text.en.slug}-cover.webp`));
    expect(cover?.alt).toEqual({
      en: PORTFOLIO_SEEDS[0]?.text.en.coverAlt,
      ar: PORTFOLIO_SEEDS[0]?.text.ar.coverAlt,
    });
    const uses = (await t.app.media.get(cover?.id ?? 0))?.uses ?? [];
    expect(uses.filter((u) => u.title === BAKERY?.text[u.language].title)).toEqual([
      expect.objectContaining({ kind: 'portfolio', role: 'cover', language: 'en' }),
      expect.objectContaining({ kind: 'portfolio', role: 'cover', language: 'ar' }),
    ]);
  });

  it('filters by category and pages through the visible projects, six a page', async () => {
    const all = await listed('language=en');
    expect(all.categories).toEqual(['design', 'web']);
    expect([all.total, all.last_page, all.data.length]).toEqual([9, 2, 6]);
    const second = await listed('language=en&page=2');
    expect(second.data.map((p) => p.slug)).toEqual(['web-project-5', 'web-project-6', 'web-project-7']);
    const web = await listed('language=en&category=web');
    expect([web.category, web.total, web.last_page]).toEqual(['web', 7, 2]);
    expect(web.data.every((p) => p.category === 'web')).toBe(true);
    // The hidden project is nowhere.
    expect((await listed('language=en&category=web&page=2')).data.map((p) => p.slug)).toEqual([
      'web-project-7',
    ]);
    // Past the last page: no projects; an unknown category or page is refused.
    expect((await listed('language=en&page=3')).data).toEqual([]);
    expect((await list('language=en&category=cooking')).statusCode).toBe(422);
    expect((await list('language=en&page=0')).statusCode).toBe(422);
    expect((await list('language=xx')).statusCode).toBe(422);
  });

  it('serves one project by its slug with its gallery, body and translation; 404 for hidden or unknown', async () => {
    const res = await t.app.inject({
      url: `/api/portfolio/${encodeURIComponent(BAKERY?.text.ar.slug ?? '')}?language=ar`,
      headers: key,
    });
    expect(res.statusCode, res.body).toBe(200);
    const project = res.json<{ data: PublicProject }>().data;
    expect(project).toMatchObject({
      language: 'ar',
      title: BAKERY?.text.ar.title,
      client: BAKERY?.text.ar.client,
      link: BAKERY?.link,
      seo_title: BAKERY?.text.ar.seoTitle,
      translations: [{ language: 'en', slug: BAKERY?.text.en.slug }],
    });
    expect(project.gallery.map((g) => g.alt)).toEqual(BAKERY?.text.ar.galleryAlts);
    expect(project.body).toContain('<h2>');
    for (const slug of ['web-project-8', 'nothing-here', '123'])
      expect(
        (await t.app.inject({ url: `/api/portfolio/${slug}?language=en`, headers: key })).statusCode,
      ).toBe(404);
  });

  it('lists every visible project in the sitemap, each linked to its translation', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    const origin = t.config.publicOrigin;
    const en = `${origin}/portfolio/${COFFEE?.text.en.slug}`;
    const ar = `${origin}/portfolio/${encodeURIComponent(COFFEE?.text.ar.slug ?? '')}`;
    const entry = new RegExp(
      `<loc>${en}</loc>\\s*<lastmod>[^<]+</lastmod>\\s*<xhtml:link rel="alternate" hreflang="en" href="${en}"/>\\s*<xhtml:link rel="alternate" hreflang="ar" href="${ar}"/>\\s*<xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`,
    );
    expect(res.body).toMatch(entry);
    expect(res.body).toContain(`<loc>${ar}</loc>`);
    expect(res.body).toContain(`<loc>${origin}/portfolio/web-project-7</loc>`);
    expect(res.body).not.toContain('web-project-8');
  });
});

describeEachDatabase('Portfolio API (editor)', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  let image = '';
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.2.1');
    // Images go through the one pipeline: the upload route (byte check, re-encode, widths).
    const body = await multipart({
      poster_image: { bytes: await makeImage('png'), filename: 'shot.png', type: 'image/png' },
    });
    const res = await editor.request({
      method: 'POST',
      url: '/api/upload-image',
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    image = res.json<string>();
  });

  const project = (changes: Record<string, unknown> = {}) => ({
    language: 'en',
    title: 'Shop for a tea house',
    slug: 'tea-house-shop',
    client: 'Leaf & Co',
    category: 'web',
    cover_image: image,
    cover_alt: 'The shop on a phone',
    gallery: [{ image, alt: '  The basket  ' }],
    summary: 'An online shop.',
    body: '<p>We built <strong>the shop</strong>.</p><script>alert(1)</script>',
    link: 'https://leaf.example',
    seo_title: '',
    seo_description: '',
    seo_image: '',
    hidden: false,
    ...changes,
  });
  async function create(body: Record<string, unknown>) {
    return editor.request({ method: 'POST', url: '/api/portfolio/items', payload: body });
  }
  async function publicList(language: 'en' | 'ar') {
    const res = await t.app.inject({ url: `/api/portfolio?language=${language}`, headers: key });
    return res.json<{ data: PublicPortfolio }>().data;
  }
  async function editorList(language: 'en' | 'ar') {
    const res = await editor.request({ url: `/api/portfolio/items?language=${language}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json<{ data: { items: PortfolioProject[] } }>().data.items;
  }

  it('answers anonymous editor reads and writes 401, and writes without the CSRF token 403', async () => {
    const anonymous = new TestBrowser(t.app, '10.9.2.2');
    await anonymous.fetchCsrf();
    expect((await anonymous.request({ url: '/api/portfolio/items?language=en' })).statusCode).toBe(401);
    expect((await anonymous.request({ url: '/api/portfolio/items/1' })).statusCode).toBe(401);
    for (const [method, url] of [
      ['POST', '/api/portfolio/items'],
      ['PUT', '/api/portfolio/items/1'],
      ['PUT', '/api/portfolio/order'],
      ['DELETE', '/api/portfolio/items/1'],
    ] as const) {
      const res = await anonymous.request({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      const noToken = await editor.request({ method, url, payload: {}, csrf: null });
      expect(noToken.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('creates a project, translates it, edits it with its version (409 when stale), hides and deletes it', async () => {
    await publicList('en'); // kept in memory now: the write must drop it
    const res = await create(project());
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ message: string; data: PortfolioProject }>();
    expect(created.message).toBe('portfolio_project_created');
    expect(created.data).toMatchObject({
      language: 'en',
      slug: 'tea-house-shop',
      cover_image: image,
      gallery: [{ image, alt: 'The basket' }],
      body: '<p>We built <strong>the shop</strong>.</p>',
      translation_id: null,
    });
    expect((await publicList('en')).data.map((p) => p.slug)).toContain('tea-house-shop');

    const translated = await create(
      project({
        language: 'ar',
        title: 'متجر لبيت شاي',
        slug: 'متجر-لبيت-شاي',
        translation_of: created.data.id,
      }),
    );
    expect(translated.statusCode, translated.body).toBe(201);
    const arabic = translated.json<{ data: PortfolioProject }>().data;
    expect(arabic.translation_id).toBe(created.data.id);
    const page = await t.app.inject({ url: '/api/portfolio/tea-house-shop?language=en', headers: key });
    expect(page.json<{ data: PublicProject }>().data.translations).toEqual([
      { language: 'ar', slug: 'متجر-لبيت-شاي' },
    ]);

    // The round trip: what GET gives, PUT takes back.
    const read = await editor.request({ url: `/api/portfolio/items/${created.data.id}` });
    const item = read.json<{ data: PortfolioProject }>().data;
    const saved = await editor.request({
      method: 'PUT',
      url: `/api/portfolio/items/${item.id}`,
      payload: { ...item, title: 'Tea house shop', seo_image: image },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<{ data: PortfolioProject }>().data;
    expect([after.title, after.seo_image]).toEqual(['Tea house shop', image]);
    const stale = await editor.request({
      method: 'PUT',
      url: `/api/portfolio/items/${item.id}`,
      payload: { ...item, title: 'Lost edit' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'portfolio_conflict',
      current: { title: 'Tea house shop' },
    });

    const hidden = await editor.request({
      method: 'PUT',
      url: `/api/portfolio/items/${item.id}`,
      payload: { ...after, hidden: true },
    });
    expect(hidden.statusCode).toBe(200);
    expect((await publicList('en')).data.map((p) => p.slug)).not.toContain('tea-house-shop');
    expect(
      (await t.app.inject({ url: '/api/portfolio/tea-house-shop?language=en', headers: key })).statusCode,
    ).toBe(404);
    expect((await editorList('en')).map((p) => p.slug)).toContain('tea-house-shop');

    const deleted = await editor.request({ method: 'DELETE', url: `/api/portfolio/items/${item.id}` });
    expect(deleted.json()).toEqual({ message: 'portfolio_project_deleted' });
    expect((await editor.request({ url: `/api/portfolio/items/${item.id}` })).statusCode).toBe(404);
    // Its translation stays, unlinked.
    const kept = await editor.request({ url: `/api/portfolio/items/${arabic.id}` });
    expect(kept.json<{ data: PortfolioProject }>().data.translation_id).toBeNull();
  });

  it('reorders one language’s projects, and refuses a list that does not name each of them once', async () => {
    for (const n of [1, 2, 3])
      expect((await create(project({ slug: `order-${n}`, title: `Order ${n}` }))).statusCode).toBe(201);
    const ids = (await editorList('en')).map((p) => p.id);
    const reversed = [...ids].reverse();
    const res = await editor.request({
      method: 'PUT',
      url: '/api/portfolio/order',
      payload: { language: 'en', ids: reversed },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await editorList('en')).map((p) => p.id)).toEqual(reversed);
    expect((await publicList('en')).data.map((p) => p.id)).toEqual(reversed.slice(0, 6));
    const short = await editor.request({
      method: 'PUT',
      url: '/api/portfolio/order',
      payload: { language: 'en', ids: reversed.slice(1) },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ errors: { ids: ['order_invalid'] } });
  });

  it('refuses bad input field by field: 422 with translated keys', async () => {
    const res = await create(
      project({
        title: '',
        slug: 'Not a slug',
        category: 'cooking',
        cover_image: 'https://elsewhere.example/x.png',
        gallery: [{ image, alt: '' }],
        link: 'http://plain.example',
        summary: 'x'.repeat(501),
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      title: ['required'],
      slug: ['slug_invalid'],
      category: ['invalid_choice'],
      cover_image: ['image_invalid'],
      gallery: ['required'],
      summary: ['too_long'],
      link: ['url_invalid'],
    });
    expect((await create(project({ slug: 'order-1' }))).json()).toMatchObject({
      errors: { slug: ['slug_taken'] },
    });
    expect((await create(project({ slug: 'items' }))).json()).toMatchObject({
      errors: { slug: ['slug_taken'] },
    });
    expect((await create(project({ language: 'fr', slug: 'fr-1' }))).json()).toMatchObject({
      errors: { language: ['language_invalid'] },
    });
    const [first] = await editorList('en');
    const noVersion = await editor.request({
      method: 'PUT',
      url: `/api/portfolio/items/${first?.id}`,
      payload: { ...first, version: undefined },
    });
    expect(noVersion.json()).toMatchObject({ errors: { version: ['version_required'] } });
  });
});

describe('portfolio seed content', () => {
  it('has every text in both languages, a slug each and an alt text per gallery image', () => {
    for (const seed of PORTFOLIO_SEEDS)
      for (const language of ['en', 'ar'] as const) {
        expect(seed.text[language].galleryAlts).toHaveLength(seed.gallery.length);
        expect(seed.text[language].slug).not.toBe('');
      }
  });
});
