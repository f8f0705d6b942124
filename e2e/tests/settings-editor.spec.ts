import { mkdirSync } from 'node:fs';
import { type Browser, request } from '@playwright/test';
import { appReady, expect, test } from '../support/test';
import { signInCookies } from '../support/walk';

/** Puts the settings back as they were before the test: the other specs read them on the same server. */
test.afterAll(async ({ baseURL }) => {
  if (!original) return;
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-api-key': 'e2e-key' },
    storageState: { cookies: await signInCookies(baseURL), origins: [] },
  });
  const current = ((await (await api.get('/api/settings/edit')).json()) as { data: { version: string } })
    .data;
  const { token } = (await (await api.get('/api/csrf')).json()) as { token: string };
  const put = await api.put('/api/settings', {
    headers: { 'X-CSRF-TOKEN': token },
    data: { ...original, version: current.version },
  });
  expect(put.status(), await put.text()).toBe(200);
  await api.dispose();
});

let original: Record<string, unknown> | null = null;

// The site settings are edited by the agency (/site/settings) and shown by every page the server renders: the
// top bar, the footer, the contact page and the Organization JSON-LD.
test.use({ serviceWorkers: 'block' });

const SHOTS = 'test-results/settings-screens';

/** A public page in a fresh context, with or without JavaScript: what its footer, contact details and JSON-LD say. */
async function shown(browser: Browser, url: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const res = await page.goto(url);
  expect(res?.status()).toBe(200);
  if (javaScriptEnabled) await appReady(page);
  const footer = page.locator('.site-footer__contact');
  const details = page.locator('.contact-details');
  const organization = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts
        .map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>)
        .find((item) => item['@type'] === 'Organization'),
    );
  const result = {
    footer: ((await footer.textContent()) ?? '').replace(/\s+/g, ' ').trim(),
    details: ((await details.textContent()) ?? '').replace(/\s+/g, ' ').trim(),
    topBar: ((await page.locator('.top-bar__contact').textContent()) ?? '').replace(/\s+/g, ' '),
    organization,
  };
  // The server's render and the browser's hydration agree (no mismatch reported).
  expect(errors).toEqual([]);
  await context.close();
  return result;
}

test('a phone and an Arabic address changed in /site/settings show on the next load of the footer and the contact page, with JavaScript on and off, and in the JSON-LD', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const reader = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-api-key': 'e2e-key' },
    storageState: { cookies: await signInCookies(baseURL), origins: [] },
  });
  original = ((await (await reader.get('/api/settings/edit')).json()) as { data: Record<string, unknown> })
    .data;
  await reader.dispose();
  const before = await shown(browser, '/contact?lng=ar', false);
  expect(before.footer).toContain('+44 20 7946 0958');

  const phone = `+44 20 7946 0${String(Date.now() % 1000).padStart(3, '0')}`;
  const address = `١٢ شارع الشيخ زايد ${Date.now() % 100}\nدبي`;

  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 900 },
  });
  await context.addCookies(await signInCookies(baseURL));
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
  const page = await context.newPage();
  await page.goto('/site/settings');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'إعدادات الموقع' })).toBeVisible();
  // A bad phone is refused by core's rules before anything is sent, in the editor's language.
  const phoneField = page.getByLabel('الهاتف', { exact: false }).first();
  await phoneField.fill('12');
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('أدخل رقم هاتف صحيحًا مع + ورمز الدولة.', { exact: true })).toBeVisible();
  await phoneField.fill(phone);
  const arabicAddress = page.locator('fieldset[data-language="ar"]').getByLabel('العنوان');
  await expect(arabicAddress).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('fieldset[data-language="en"]').getByLabel('العنوان')).toHaveAttribute(
    'dir',
    'ltr',
  );
  await arabicAddress.fill(address);
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('تم الحفظ. تعرض كل الصفحات الإعدادات الجديدة الآن.')).toBeVisible();
  await context.close();

  const oneLine = address.replace('\n', ' ');
  for (const javaScriptEnabled of [false, true]) {
    const contact = await shown(browser, '/contact?lng=ar', javaScriptEnabled);
    expect(contact.footer).toContain(phone);
    expect(contact.footer).toContain(oneLine);
    expect(contact.details).toContain(phone);
    expect(contact.details).toContain(oneLine);
    expect(contact.topBar).toContain(phone);
    expect(contact.organization).toMatchObject({ telephone: phone, address: address.replace('\n', ', ') });
    // The English page has the same phone and its own (unchanged, empty) address.
    const english = await shown(browser, '/contact?lng=en', javaScriptEnabled);
    expect(english.footer).toContain(phone);
    expect(english.footer).not.toContain('دبي');
    expect(english.organization).toMatchObject({ telephone: phone });
  }

  // The footer and the contact page after the change, at both widths.
  for (const width of [390, 1280]) {
    const publicContext = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width, height: 900 },
    });
    const publicPage = await publicContext.newPage();
    await publicPage.goto('/contact?lng=ar');
    await appReady(publicPage);
    await publicPage.locator('.contact-section').screenshot({ path: `${SHOTS}/contact-ar-${width}.png` });
    await publicPage.locator('.site-footer').screenshot({ path: `${SHOTS}/footer-ar-${width}.png` });
    expect(await publicPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await publicContext.close();
  }
});

test('the settings screen fits 390 and 1280 px in both languages (screenshots kept)', async ({
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
      await page.goto('/site/settings');
      await expect(page.locator('.settings-form form')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await page.screenshot({ path: `${SHOTS}/admin-${language}-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    }
  }
});
