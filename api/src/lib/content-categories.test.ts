import type { ContentCategory } from '@agency/core/content';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_API_KEY, useTestApp } from '../test/app';
import { signedIn, TestBrowser } from '../test/browser';
import { describeEachDatabase } from '../test/databases';

/** What differs per kind: its path, an item to put in a category, and the seeded categories' keys. */
const KINDS = [
  {
    kind: 'faq',
    itemsPath: 'items',
    item: (category: string) => ({
      language: 'en',
      category,
      question: 'Do you work weekends?',
      answer: '<p>No.</p>',
      hidden: false,
    }),
    seeded: ['general', 'services', 'pricing', 'support'],
  },
  {
    kind: 'pricing',
    itemsPath: 'plans',
    item: (category: string) => ({
      language: 'en',
      category,
      name: 'Monthly care',
      description: 'Updates and fixes every month.',
      type: 'monthly',
      price: 900,
      currency: 'GBP',
      unit: '',
      features: ['Updates'],
      highlighted: false,
      hidden: false,
    }),
    seeded: null,
  },
] as const;

describeEachDatabase('category API', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.4.1');
  });

  describe.each(KINDS)('$kind categories', ({ kind, itemsPath, item, seeded }) => {
    const base = `/api/${kind}/categories`;
    async function list(): Promise<ContentCategory[]> {
      const res = await editor.request({ url: base });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      return res.json<{ data: ContentCategory[] }>().data;
    }
    async function publicRead(language: 'en' | 'ar') {
      const res = await t.app.inject({
        url: `/api/${kind}?language=${language}`,
        headers: { 'x-api-key': TEST_API_KEY },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: { categories: { key: string; name: string }[] } }>().data.categories;
    }
    const create = (payload: object) => editor.request({ method: 'POST', url: base, payload });

    it('lists the seeded categories with both names and their number of items', async () => {
      const categories = await list();
      if (seeded) expect(categories.map((c) => c.key)).toEqual(seeded);
      for (const c of categories) {
        expect(c.name_en.trim()).not.toBe('');
        expect(c.name_ar).toMatch(/[\u0621-\u064A]/);
        expect(c.items).toBeGreaterThan(0);
      }
    });

    it('answers anonymous reads and writes 401, and writes without the CSRF token 403', async () => {
      const anonymous = new TestBrowser(t.app, '10.9.4.2');
      await anonymous.fetchCsrf();
      expect((await anonymous.request({ url: base })).statusCode).toBe(401);
      const [first] = await list();
      for (const [method, url] of [
        ['POST', base],
        ['PUT', `${base}/${first?.id}`],
        ['PUT', `${base}/order`],
        ['DELETE', `${base}/${first?.id}`],
      ] as const) {
        const res = await anonymous.request({ method, url, payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        const noToken = await editor.request({ method, url, payload: {}, csrf: null });
        expect(noToken.statusCode, `${method} ${url}`).toBe(403);
        expect(noToken.json()).toEqual({ message: 'csrf_mismatch' });
      }
    });

    it('creates a category (its key from the English name), renames it in both languages, reorders and deletes it', async () => {
      const before = await list();
      await publicRead('en');
      const res = await create({ name_en: '  Care & Support Plans ', name_ar: 'باقات الرعاية' });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<{ message: string; data: ContentCategory }>();
      expect(created.message).toBe('category_created');
      expect(created.data).toMatchObject({
        key: 'care-support-plans',
        name_en: 'Care & Support Plans',
        name_ar: 'باقات الرعاية',
        items: 0,
      });
      expect((await list()).map((c) => c.id)).toEqual([...before.map((c) => c.id), created.data.id]);
      // The same key again is refused; a chosen key is kept as chosen.
      const again = await create({ name_en: 'Care & support plans', name_ar: 'أخرى' });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({ message: 'key_taken', errors: { key: ['key_taken'] } });

      // An item in it shows it on the public read (the cache was dropped), in both languages.
      const added = await editor.request({
        method: 'POST',
        url: `/api/${kind}/${itemsPath}`,
        payload: item(created.data.key),
      });
      expect(added.statusCode, added.body).toBe(201);
      const itemId = added.json<{ data: { id: number } }>().data.id;
      // Its Arabic translation is the same item to the editor: the category holds one, not two.
      const translated = await editor.request({
        method: 'POST',
        url: `/api/${kind}/${itemsPath}`,
        payload: { ...item(created.data.key), language: 'ar', translation_of: itemId },
      });
      expect(translated.statusCode, translated.body).toBe(201);
      const translationId = translated.json<{ data: { id: number } }>().data.id;
      expect((await publicRead('en')).map((c) => c.name)).toContain('Care & Support Plans');

      // Renamed in both languages with its version; the key stays whatever is sent for it.
      const renamed = await editor.request({
        method: 'PUT',
        url: `${base}/${created.data.id}`,
        payload: { ...created.data, key: 'other-key', name_en: 'Care plans', name_ar: 'خطط الرعاية' },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const saved = renamed.json<{ message: string; data: ContentCategory }>();
      expect(saved.message).toBe('category_updated');
      expect(saved.data).toMatchObject({ key: 'care-support-plans', name_en: 'Care plans', items: 1 });
      expect(saved.data.version).not.toBe(created.data.version);
      // The public read names it anew (its cache dropped); the Arabic name is the editor's to read until an
      // Arabic item shows it.
      expect((await publicRead('en')).find((c) => c.key === 'care-support-plans')?.name).toBe('Care plans');
      expect((await list()).find((c) => c.id === created.data.id)?.name_ar).toBe('خطط الرعاية');
      // A second editor's change from the old version: 409 with the category as it is now.
      const stale = await editor.request({
        method: 'PUT',
        url: `${base}/${created.data.id}`,
        payload: { ...created.data, name_en: 'Lost change' },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: 'category_conflict', current: saved.data });

      // Moved first: the public read follows.
      const ids = (await list()).map((c) => c.id);
      const order = [created.data.id, ...ids.filter((id) => id !== created.data.id)];
      const moved = await editor.request({ method: 'PUT', url: `${base}/order`, payload: { ids: order } });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<{ message: string; data: ContentCategory[] }>().message).toBe('category_reordered');
      expect((await list()).map((c) => c.id)).toEqual(order);
      expect((await publicRead('en'))[0]?.key).toBe('care-support-plans');
      // An order that leaves one out is refused.
      const partial = await editor.request({
        method: 'PUT',
        url: `${base}/order`,
        payload: { ids: order.slice(1) },
      });
      expect(partial.statusCode).toBe(422);
      expect(partial.json()).toEqual({ message: 'order_invalid', errors: { ids: ['order_invalid'] } });

      // Not deleted while it holds an item: 409 with their number; deleted once empty.
      const refused = await editor.request({ method: 'DELETE', url: `${base}/${created.data.id}` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: 'category_not_empty', items: 1 });
      const gone = await editor.request({ method: 'DELETE', url: `/api/${kind}/${itemsPath}/${itemId}` });
      expect(gone.statusCode).toBe(200);
      // Its translation still holds it.
      const still = await editor.request({ method: 'DELETE', url: `${base}/${created.data.id}` });
      expect(still.json()).toEqual({ message: 'category_not_empty', items: 1 });
      const goneToo = await editor.request({
        method: 'DELETE',
        url: `/api/${kind}/${itemsPath}/${translationId}`,
      });
      expect(goneToo.statusCode).toBe(200);
      const deleted = await editor.request({ method: 'DELETE', url: `${base}/${created.data.id}` });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: 'category_deleted' });
      expect((await list()).map((c) => c.id)).toEqual(order.slice(1));
      expect((await publicRead('en')).map((c) => c.key)).not.toContain('care-support-plans');
      expect((await editor.request({ method: 'DELETE', url: `${base}/${created.data.id}` })).statusCode).toBe(
        404,
      );
      // Put the order back as it was.
      await editor.request({ method: 'PUT', url: `${base}/order`, payload: { ids } });
    });

    it.each([
      [{}, { name_en: ['required'], name_ar: ['required'] }],
      [{ name_en: 'x'.repeat(81), name_ar: 'ب' }, { name_en: ['too_long'] }],
      [{ key: 'Bad Key', name_en: 'Fine', name_ar: 'ب' }, { key: ['key_invalid'] }],
      // No Latin letter to make a key from, and none chosen.
      [{ name_en: '٢٠٢٧', name_ar: 'ب' }, { key: ['required'] }],
      [
        { name_en: 42, name_ar: ['x'] },
        { name_en: ['invalid_type'], name_ar: ['invalid_type'] },
      ],
    ])('refuses bad input with 422 and a key per field: %j', async (body, errors) => {
      const res = await create(body);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ errors: object }>().errors).toEqual(errors);
    });

    it('refuses a change without a version, and answers 4xx to malformed requests', async () => {
      const [first] = await list();
      const res = await editor.request({
        method: 'PUT',
        url: `${base}/${first?.id}`,
        payload: { name_en: 'x', name_ar: 'y' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'version_required', errors: { version: ['version_required'] } });
      for (const [method, url, payload] of [
        ['PUT', `${base}/abc`, '{}'],
        ['PUT', `${base}/99999999`, '{}'],
        ['DELETE', `${base}/0`, undefined],
        ['POST', base, '[1,2]'],
        ['POST', base, '{"name_en":'],
        ['PUT', `${base}/order`, 'null'],
        ['PUT', `${base}/order`, '{"ids":[1,1]}'],
      ] as const) {
        const r = await editor.request({
          method,
          url,
          payload,
          headers: payload ? { 'content-type': 'application/json' } : {},
        });
        expect(r.statusCode, `${method} ${url} ${payload}`).toBeGreaterThanOrEqual(400);
        expect(r.statusCode, `${method} ${url} ${payload}`).toBeLessThan(500);
      }
    });
  });
});
