import type { FaqItem, PublicFaq } from '@agency/core/content';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { faqItems } from '../../db/schema';
import { FAQ_SEEDS } from '../../db/seed/faq-content';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { signedIn, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';

type Listed = { data: { categories: { key: string; name: string }[]; items: FaqItem[] } };

async function until(check: () => Promise<boolean>, ms = 3_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describeEachDatabase('FAQ API', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.1.1');
  });

  async function publicFaq(language: 'en' | 'ar'): Promise<PublicFaq> {
    const res = await t.app.inject({
      url: `/api/faq?language=${language}`,
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: PublicFaq }>().data;
  }
  const questions = (faq: PublicFaq) => faq.categories.flatMap((c) => c.items.map((i) => i.question));

  async function editorList(language: 'en' | 'ar'): Promise<Listed['data']> {
    const res = await editor.request({ url: `/api/faq/items?language=${language}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json<Listed>().data;
  }

  async function create(body: Record<string, unknown>) {
    return editor.request({ method: 'POST', url: '/api/faq/items', payload: body });
  }
  async function update(item: FaqItem, changes: Partial<FaqItem>) {
    return editor.request({
      method: 'PUT',
      url: `/api/faq/items/${item.id}`,
      payload: { ...item, ...changes },
    });
  }

  it('serves the FAQ the services page showed before, in both languages, each question linked to its translation', async () => {
    for (const language of ['en', 'ar'] as const) {
      const faq = await publicFaq(language);
      expect(faq.categories.map((c) => [c.key, c.name])).toEqual(
        FAQ_SEEDS.map((s) => [s.key, s.name[language]]),
      );
      expect(questions(faq)).toEqual(FAQ_SEEDS.flatMap((s) => s.items.map((i) => i.question[language])));
      expect(faq.categories[0]?.items[0]?.answer).toBe(FAQ_SEEDS[0]?.items[0]?.answer[language]);
    }
    const [en, ar] = [await editorList('en'), await editorList('ar')];
    expect(en.items).toHaveLength(14);
    const byId = new Map(ar.items.map((item) => [item.id, item]));
    for (const item of en.items) {
      const twin = byId.get(item.translation_id ?? 0);
      expect(twin?.translation_id).toBe(item.id);
      expect(twin?.category).toBe(item.category);
    }
  });

  it('answers anonymous editor reads and writes 401, and writes without the CSRF token 403', async () => {
    const anonymous = new TestBrowser(t.app, '10.9.1.2');
    await anonymous.fetchCsrf();
    expect((await anonymous.request({ url: '/api/faq/items?language=en' })).statusCode).toBe(401);
    expect((await anonymous.request({ url: '/api/faq/items/1' })).statusCode).toBe(401);
    const [first] = (await editorList('en')).items;
    for (const [method, url] of [
      ['POST', '/api/faq/items'],
      ['PUT', `/api/faq/items/${first?.id}`],
      ['PUT', '/api/faq/order'],
      ['DELETE', `/api/faq/items/${first?.id}`],
    ] as const) {
      const res = await anonymous.request({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: 'unauthenticated' });
      const noToken = await editor.request({ method, url, payload: {}, csrf: null });
      expect(noToken.statusCode, `${method} ${url}`).toBe(403);
      expect(noToken.json()).toEqual({ message: 'csrf_mismatch' });
    }
    expect((await editorList('en')).items).toHaveLength(14);
  });

  it('creates a question, translates it, and shows both on the next public read (the cache is dropped)', async () => {
    const before = await publicFaq('en');
    // Kept in memory now: the next read must not serve it once a write changed it.
    await publicFaq('en');
    const res = await create({
      language: 'en',
      category: 'support',
      question: '  Do you train our team?  ',
      answer: '<p>Yes, <strong>on site</strong> or online.</p><script>alert(1)</script>',
      hidden: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ message: string; data: FaqItem }>();
    expect(created.message).toBe('faq_item_created');
    expect(created.data).toMatchObject({
      language: 'en',
      category: 'support',
      question: 'Do you train our team?',
      answer: '<p>Yes, <strong>on site</strong> or online.</p>',
      hidden: false,
      translation_id: null,
    });
    const after = await publicFaq('en');
    expect(after.categories.at(-1)?.items.at(-1)?.question).toBe('Do you train our team?');
    expect(questions(after)).toHaveLength(questions(before).length + 1);

    const translated = await create({
      language: 'ar',
      category: 'support',
      question: 'هل تدربون فريقنا؟',
      answer: '<p>نعم.</p>',
      translation_of: created.data.id,
    });
    expect(translated.statusCode, translated.body).toBe(201);
    const arabic = translated.json<{ data: FaqItem }>().data;
    expect(arabic.translation_id).toBe(created.data.id);
    const read = await editor.request({ url: `/api/faq/items/${created.data.id}` });
    expect(read.json<{ data: FaqItem }>().data.translation_id).toBe(arabic.id);
    expect(questions(await publicFaq('ar'))).toContain('هل تدربون فريقنا؟');

    // One translation per language: a second Arabic one, or one in the same language, is refused.
    for (const body of [
      { language: 'ar', translation_of: created.data.id },
      { language: 'en', translation_of: created.data.id },
      { language: 'ar', translation_of: 999_999 },
      { language: 'ar', translation_of: 'one' },
    ]) {
      const refused = await create({ category: 'support', question: 'Q', answer: '<p>A</p>', ...body });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json<{ errors: object }>().errors)).toEqual(['translation_of']);
    }
  });

  it('edits an answer in Arabic with its version, and a stale version gets 409 with the item as it is', async () => {
    const { items } = await editorList('ar');
    const item = items[0] as FaqItem;
    await publicFaq('ar');
    const saved = await update(item, { answer: '<p>جواب جديد</p>' });
    expect(saved.statusCode, saved.body).toBe(200);
    const data = saved.json<{ data: FaqItem }>().data;
    expect(data.answer).toBe('<p>جواب جديد</p>');
    expect(data.version).not.toBe(item.version);
    expect((await publicFaq('ar')).categories[0]?.items[0]?.answer).toBe('<p>جواب جديد</p>');
    // The English twin is untouched.
    const en = (await editorList('en')).items.find((i) => i.id === item.translation_id);
    expect(en?.answer).toBe(FAQ_SEEDS[0]?.items[0]?.answer.en);

    // What GET gave, PUT takes back as it is (the round trip).
    const again = await editor.request({ url: `/api/faq/items/${item.id}` });
    const roundTrip = await update(again.json<{ data: FaqItem }>().data, {});
    expect(roundTrip.statusCode).toBe(200);

    const stale = await update(item, { question: 'سؤال قديم' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: 'faq_conflict',
      current: roundTrip.json<{ data: FaqItem }>().data,
    });
    const missing = await update(item, { version: undefined });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'version_required',
      errors: { version: ['version_required'] },
    });
  });

  it('hides an item from the public read without deleting it, and shows it again', async () => {
    const item = (await editorList('en')).items[1] as FaqItem;
    await publicFaq('en');
    const hidden = await update(item, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(questions(await publicFaq('en'))).not.toContain(item.question);
    expect((await editorList('en')).items.find((i) => i.id === item.id)?.hidden).toBe(true);
    const shown = await update(hidden.json<{ data: FaqItem }>().data, { hidden: false });
    expect(shown.statusCode).toBe(200);
    expect(questions(await publicFaq('en'))).toContain(item.question);
  });

  it('reorders a category in one language only', async () => {
    const pricing = (await editorList('en')).items.filter((i) => i.category === 'pricing');
    const ids = pricing.map((i) => i.id).reverse();
    await publicFaq('en');
    const res = await editor.request({
      method: 'PUT',
      url: '/api/faq/order',
      payload: { language: 'en', category: 'pricing', ids },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: FaqItem[] }>().data.map((i) => i.id)).toEqual(ids);
    const faq = await publicFaq('en');
    expect(faq.categories.find((c) => c.key === 'pricing')?.items.map((i) => i.id)).toEqual(ids);
    const ar = (await publicFaq('ar')).categories.find((c) => c.key === 'pricing');
    expect(ar?.items.map((i) => i.question)).toEqual(FAQ_SEEDS[2]?.items.map((i) => i.question.ar));

    for (const payload of [
      { language: 'en', category: 'pricing', ids: ids.slice(1) },
      { language: 'en', category: 'pricing', ids: [...ids, ids[0]] },
      { language: 'en', category: 'general', ids },
      { language: 'en', category: 'pricing', ids: 'all' },
      { language: 'fr', category: 'pricing', ids },
    ]) {
      const refused = await editor.request({ method: 'PUT', url: '/api/faq/order', payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('deletes an item, leaving its translation unlinked', async () => {
    const item = (await editorList('en')).items.find((i) => i.category === 'general') as FaqItem;
    await publicFaq('en');
    const res = await editor.request({ method: 'DELETE', url: `/api/faq/items/${item.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'faq_item_deleted' });
    expect(questions(await publicFaq('en'))).not.toContain(item.question);
    const twin = await editor.request({ url: `/api/faq/items/${item.translation_id}` });
    expect(twin.json<{ data: FaqItem }>().data.translation_id).toBeNull();
    expect((await editor.request({ method: 'DELETE', url: `/api/faq/items/${item.id}` })).statusCode).toBe(
      404,
    );
    expect((await editor.request({ url: `/api/faq/items/${item.id}` })).statusCode).toBe(404);
  });

  it.each([
    [
      {},
      {
        language: ['language_invalid'],
        category: ['required'],
        question: ['required'],
        answer: ['required'],
      },
    ],
    [
      { language: 'en', category: 'billing', question: 'q'.repeat(301), answer: '<p><br></p>', hidden: 'no' },
      {
        category: ['invalid_choice'],
        question: ['too_long'],
        answer: ['required'],
        hidden: ['invalid_type'],
      },
    ],
    // An answer that holds nothing once cleaned is missing too.
    [
      { language: 'ar', category: 'general', question: 'س', answer: '<script>x()</script>' },
      { answer: ['required'] },
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
      ['PUT', '/api/faq/items/abc', {}],
      ['PUT', '/api/faq/items/99999999999', {}],
      ['DELETE', '/api/faq/items/-1', undefined],
      ['POST', '/api/faq/items', '[1,2]'],
      ['POST', '/api/faq/items', '{"question":'],
      ['PUT', '/api/faq/order', 'null'],
      [
        'POST',
        '/api/faq/items',
        '{"language":"en","category":"general","question":"a\\u0000b","answer":"<p>x</p>"}',
      ],
      ['PUT', '/api/faq/order', '{"language":"en","category":"general","ids":[1e309]}'],
      ['PUT', '/api/faq/order', '{"language":"en","category":"general","ids":[99999999999]}'],
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
    const res = await t.app.inject({ url: '/api/faq?language=fr', headers: { 'x-api-key': TEST_API_KEY } });
    expect(res.statusCode).toBe(422);
  });

  it('is described in the OpenAPI document, with the 409 of a stale change', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.startsWith('/api/faq'))
        .sort(),
    ).toEqual([
      '/api/faq',
      '/api/faq/categories',
      '/api/faq/categories/order',
      '/api/faq/categories/{id}',
      '/api/faq/items',
      '/api/faq/items/{id}',
      '/api/faq/order',
    ]);
    expect(Object.keys(doc.paths['/api/faq/items/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(doc.paths['/api/faq/items/{id}']?.put?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '409', '422']),
    );
  });

  it("drops the cached FAQ when another process (or a person's SQL) changes it", async () => {
    const first = (await publicFaq('en')).categories[0]?.items[0];
    await publicFaq('en');
    await database.db
      .update(faqItems)
      .set({ question: 'Changed by SQL' })
      .where(eq(faqItems.id, first?.id ?? 0));
    await until(async () => (await publicFaq('en')).categories[0]?.items[0]?.question === 'Changed by SQL');
  });
});

describe('FAQ seed', () => {
  it('has every question and answer in both languages', () => {
    for (const seed of FAQ_SEEDS)
      for (const item of seed.items)
        for (const text of [item.question, item.answer]) {
          expect(text.en.trim()).not.toBe('');
          expect(text.ar).toMatch(/[\u0621-\u064A]/);
        }
  });
});
