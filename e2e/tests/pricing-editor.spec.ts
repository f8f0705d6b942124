import { mkdirSync } from 'node:fs';
import { type Browser, request } from '@playwright/test';
import { appReady, expect, test } from '../support/test';
import { signInCookies } from '../support/walk';

/**
 * The category and plan the third test adds, by name: deleted after the tests, and the first test's price put
 * back (the other specs read pricing).
 */
const STAMP = Date.now().toString(36);
const ADDED = {
  category: `E2E Retainers ${STAMP}`,
  categoryKey: `e2e-retainers-${STAMP}`,
  plan: `E2E Care ${STAMP}`,
  planKey: `e2e-care-${STAMP}`,
};

test.afterAll(async ({ baseURL }) => {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-api-key': 'e2e-key' },
    storageState: { cookies: await signInCookies(baseURL), origins: [] },
  });
  const { token } = (await (await api.get('/api/csrf')).json()) as { token: string };
  const headers = { 'X-CSRF-TOKEN': token };
  for (const language of ['en', 'ar']) {
    const list = (await (await api.get(`/api/pricing/plans?language=${language}`)).json()) as {
      data: { items: { id: number; category: string }[] };
    };
    for (const plan of list.data.items.filter((p) => p.category === ADDED.categoryKey))
      expect((await api.delete(`/api/pricing/plans/${plan.id}`, { headers })).status()).toBe(200);
  }
  // The first test's Arabic price back to the seeded one (the other specs read the plans).
  const ar = (await (await api.get('/api/pricing/plans?language=ar')).json()) as {
    data: { items: { id: number; category: string; key: string; price: number | null }[] };
  };
  const starter = ar.data.items.find((p) => p.category === 'web-development' && p.key === 'starter');
  if (starter && starter.price !== 1200) {
    const put = await api.put(`/api/pricing/plans/${starter.id}`, {
      headers,
      data: { ...starter, price: 1200 },
    });
    expect(put.status(), await put.text()).toBe(200);
  }
  const categories = (await (await api.get('/api/pricing/categories')).json()) as {
    data: { id: number; key: string }[];
  };
  for (const category of categories.data.filter((c) => c.key === ADDED.categoryKey))
    expect((await api.delete(`/api/pricing/categories/${category.id}`, { headers })).status()).toBe(200);
  await api.dispose();
});

// Pricing is edited by the agency (/site/pricing) and read from the server on /pricing, in both languages.
test.use({ serviceWorkers: 'block' });

const SHOTS = 'test-results/pricing-screens';

/** The first plan of /pricing (Website Development's Starter) in a fresh context, with or without JavaScript. */
async function firstPlan(browser: Browser, language: 'en' | 'ar', javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, serviceWorkers: 'block' });
  const page = await context.newPage();
  // The server's render and the browser's hydration agree (no mismatch reported).
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const res = await page.goto(`/pricing?lng=${language}`);
  expect(res?.status()).toBe(200);
  if (javaScriptEnabled) await appReady(page);
  const card = page.locator('.pricing__plans .plan-card').first();
  await expect(card).toBeVisible();
  const plan = {
    name: ((await card.locator('.plan-card__name').textContent()) ?? '').trim(),
    price: ((await card.locator('.plan-card__price').textContent()) ?? '').replace(/\s+/g, ' '),
  };
  expect(errors).toEqual([]);
  await context.close();
  return plan;
}

test('a price edited in Arabic shows on the next load of /pricing?lng=ar, with JavaScript on and off', async ({
  browser,
  baseURL,
}) => {
  const before = await firstPlan(browser, 'ar', false);
  expect(before.name).toBe('الأساسية');

  // A price no other plan has, so the page can only show it from this edit.
  const price = 1001 + (Date.now() % 900);
  const written = price.toLocaleString('en');
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addCookies(await signInCookies(baseURL));
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
  const page = await context.newPage();
  await page.goto('/site/pricing?language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const web = page.getByRole('region', { name: 'تطوير المواقع الإلكترونية' });
  await web.getByRole('link', { name: 'الأساسية' }).first().click();
  const field = page.locator('#content-price');
  await expect(field).toHaveValue(/^\d+$/);
  await field.fill(String(price));
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page).toHaveURL(/\/site\/pricing\?language=ar$/);
  await expect(web.getByRole('link', { name: 'الأساسية' }).first()).toBeVisible();
  await context.close();

  for (const javaScriptEnabled of [false, true]) {
    const after = await firstPlan(browser, 'ar', javaScriptEnabled);
    expect(after.name).toBe('الأساسية');
    expect(after.price).toContain(written);
    expect(after.price).toContain('UK£');
  }
  // The English twin is its own plan: unchanged.
  expect((await firstPlan(browser, 'en', true)).price).toContain('£1,200');
});

