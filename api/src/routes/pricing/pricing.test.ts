import type { PricingPlan, PublicPlan, PublicPricing } from '@agency/core/content';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, pricingPlans } from '../../db/schema';
import { PRICING_SEEDS } from '../../db/seed/pricing-content';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { signedIn, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';

type Listed = { data: { categories: { key: string; name: string }[]; items: PricingPlan[] } };

async function until(check: () => Promise<boolean>, ms = 3_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const NEW_PLAN = {
  language: 'en',
  category: 'seo',
  key: 'custom',
  name: '  Local SEO  ',
  description: 'For shops with one address.',
  type: 'monthly',
  price: 250,
  currency: 'GBP',
  unit: '',
  features: ['  Google Business profile ', '', 'Local citations'],
  highlighted: false,
  hidden: false,
};

describeEachDatabase('pricing API', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.2.1');
  });

  async function publicPricing(language: 'en' | 'ar'): Promise<PublicPricing> {
    const res = await t.app.inject({
      url: `/api/pricing?language=${language}`,
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: PublicPricing }>().data;
  }
  const plansOf = (pricing: PublicPricing, category: string): PublicPlan[] =>
    pricing.categories.find((c) => c.key === category)?.plans ?? [];

  async function editorList(language: 'en' | 'ar'): Promise<Listed['data']> {
    const res = await editor.request({ url: `/api/pricing/plans?language=${language}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json<Listed>().data;
  }

  async function create(body: Record<string, unknown>) {
    return editor.request({ method: 'POST', url: '/api/pricing/plans', payload: body });
  }
  async function update(plan: PricingPlan, changes: Partial<PricingPlan>) {
    return editor.request({
      method: 'PUT',
      url: `/api/pricing/plans/${plan.id}`,
      payload: { ...plan, ...changes },
    });
  }

  it('serves the plans the pricing page showed before, in both languages, each linked to its translation', async () => {
    for (const language of ['en', 'ar'] as const) {
      const pricing = await publicPricing(language);
      expect(pricing.categories.map((c) => [c.key, c.name])).toEqual(
        PRICING_SEEDS.map((s) => [s.key, s.name[language]]),
      );
      const web = plansOf(pricing, 'web-development');
      expect(web.map((p) => [p.key, p.price, p.type, p.highlighted])).toEqual([
        ['starter', 1200, 'one_time', false],
        ['professional', 2500, 'one_time', true],
        ['advanced', 4000, 'one_time', false],
        ['custom', null, 'quote_based', false],
      ]);
      expect(web[0]?.features).toEqual(PRICING_SEEDS[0]?.plans[0]?.features[language]);
      expect(web.every((p) => p.currency === 'GBP')).toBe(true);
    }
    expect(plansOf(await publicPricing('ar'), 'video-editing')[1]).toMatchObject({
      name: 'الاحترافية',
      price: 600,
      type: 'per_video',
      unit: 'مقابل 5 فيديوهات',
    });
    // The spec leaves Social Media Management's Professional plan without a type.
    expect(plansOf(await publicPricing('en'), 'social-media-management')[1]?.type).toBe('');
    const [en, ar] = [await editorList('en'), await editorList('ar')];
    expect(en.items).toHaveLength(40);
    const byId = new Map(ar.items.map((plan) => [plan.id, plan]));
    for (const plan of en.items) {
      const twin = byId.get(plan.translation_id ?? 0);
      expect(twin?.translation_id).toBe(plan.id);
      expect([twin?.category, twin?.key, twin?.price]).toEqual([plan.category, plan.key, plan.price]);
    }
  });

  it('answers anonymous editor reads and writes 401, and writes without the CSRF token 403', async () => {
    const anonymous = new TestBrowser(t.app, '10.9.2.2');
    await anonymous.fetchCsrf();
    expect((await anonymous.request({ url: '/api/pricing/plans?language=en' })).statusCode).toBe(401);
    expect((await anonymous.request({ url: '/api/pricing/plans/1' })).statusCode).toBe(401);
    const [first] = (await editorList('en')).items;
    for (const [method, url] of [
      ['POST', '/api/pricing/plans'],
      ['PUT', `/api/pricing/plans/${first?.id}`],
      ['PUT', '/api/pricing/order'],
      ['DELETE', `/api/pricing/plans/${first?.id}`],
    ] as const) {
      const res = await anonymous.request({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: 'unauthenticated' });
      const noToken = await editor.request({ method, url, payload: {}, csrf: null });
      expect(noToken.statusCode, `${method} ${url}`).toBe(403);
      expect(noToken.json()).toEqual({ message: 'csrf_mismatch' });
    }
    expect((await editorList('en')).items).toHaveLength(40);
  });

  it('creates a plan, translates it, and shows both on the next public read (the cache is dropped)', async () => {
    const before = plansOf(await publicPricing('en'), 'seo');
    await publicPricing('en');
    const res = await create(NEW_PLAN);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ message: string; data: PricingPlan }>();
    expect(created.message).toBe('pricing_plan_created');
    expect(created.data).toMatchObject({
      language: 'en',
      category: 'seo',
      key: 'custom',
      name: 'Local SEO',
      price: 250,
      features: ['Google Business profile', 'Local citations'],
      translation_id: null,
    });
    const after = plansOf(await publicPricing('en'), 'seo');
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)?.name).toBe('Local SEO');

    const translated = await create({
      ...NEW_PLAN,
      language: 'ar',
      name: 'تحسين محلي',
      description: 'للمتاجر ذات العنوان الواحد.',
      type: 'quote_based',
      price: null,
      features: ['ملف النشاط التجاري'],
      translation_of: created.data.id,
    });
    expect(translated.statusCode, translated.body).toBe(201);
    const arabic = translated.json<{ data: PricingPlan }>().data;
    expect(arabic.translation_id).toBe(created.data.id);
    expect(arabic.price).toBeNull();
    const read = await editor.request({ url: `/api/pricing/plans/${created.data.id}` });
    expect(read.json<{ data: PricingPlan }>().data.translation_id).toBe(arabic.id);
    expect(plansOf(await publicPricing('ar'), 'seo').at(-1)).toMatchObject({
      name: 'تحسين محلي',
      price: null,
      type: 'quote_based',
    });

    for (const body of [
      { language: 'ar', translation_of: created.data.id },
      { language: 'en', translation_of: created.data.id },
      { language: 'ar', translation_of: 999_999 },
    ]) {
      const refused = await create({ ...NEW_PLAN, ...body });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json<{ errors: object }>().errors)).toEqual(['translation_of']);
    }
  });

  it('edits a price in Arabic with its version, keeping its key; a stale version gets 409 with the plan as it is', async () => {
    const plan = (await editorList('ar')).items.find(
      (p) => p.category === 'web-development' && p.key === 'starter',
    ) as PricingPlan;
    await publicPricing('ar');
    const saved = await update(plan, { price: 1350, name: 'البداية' });
    expect(saved.statusCode, saved.body).toBe(200);
    const data = saved.json<{ message: string; data: PricingPlan }>();
    expect(data.message).toBe('pricing_plan_updated');
    expect(data.data).toMatchObject({ price: 1350, name: 'البداية', key: 'starter' });
    expect(plansOf(await publicPricing('ar'), 'web-development')[0]).toMatchObject({
      key: 'starter',
      name: 'البداية',
      price: 1350,
    });
    // The English twin is untouched.
    expect(plansOf(await publicPricing('en'), 'web-development')[0]?.price).toBe(1200);

    // What GET gave, PUT takes back as it is (the round trip).
    const again = await editor.request({ url: `/api/pricing/plans/${plan.id}` });
    const roundTrip = await update(again.json<{ data: PricingPlan }>().data, {});
    expect(roundTrip.statusCode).toBe(200);

    const stale = await update(plan, { price: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: 'pricing_conflict',
      current: roundTrip.json<{ data: PricingPlan }>().data,
    });
  });

  it('makes a plan quote-based (no price kept) and highlights another', async () => {
    const plans = (await editorList('en')).items.filter((p) => p.category === 'branding');
    const [starter, professional] = plans as [PricingPlan, PricingPlan];
    const quoted = await update(starter, { type: 'quote_based', price: 300, highlighted: true });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json<{ data: PricingPlan }>().data).toMatchObject({ type: 'quote_based', price: null });
    expect((await update(professional, { highlighted: false })).statusCode).toBe(200);
    const shown = plansOf(await publicPricing('en'), 'branding');
    expect(shown.map((p) => [p.key, p.price, p.highlighted])).toEqual([
      ['starter', null, true],
      ['professional', 600, false],
      ['advanced', 1000, false],
      ['custom', null, false],
    ]);
  });

  it('hides a plan from the public read without deleting it, and shows it again', async () => {
    const plan = (await editorList('en')).items.find(
      (p) => p.category === 'mobile-apps' && p.key === 'advanced',
    ) as PricingPlan;
    await publicPricing('en');
    const hidden = await update(plan, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(plansOf(await publicPricing('en'), 'mobile-apps').map((p) => p.key)).toEqual([
      'starter',
      'professional',
      'custom',
    ]);
    expect((await editorList('en')).items.find((p) => p.id === plan.id)?.hidden).toBe(true);
    const shown = await update(hidden.json<{ data: PricingPlan }>().data, { hidden: false });
    expect(shown.statusCode).toBe(200);
    expect(plansOf(await publicPricing('en'), 'mobile-apps')).toHaveLength(4);
  });

  it('reorders a category in one language only', async () => {
    const plans = (await editorList('en')).items.filter((p) => p.category === 'ui-ux-design');
    const ids = plans.map((p) => p.id).reverse();
    await publicPricing('en');
    const res = await editor.request({
      method: 'PUT',
      url: '/api/pricing/order',
      payload: { language: 'en', category: 'ui-ux-design', ids },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string; data: PricingPlan[] }>().message).toBe('pricing_reordered');
    expect(plansOf(await publicPricing('en'), 'ui-ux-design').map((p) => p.id)).toEqual(ids);
    expect(plansOf(await publicPricing('ar'), 'ui-ux-design').map((p) => p.key)).toEqual([
      'starter',
      'professional',
      'advanced',
      'custom',
    ]);
    for (const payload of [
      { language: 'en', category: 'ui-ux-design', ids: ids.slice(1) },
      { language: 'en', category: 'branding', ids },
      { language: 'en', ids },
      { language: 'fr', category: 'ui-ux-design', ids },
    ]) {
      const refused = await editor.request({ method: 'PUT', url: '/api/pricing/order', payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('deletes a plan, leaving its translation unlinked; a message that chose it keeps its name', async () => {
    const plan = (await editorList('en')).items.find(
      (p) => p.category === 'paid-advertising' && p.key === 'advanced',
    ) as PricingPlan;
    // A visitor chooses it (in English) before it is renamed and deleted.
    const visitor = new TestBrowser(t.app, '10.9.2.3');
    await visitor.fetchCsrf();
    const sent = await visitor.request({
      method: 'POST',
      url: '/api/contact',
      headers: { cookie: `${visitor.cookieHeader()}; lng=en` },
      payload: {
        name: 'Omar Haddad',
        countryCode: '+44',
        phone: '07911 123456',
        email: 'omar@example.com',
        service: 'paid-advertising',
        plan: 'advanced',
        message: 'We would like the advanced plan, please.',
        website: '',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const renamed = await update(plan, { name: 'Scale' });
    expect(renamed.statusCode).toBe(200);
    const res = await editor.request({ method: 'DELETE', url: `/api/pricing/plans/${plan.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'pricing_plan_deleted' });
    expect(plansOf(await publicPricing('en'), 'paid-advertising').map((p) => p.key)).not.toContain(
      'advanced',
    );
    const twin = await editor.request({ url: `/api/pricing/plans/${plan.translation_id}` });
    expect(twin.json<{ data: PricingPlan }>().data.translation_id).toBeNull();
    expect(
      (await editor.request({ method: 'DELETE', url: `/api/pricing/plans/${plan.id}` })).statusCode,
    ).toBe(404);

    const [stored] = await database.db
      .select({ id: contactMessages.id, plan: contactMessages.plan, planName: contactMessages.planName })
      .from(contactMessages)
      .where(eq(contactMessages.email, 'omar@example.com'));
    // Its names in both languages, as they were when it was sent.
    expect(stored).toMatchObject({ plan: 'advanced', planName: { en: 'Advanced', ar: 'المتقدمة' } });
    const inbox = await editor.request({ url: `/api/contact-messages/${stored?.id}` });
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json<{ plan: string; plan_name: object }>()).toMatchObject({
      plan: 'advanced',
      plan_name: { en: 'Advanced', ar: 'المتقدمة' },
    });
  });

  it('adds a plan beyond the four tiers: its key made from its name, shared by its translation, kept on a rename', async () => {
    const res = await create({ ...NEW_PLAN, key: '', name: 'Enterprise Care+' });
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json<{ data: PricingPlan }>().data;
    expect(plan.key).toBe('enterprise-care');
    const twin = await create({
      ...NEW_PLAN,
      language: 'ar',
      key: '',
      name: 'رعاية المؤسسات',
      translation_of: plan.id,
    });
    expect(twin.statusCode, twin.body).toBe(201);
    expect(twin.json<{ data: PricingPlan }>().data.key).toBe('enterprise-care');
    const renamed = await update(plan, { name: 'Business Care', key: '' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ data: PricingPlan }>().data).toMatchObject({
      name: 'Business Care',
      key: 'enterprise-care',
    });
    expect(plansOf(await publicPricing('en'), 'seo').map((p) => p.key)).toContain('enterprise-care');
    // A name with no Latin letter makes no key: one must be chosen.
    const arabic = await create({ ...NEW_PLAN, language: 'ar', key: '', name: 'باقة' });
    expect(arabic.statusCode).toBe(422);
    expect(arabic.json()).toEqual({ message: 'required', errors: { key: ['required'] } });
    for (const id of [plan.id, twin.json<{ data: PricingPlan }>().data.id])
      expect((await editor.request({ method: 'DELETE', url: `/api/pricing/plans/${id}` })).statusCode).toBe(
        200,
      );
  });

  it.each([
    [
      {},
      {
        language: ['language_invalid'],
        category: ['required'],
        name: ['required'],
        description: ['required'],
        currency: ['required'],
        // Not quote-based: a price is needed.
        price: ['required'],
      },
    ],
    [
      {
        ...NEW_PLAN,
        category: 'catering',
        key: 'Gold plan',
        name: 'n'.repeat(81),
        type: 'yearly',
        price: -5,
        currency: 'EUR',
        features: 'one feature',
        highlighted: 'yes',
      },
      {
        category: ['invalid_choice'],
        key: ['key_invalid'],
        name: ['too_long'],
        type: ['invalid_choice'],
        price: ['out_of_range'],
        currency: ['invalid_choice'],
        features: ['invalid_type'],
        highlighted: ['invalid_type'],
      },
    ],
    // A price is needed unless the plan is quote-based; a price is a whole number; 20 features at most.
    [{ ...NEW_PLAN, price: null }, { price: ['required'] }],
    [{ ...NEW_PLAN, price: '250' }, { price: ['invalid_type'] }],
    [
      { ...NEW_PLAN, features: Array.from({ length: 21 }, (_, i) => `F${i}`) },
      { features: ['too_many_lines'] },
    ],
  ])('refuses bad input with 422 and a key per field: %j', async (body, errors) => {
    const res = await create(body);
    expect(res.statusCode).toBe(422);
    const answer = res.json<{ message: string; errors: object }>();
    expect(answer.errors).toEqual(errors);
    expect(answer.message).toBe(Object.values(errors)[0]?.[0]);
  });

  it('answers 4xx, never 5xx, to malformed requests', async () => {
    for (const [method, url, payload] of [
      ['PUT', '/api/pricing/plans/abc', {}],
      ['DELETE', '/api/pricing/plans/-1', undefined],
      ['POST', '/api/pricing/plans', '[1,2]'],
      ['POST', '/api/pricing/plans', '{"name":'],
      ['PUT', '/api/pricing/order', 'null'],
      ['POST', '/api/pricing/plans', JSON.stringify({ ...NEW_PLAN, features: ['a\u0000b'] })],
      [
        'POST',
        '/api/pricing/plans',
        JSON.stringify({ ...NEW_PLAN, price: 0 }).replace('"price":0', '"price":1e309'),
      ],
    ] as const) {
      const res = await editor.request({
        method,
        url,
        payload,
        headers: typeof payload === 'string' ? { 'content-type': 'application/json' } : {},
      });
      expect(res.statusCode, `${method} ${url} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url} ${payload}`).toBeLessThan(500);
    }
    const res = await t.app.inject({
      url: '/api/pricing?language=fr',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(res.statusCode).toBe(422);
  });

  it('is described in the OpenAPI document, with the 409 of a stale change', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.startsWith('/api/pricing'))
        .sort(),
    ).toEqual([
      '/api/pricing',
      '/api/pricing/categories',
      '/api/pricing/categories/order',
      '/api/pricing/categories/{id}',
      '/api/pricing/order',
      '/api/pricing/plans',
      '/api/pricing/plans/{id}',
    ]);
    expect(Object.keys(doc.paths['/api/pricing/categories/{id}']?.delete?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '409']),
    );
    expect(Object.keys(doc.paths['/api/pricing/plans/{id}']?.put?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '409', '422']),
    );
  });

  it('drops the cached pricing when another process (or a person’s SQL) changes it', async () => {
    const first = plansOf(await publicPricing('en'), 'web-development')[0];
    await publicPricing('en');
    await database.db
      .update(pricingPlans)
      .set({ name: 'Changed by SQL' })
      .where(eq(pricingPlans.id, first?.id ?? 0));
    await until(
      async () => plansOf(await publicPricing('en'), 'web-development')[0]?.name === 'Changed by SQL',
    );
  });
});

describe('pricing seed', () => {
  it('has every plan’s texts in both languages', () => {
    for (const seed of PRICING_SEEDS)
      for (const plan of seed.plans) {
        for (const text of [plan.name, plan.description]) {
          expect(text.en.trim()).not.toBe('');
          expect(text.ar).toMatch(/[\u0621-\u064A]/);
        }
        expect(plan.features.ar).toHaveLength(plan.features.en.length);
      }
  });
});
