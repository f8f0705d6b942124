import { mkdirSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { appReady, expect, test } from '../support/test';
import { signInCookies } from '../support/walk';

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