test('the pricing editor and /pricing fit 390 and 1280 px in both languages (screenshots kept)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const cookies = await signInCookies(baseURL);
  for (const language of ['en', 'ar'] as const) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width, height: 900 } });
      await context.addCookies(cookies);
      await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
      const page = await context.newPage();
      await page.goto(`/site/pricing?language=${language}`);
      await expect(page.locator('.content-list__item').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/admin-list-${language}-${width}.png`, fullPage: false });
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.locator('.content-list__title').first().click();
      await expect(page.locator('#content-features')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/admin-form-${language}-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.goto(`/pricing?lng=${language}`);
      await appReady(page);
      await expect(page.locator('.pricing__plans .plan-card')).toHaveCount(4);
      await page.locator('.pricing').screenshot({ path: `${SHOTS}/public-${language}-${width}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    }
  }
});

test('a category and a plan an editor adds show on /pricing, and the plan is picked on /contact', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 900 },
  });
  await context.addCookies(await signInCookies(baseURL));
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  const page = await context.newPage();

  // The category, from the list's link; its key made from its English name.
  await page.goto('/site/pricing?language=en');
  await page.getByRole('link', { name: 'Edit categories' }).click();
  await expect(page).toHaveURL(/\/site\/pricing\/categories$/);
  const form = page.getByRole('form', { name: 'New category' });
  await form.getByLabel('English name').fill(ADDED.category);
  await form.getByLabel('Arabic name').fill('عقود تجريبية');
  await form.getByRole('button', { name: 'Add category' }).click();
  const row = page.getByTestId('category-item').filter({ hasText: ADDED.category });
  await expect(row).toContainText(`${ADDED.categoryKey} · 0 plans`);

  // A plan in it, its key made from its name.
  await page.getByRole('link', { name: 'Back to the plans' }).click();
  await page.getByRole('link', { name: 'New plan' }).click();
  await page.locator('#content-category').selectOption(ADDED.categoryKey);
  await page.locator('#content-name').fill(ADDED.plan);
  await page.locator('#content-description').fill('Updates and fixes every month.');
  await page.locator('#content-type').selectOption('monthly');
  await page.locator('#content-price').fill('900');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/site\/pricing\?language=en$/);
  await expect(page.getByRole('region', { name: ADDED.category })).toContainText(ADDED.plan);
  await page.goto('/site/pricing/categories');
  await expect(row).toContainText(`${ADDED.categoryKey} · 1 plan`);
  // Not deleted while it holds the plan: the editor is told why.
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: `Delete “${ADDED.category}”` }).click();
  await expect(page.locator('.admin-alert')).toContainText(`“${ADDED.category}” still holds 1 plan`);
  await page.screenshot({ path: `${SHOTS}/admin-categories-en-1280.png`, fullPage: true });

  // Its tab and plan on /pricing; "Get started" opens the contact form with the plan chosen.
  await page.goto('/pricing');
  await appReady(page);
  await page.getByRole('tab', { name: ADDED.category }).click();
  const card = page.locator('.plan-card').filter({ hasText: ADDED.plan });
  await expect(card).toContainText('£900');
  await card.getByRole('link', { name: new RegExp(ADDED.plan) }).click();
  await expect(page).toHaveURL(
    new RegExp(`/contact\\?service=${ADDED.categoryKey}&plan=${ADDED.planKey}&lng=en$`),
  );
  const plan = page.locator('select[name="plan"]');
  await expect(plan).toHaveValue(ADDED.planKey);
  await expect(plan.locator('option:checked')).toHaveText(ADDED.plan);
  // Its category is no service: the visitor picks one, and the plan stays chosen.
  const service = page.locator('select[name="service"]');
  await expect(service).toHaveValue('');
  await service.selectOption('seo');
  await expect(plan).toHaveValue(ADDED.planKey);
  await context.close();
});
