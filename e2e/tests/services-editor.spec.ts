import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type Cookie, type Page, request } from '@playwright/test';
import { appReady, expect, test } from '../support/test';
import { signInCookies } from '../support/walk';

// The services are edited by the agency (/site/services) and read from the server on /services and
// /services/{slug}, in both languages.
test.use({ serviceWorkers: 'block' });

/** A service the tests moved to another address, and the editor's session that moved it. */
let moved: { from: string; to: string; cookies: Cookie[] } | null = null;

/** Puts a moved service back at its address: the other specs open the services' pages on the same server. */
test.afterAll(async ({ baseURL }) => {
  if (!moved) return;
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-api-key': 'e2e-key' },
    storageState: { cookies: moved.cookies, origins: [] },
  });
  const read = await api.get(`/api/services/${moved.to}?language=en`);
  expect(read.status(), await read.text()).toBe(200);
  const service = ((await read.json()) as { data: Record<string, unknown> }).data;
  const { token } = (await (await api.get('/api/csrf')).json()) as { token: string };
  const put = await api.put(`/api/services/${moved.to}`, {
    headers: { 'X-CSRF-TOKEN': token },
    data: { ...service, slug: moved.from },
  });
  expect(put.status(), await put.text()).toBe(200);
  await api.dispose();
});

const SHOTS = 'test-results/services-editor-screens';
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A public page in a fresh context, with or without JavaScript: the page's text, after hydration when on. */
async function publicText(browser: Browser, path: string, javaScriptEnabled: boolean, selector: string) {
  const context = await browser.newContext({ javaScriptEnabled, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  if (javaScriptEnabled) await appReady(page);
  const text = ((await page.locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
  expect(errors).toEqual([]);
  await context.close();
  return text;
}

test('a service’s Arabic description edited in the editor shows on the next load of /services/{key}?lng=ar, with JavaScript on and off', async ({
  browser,
  baseURL,
}) => {
  // Seven fresh pages and an editor's session: more than the default 30 s on a machine busy with other work.
  test.slow();
  const lead = '.page-hero h1 + p';
  const before = await publicText(browser, '/services/seo?lng=ar', false, lead);
  expect(before).not.toBe('');

  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addCookies(await signInCookies(baseURL));
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
  const page = await context.newPage();
  await page.goto('/site/services?language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page
    .locator('.content-list')
    .getByRole('link', { name: 'تحسين محركات البحث (SEO)', exact: true })
    .click();
  await expect(page).toHaveURL(/\/site\/services\/seo\?language=ar$/);
  const stamp = Date.now();
  const summary = `وصف الخدمة بعد التعديل ${stamp}`;
  const heroText = `نص أعلى الصفحة بعد التعديل ${stamp}`;
  const description = page.getByLabel(/^وصف قصير/);
  await expect(description).toHaveAttribute('dir', 'rtl');
  await description.fill(summary);
  const hero = page.getByTestId('service-section').first();
  await hero.getByLabel(/^النص/).fill(heroText);
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page).toHaveURL(/\/site\/services\?language=ar$/);
  await context.close();

  for (const javaScriptEnabled of [false, true]) {
    expect(await publicText(browser, '/services/seo?lng=ar', javaScriptEnabled, lead)).toBe(heroText);
    const cards = await publicText(browser, '/services?lng=ar', javaScriptEnabled, 'main');
    expect(cards).toContain(summary);
  }
  // The English service is untouched.
  expect(await publicText(browser, '/services/seo?lng=en', true, lead)).not.toContain(String(stamp));
});

test('a service moved to another address in the editor: its old address opens the new page, from a link and in the app', async ({
  browser,
  baseURL,
}) => {
  const cookies = await signInCookies(baseURL);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addCookies(cookies);
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  const page = await context.newPage();
  await page.goto('/site/services/branding?language=en');
  const address = page.getByLabel(/^Page address/);
  await expect(address).toHaveValue('branding');
  await address.fill('brand-identity');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/site\/services\?language=en$/);
  moved = { from: 'branding', to: 'brand-identity', cookies };
  await context.close();

  const reader = await browser.newContext({ serviceWorkers: 'block' });
  const tab = await reader.newPage();
  const errors: string[] = [];
  tab.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // A link to the old address (the server answers 301), in English and in Arabic.
  const first = await tab.goto('/services/branding');
  expect(first?.request().redirectedFrom()?.url()).toMatch(/\/services\/branding$/);
  await appReady(tab);
  await expect(tab).toHaveURL(/\/services\/brand-identity$/);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('A brand people remember');
  await tab.goto('/services/branding?lng=ar');
  await appReady(tab);
  await expect(tab).toHaveURL(/\/services\/brand-identity\?lng=ar$/);
  await expect(tab.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('علامة تجارية راسخة في الأذهان');
  // The cards lead to the new address.
  await tab.goto('/services?lng=en');
  await appReady(tab);
  await expect(tab.locator('a.service-card__link[href="/services/brand-identity?lng=en"]')).toHaveCount(1);
  await expect(tab.locator('a[href^="/services/branding"]')).toHaveCount(0);
  // Inside the app (no page load): the router reads the old address, the API sends it on, and the bar shows
  // the new one.
  await tab.evaluate(() => {
    history.pushState(null, '', '/services/branding');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('A brand people remember');
  // In the page's language, as every address the app goes to.
  await expect(tab).toHaveURL(/\/services\/brand-identity\?lng=en$/);
  expect(errors).toEqual([]);
  await reader.close();
});

test('the services editor fits 390 and 1280 px in both languages, with no axe violation (screenshots kept)', async ({
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
      await page.goto(`/site/services?language=${language}`);
      await expect(page.locator('.content-list__item').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/list-${language}-${width}.png`, fullPage: true });
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await violations(page)).toEqual([]);
      await page.goto(`/site/services/web-development?language=${language}`);
      await expect(page.getByTestId('service-section').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/form-${language}-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await violations(page)).toEqual([]);
      await context.close();
    }
  }
});
