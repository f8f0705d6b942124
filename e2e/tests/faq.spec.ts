import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { appReady, expect, test } from '../support/test';
import { signInCookies } from '../support/walk';

// The FAQ is edited by the agency (/site/faq) and read from the server on /services, in both languages.
test.use({ serviceWorkers: 'block' });

const SHOTS = 'test-results/faq-screens';
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** axe-core's WCAG A and AA violations on the page as it stands, one line each. */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The FAQ on /services in a fresh context, with or without JavaScript: the text of its first answer. */
async function publicFirstAnswer(browser: Browser, language: 'en' | 'ar', javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, serviceWorkers: 'block' });
  const page = await context.newPage();
  // The server's render and the browser's hydration agree (no mismatch reported).
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const res = await page.goto(`/services?lng=${language}`);
  expect(res?.status()).toBe(200);
  const faq = page.getByRole('region', {
    name: language === 'ar' ? 'الأسئلة الشائعة' : 'Frequently asked questions',
  });
  const answer = faq.locator('.faq__answer').first();
  if (javaScriptEnabled) {
    // A fresh context's page is not the fixture's: wait for hydration as a visitor waits to use it.
    await appReady(page);
    await faq.locator('.faq__toggle').first().click();
  }
  await expect(answer).toBeVisible();
  // Without scripts the tabs cannot open anything: every category's questions and answers are shown.
  if (!javaScriptEnabled) await expect(faq.locator('.faq__answer:visible')).toHaveCount(14);
  else await expect(faq.locator('.faq__answer:visible')).toHaveCount(1);
  // The editor writes a space it must keep (before a word it did not end) as a no-break space.
  const text = ((await answer.textContent()) ?? '').replace(/\s+/g, ' ');
  expect(errors).toEqual([]);
  await context.close();
  return text;
}

test('an answer edited in Arabic shows on the next load of /services?lng=ar, with JavaScript on and off', async ({
  browser,
  baseURL,
}) => {
  // Five page loads and an edit in the editor: more than the default 30 s on a busy machine.
  test.slow();
  const before = await publicFirstAnswer(browser, 'ar', false);
  expect(before).toContain('نعمل مع الشركات الناشئة');

  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addCookies(await signInCookies(baseURL));
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
  const page = await context.newPage();
  await page.goto('/site/faq?language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('link', { name: 'مع من تعملون؟' }).click();
  const editor = page.locator('.ql-editor');
  await expect(editor).toContainText('نعمل مع الشركات الناشئة');
  await editor.click();
  await page.keyboard.press('Control+A');
  const edited = `نعمل مع الجميع، تعديل ${Date.now()}`;
  await page.keyboard.type(edited);
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page).toHaveURL(/\/site\/faq\?language=ar$/);
  await expect(page.getByRole('link', { name: 'مع من تعملون؟' })).toBeVisible();
  await context.close();

  expect(await publicFirstAnswer(browser, 'ar', false)).toBe(edited);
  expect(await publicFirstAnswer(browser, 'ar', true)).toBe(edited);
  // The English twin is its own item: unchanged.
  expect(await publicFirstAnswer(browser, 'en', true)).toContain('Start-ups, small and medium businesses');
});

test('the FAQ editor and the public FAQ fit 390 and 1280 px in both languages, with no axe violation (screenshots kept)', async ({
  browser,
  baseURL,
}) => {
  // Four pages at two widths in two languages, each analysed by axe.
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const cookies = await signInCookies(baseURL);
  for (const language of ['en', 'ar'] as const) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width, height: 900 } });
      await context.addCookies(cookies);
      await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
      const page = await context.newPage();
      await page.goto(`/site/faq?language=${language}`);
      await expect(page.locator('.content-list__item').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/admin-list-${language}-${width}.png`, fullPage: false });
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await violations(page)).toEqual([]);
      await page.locator('.content-list__title').first().click();
      await expect(page.locator('.ql-editor')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/admin-form-${language}-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The check box keeps its size next to its label (not stretched like the text fields).
      const box = await page.getByRole('checkbox').boundingBox();
      expect(box?.width).toBeLessThan(40);
      expect(await violations(page)).toEqual([]);
      await page.goto(`/services?lng=${language}`);
      await appReady(page);
      const faq = page.locator('section.faq');
      await faq.locator('.faq__toggle').first().click();
      // With scripts, the first tab's questions only (4 of 14), one answer open.
      await expect(faq.locator('.faq__toggle:visible')).toHaveCount(4);
      await expect(faq.locator('.faq__answer:visible')).toHaveCount(1);
      await faq.screenshot({ path: `${SHOTS}/public-${language}-${width}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    }
  }
});
