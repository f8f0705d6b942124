import type { PublicPortfolio, PublicProject } from '@agency/core/content';
import { beforeAll, describe, expect, it } from 'vitest';
import { portfolioProjects } from '../../db/schema';
import { seedPortfolio } from '../../db/seed/portfolio';
import { PORTFOLIO_SEEDS } from '../../db/seed/portfolio-content';
import { posterImagesDir } from '../../lib/storage';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/databases';

const key = { 'x-api-key': TEST_API_KEY };
const [BAKERY, COFFEE] = PORTFOLIO_SEEDS;

describeEachDatabase('Portfolio API (public)', (database) => {
  const t = useTestApp(database);
  let firstImage = '';
  beforeAll(async () => {
    expect(await seedPortfolio(database.db, { storageDir: posterImagesDir(t.config.dataDir) })).toBe(true);
    // A second start finds the projects there and adds nothing.
    expect(await seedPortfolio(database.db, { storageDir: posterImagesDir(t.config.dataDir) })).toBe(false);
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

describe('portfolio seed content', () => {
  it('has every text in both languages, a slug each and an alt text per gallery image', () => {
    for (const seed of PORTFOLIO_SEEDS)
      for (const language of ['en', 'ar'] as const) {
        expect(seed.text[language].galleryAlts).toHaveLength(seed.gallery.length);
        expect(seed.text[language].slug).not.toBe('');
      }
  });
});
