import type { Service, ServiceSummary } from '@agency/core/types';
import { describe, expect, it } from 'vitest';
import { SERVICE_SEEDS } from '../../db/seed/services';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/databases';

const ARABIC_LETTER = /[\u0621-\u064A]/;
const headers = { 'x-api-key': TEST_API_KEY };

describeEachDatabase('services API', (database) => {
  const t = useTestApp(database);

  async function list(language?: string): Promise<ServiceSummary[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/services',
      query: language ? { language } : {},
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json<{ data: { data: ServiceSummary[] } }>();
    expect(Object.keys(body)).toEqual(['data']);
    expect(Object.keys(body.data)).toEqual(['data']);
    return body.data.data;
  }

  async function one(key: string, language: string): Promise<Service> {
    const res = await t.app.inject({ url: `/api/services/${key}?language=${language}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: Service }>().data;
  }

  it('lists the ten services in seed order, in English by default', async () => {
    const services = await list();
    expect(services.map((s) => s.key)).toEqual([
      'web-development',
      'mobile-apps',
      'seo',
      'paid-advertising',
      'digital-marketing',
      'social-media-management',
      'branding',
      'ui-ux-design',
      'video-editing',
      'motion-graphics',
    ]);
    expect(services[0]).toMatchObject({
      key: 'web-development',
      name: 'Web Development',
      image_path: '/mf/mf-marketing/images/services/web-development.svg',
    });
    expect(await list('en')).toEqual(services);
  });

  it('lists the same ten services in Arabic, written in Arabic', async () => {
    const [en, ar] = [await list('en'), await list('ar')];
    expect(ar).toHaveLength(10);
    expect(ar.map((s) => [s.id, s.key, s.image_path])).toEqual(en.map((s) => [s.id, s.key, s.image_path]));
    for (const service of ar) {
      expect(service.name).toMatch(ARABIC_LETTER);
      expect(service.description).toMatch(ARABIC_LETTER);
      for (const section of (await one(service.key, 'ar')).sections)
        expect(section.data.title).toMatch(ARABIC_LETTER);
    }
    for (const service of en) expect(service.name).not.toMatch(ARABIC_LETTER);
    expect(ar[0]?.name).toBe('تطوير المواقع الإلكترونية');
  });

  it.each(['en', 'ar'])(
    'gives every service (%s) a hero then content sections alternating left and right, on its own page only',
    async (language) => {
      for (const listed of await list(language)) {
        // A list carries no sections: a card, the footer and the contact form need none.
        expect(Object.keys(listed).sort()).toEqual([
          'description',
          'id',
          'image_alt',
          'image_path',
          'key',
          'name',
          'slug',
        ]);
        const service = await one(listed.key, language);
        expect(service).toEqual({ ...listed, sections: service.sections });
        const [hero, ...content] = service.sections;
        expect(hero?.type).toBe('hero');
        expect(Object.keys(hero?.data ?? {}).sort()).toEqual(['description', 'title']);
        expect(content.length).toBeGreaterThanOrEqual(3);
        expect(content.length).toBeLessThanOrEqual(4);
        content.forEach((section, i) => {
          expect(section.type).toBe('content');
          if (section.type !== 'content') return;
          expect(section.data.layout).toBe(i % 2 === 0 ? 'left' : 'right');
          expect(section.data.items.length).toBeGreaterThan(0);
          expect(section.data.title).not.toBe('');
        });
        expect(new Set(service.sections.map((s) => s.id)).size).toBe(service.sections.length);
      }
    },
  );

  it('answers one service with its sections', async () => {
    const res = await t.app.inject({ url: '/api/services/seo?language=ar', headers });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: Service }>();
    const seed = SERVICE_SEEDS.find((s) => s.key === 'seo');
    expect(data).toMatchObject({ key: 'seo', name: seed?.name.ar, description: seed?.description.ar });
    expect(data.sections[0]).toEqual({
      id: data.sections[0]?.id,
      type: 'hero',
      data: { title: seed?.hero.title.ar, description: seed?.hero.description.ar },
    });
    expect(data.sections[1]).toEqual({
      id: data.sections[1]?.id,
      type: 'content',
      data: {
        title: seed?.sections[0]?.title.ar,
        description: seed?.sections[0]?.description.ar,
        items: seed?.sections[0]?.items.map((item) => item.ar),
        layout: 'left',
      },
    });
    const listed = (await list('ar')).find((s) => s.key === 'seo');
    const { sections: _sections, ...summary } = data;
    expect(summary).toEqual(listed);
  });

  it('answers 404 for an unknown service', async () => {
    const res = await t.app.inject({ url: '/api/services/time-travel', headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Service not found' });
  });

  it.each([
    { url: '/api/services?language=fr' },
    { url: '/api/services?language=' },
    { url: '/api/services?language=EN' },
    { url: '/api/services/seo?language=de' },
  ])('answers 422 for a bad language: $url', async ({ url }) => {
    const res = await t.app.inject({ url, headers });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { language: ['must be one of: en, ar'] },
    });
  });

  it('ignores unknown query parameters', async () => {
    const res = await t.app.inject({ url: '/api/services?language=ar&_=123', headers });
    expect(res.statusCode).toBe(200);
  });
});

describe('seed data', () => {
  it('has ten distinct URL-safe keys', () => {
    const keys = SERVICE_SEEDS.map((s) => s.key);
    expect(new Set(keys).size).toBe(10);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has every text in both languages, the Arabic in Arabic', () => {
    for (const seed of SERVICE_SEEDS) {
      const texts = [
        seed.name,
        seed.description,
        seed.hero.title,
        seed.hero.description,
        ...seed.sections.flatMap((s) => [s.title, s.description, ...s.items]),
      ];
      for (const text of texts) {
        expect(text.en.trim()).not.toBe('');
        expect(text.en).not.toMatch(ARABIC_LETTER);
        expect(text.ar).toMatch(ARABIC_LETTER);
      }
    }
  });
});
