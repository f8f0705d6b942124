import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { appReady, expect, test } from '../support/test';
import { signInCookies } from '../support/walk';

// The home page's texts and client logos are edited by the agency (/site/home, /site/logos) and read from the
// server on /, in both languages.
test.use({ serviceWorkers: 'block' });

const SHOTS = 'test-results/home-editor';
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** `/?lng={language}` in a fresh context, with or without JavaScript: its h1 and its logos' names. */
async function publicHome(browser: Browser, language: 'en' | 'ar', javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, serviceWorkers: 'block' });
  const page = await context.newPage();
  // The server's render and the browser's hydration agree (no mismatch reported).
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const res = await page.goto(`/?lng=${language}`);
  expect(res?.status()).toBe(200);
  if (javaScriptEnabled) await appReady(page);
  const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const carousel = page.getByRole('region', { name: language === 'ar' ? 'عملاؤنا' : 'Our clients' });
  await expect(carousel.locator('img').first()).toBeAttached();
  const names = new Set(
    await carousel.locator('img').evaluateAll((images) => images.map((img) => img.getAttribute('alt'))),
  );
  expect(errors).toEqual([]);
  await context.close();
  return { title, names };
}

test('an Arabic hero title saved and a logo hidden show on the next load of /?lng=ar, with JavaScript on and off', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const before = await publicHome(browser, 'ar', false);
  expect(before.title).toBe('نبني منتجات رقمية تنمّي أعمالك');
  expect(before.names.has('Nour Foods')).toBe(true);

  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addCookies(await signInCookies(baseURL));
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
  const page = await context.newPage();
  await page.goto('/site/home?language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const title = page.getByLabel('عنوان الواجهة');
  await expect(title).toHaveValue('نبني منتجات رقمية تنمّي أعمالك');
  await expect(title).toHaveAttribute('dir', 'rtl');
  const edited = `مواقع تبيع، تعديل ${Date.now()}`;
  await title.fill(edited);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/home') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'حفظ' }).click();
  expect((await saved).status()).toBe(200);

  await page.goto('/site/logos?language=ar');
  await page.getByRole('button', { name: 'إخفاء «Nour Foods»' }).click();
  await expect(page.getByRole('button', { name: 'إظهار «Nour Foods»' })).toBeVisible();
  await context.close();

  try {
    for (const javaScriptEnabled of [false, true]) {
      const after = await publicHome(browser, 'ar', javaScriptEnabled);
      expect(after.title).toBe(edited);
      expect(after.names.has('Nour Foods')).toBe(false);
      expect(after.names.has('Atlas Logistics')).toBe(true);
    }
    // The English texts and logos are their own: unchanged.
    const english = await publicHome(browser, 'en', true);
    expect(english.title).toBe('We build digital products that grow your business');
    expect(english.names.has('Nour Foods')).toBe(true);
  } finally {
    // Put the home page back as it was: the other specs read it on the same server.
    const restore = await browser.newContext({ serviceWorkers: 'block' });
    await restore.addCookies(await signInCookies(baseURL));
    await restore.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
    const back = await restore.newPage();
    await back.goto('/site/home?language=ar');
    await back.getByLabel('عنوان الواجهة').fill('نبني منتجات رقمية تنمّي أعمالك');
    const put = back.waitForResponse((r) => r.url().endsWith('/api/home') && r.request().method() === 'PUT');
    await back.getByRole('button', { name: 'حفظ' }).click();
    expect((await put).status()).toBe(200);
    await back.goto('/site/logos?language=ar');
    await back.getByRole('button', { name: 'إظهار «Nour Foods»' }).click();
    await expect(back.getByRole('button', { name: 'إخفاء «Nour Foods»' })).toBeVisible();
    await restore.close();
  }
});

test('the home page editors and the page fit 390 and 1280 px in both languages, with no axe violation (screenshots kept)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const cookies = await signInCookies(baseURL);
  for (const language of ['en', 'ar'] as const) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width, height: 900 } });
      await context.addCookies(cookies);
      await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
      const page = await context.newPage();
      const fits = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await page.goto(`/site/home?language=${language}`);
      await expect(page.locator('#content-hero_title')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await page.screenshot({ path: `${SHOTS}/site-home-${language}-${width}.png`, fullPage: false });
      await fits();
      expect(await violations(page)).toEqual([]);

      await page.goto(`/site/logos?language=${language}`);
      await expect(page.locator('.content-list__item').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/site-logos-${language}-${width}.png`, fullPage: false });
      await fits();
      expect(await violations(page)).toEqual([]);
      await page.locator('.content-list__title').first().click();
      await expect(page.locator('.content-image__preview')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/site-logo-form-${language}-${width}.png`, fullPage: true });
      await fits();
      expect(await violations(page)).toEqual([]);

      await page.goto(`/?lng=${language}`);
      await appReady(page);
      await expect(page.locator('.client-logos img').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/home-${language}-${width}.png`, fullPage: false });
      await fits();
      await context.close();
    }
  }
});
