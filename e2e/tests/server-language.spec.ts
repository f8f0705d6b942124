import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/test';

// The server writes the page in the visitor's language (`?lng=`, the `lng` cookie the client mirrors from
// localStorage, Accept-Language), so the HTML it sends is already right to left in Arabic, and the client's
// first render agrees with it: nothing flips after load.

/** The page varies by the cookie and Accept-Language (and by Accept-Encoding when compressed). */
const VARY = expect.stringMatching(/^Cookie, Accept-Language(, accept-encoding)?$/i);

/** What the server's HTML (the response body, not the DOM) says about the page's language. */
async function served(response: Response | null) {
  expect(response, 'a navigation response').not.toBeNull();
  const body = (await response?.text()) ?? '';
  const html = /<html\b[^>]*>/.exec(body)?.[0] ?? '';
  return {
    lang: /\slang="([^"]*)"/.exec(html)?.[1],
    dir: /\sdir="([^"]*)"/.exec(html)?.[1],
    rtlBody: /<body class="rtl">/.test(body),
    vary: response?.headers().vary,
  };
}

/** Records every change of `lang` or `dir` on `<html>` after the parser set them (a flip after load). */
async function watchFlips(page: Page) {
  await page.addInitScript(() => {
    const flips: string[] = [];
    (window as unknown as { __flips: string[] }).__flips = flips;
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as Element;
        const now = el.getAttribute(r.attributeName ?? '');
        if (el === document.documentElement && r.oldValue !== now) {
          flips.push(`${r.attributeName}: ${r.oldValue} -> ${now}`);
        }
      }
    }).observe(document, {
      subtree: true,
      attributes: true,
      attributeOldValue: true,
      attributeFilter: ['lang', 'dir'],
    });
  });
}

const flipsOf = (page: Page) => page.evaluate(() => (window as unknown as { __flips: string[] }).__flips);

/** The response to a navigation to `path`. */
function isPage(path: string) {
  return (response: Response) =>
    response.request().isNavigationRequest() && new URL(response.url()).pathname === path;
}

test.describe('the page comes from the server in the visitor language', () => {
  test('switching to Arabic, then reloading, gets dir="rtl" in the server HTML', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await watchFlips(page);
    const first = await served(await page.goto('/about'));
    expect(first).toMatchObject({ lang: 'en', dir: 'ltr', rtlBody: false, vary: VARY });

    // The switch stores the choice, mirrors it into the cookie and reloads: that reload is already Arabic.
    const [switched] = await Promise.all([
      page.waitForResponse(isPage('/about')),
      page.getByRole('button', { name: 'العربية' }).click(),
    ]);
    expect(await served(switched)).toMatchObject({ lang: 'ar', dir: 'rtl', rtlBody: true });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('من نحن');
    const cookie = (await context.cookies()).find((c) => c.name === 'lng');
    expect(cookie).toMatchObject({ value: 'ar', path: '/', httpOnly: false, sameSite: 'Lax' });
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

    const reloaded = await served(await page.reload());
    expect(reloaded).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      rtlBody: true,
      vary: VARY,
    });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('من نحن');
    expect(await flipsOf(page)).toEqual([]);
  });

  test('/?lng=ar in a fresh browser serves and shows Arabic, and keeps it as the choice', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await watchFlips(page);
    expect(await served(await page.goto('/?lng=ar'))).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      rtlBody: true,
    });
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('body')).toHaveClass(/\brtl\b/);
    await expect(
      page.getByRole('navigation', { name: 'الرئيسي' }).getByRole('link', { name: 'المدونة' }),
    ).toBeVisible();
    expect(await flipsOf(page)).toEqual([]);
    // Adopted as the visitor's choice: stored as the spec says, and mirrored for the server.
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');
    expect((await context.cookies()).find((c) => c.name === 'lng')?.value).toBe('ar');

    // Without the parameter, the next page is still Arabic from the server.
    expect(await served(await page.goto('/blog'))).toMatchObject({ lang: 'ar', dir: 'rtl' });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('switching back to English from a ?lng=ar link drops the parameter, so English sticks', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about?lng=ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('من نحن');
    const [switched] = await Promise.all([
      page.waitForResponse(isPage('/about')),
      page.getByRole('button', { name: 'English' }).click(),
    ]);
    expect(new URL(switched.url()).search).toBe('');
    expect(await served(switched)).toMatchObject({ lang: 'en', dir: 'ltr', rtlBody: false });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
  });
});

test('a choice stored before the cookie existed is mirrored on the first page, so the next comes right', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
  await watchFlips(page);
  // No cookie yet: the server cannot know, and the client corrects the page before anything renders.
  expect(await served(await page.goto('/'))).toMatchObject({ lang: 'en', dir: 'ltr' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await flipsOf(page)).toContain('dir: ltr -> rtl');
  expect((await context.cookies()).find((c) => c.name === 'lng')?.value).toBe('ar');
  // From then on the server knows.
  expect(await served(await page.goto('/about'))).toMatchObject({ lang: 'ar', dir: 'rtl', rtlBody: true });
  expect(await flipsOf(page)).toEqual([]);
});

test.describe('a first visit from an Arabic browser', () => {
  test.use({ locale: 'ar-EG' });

  test('gets Arabic from Accept-Language, and the client keeps it', async ({ page, context }) => {
    await watchFlips(page);
    expect(await served(await page.goto('/'))).toMatchObject({ lang: 'ar', dir: 'rtl', rtlBody: true });
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('navigation', { name: 'الرئيسي' })).toBeVisible();
    expect(await flipsOf(page)).toEqual([]);
    // Detected, not chosen: mirrored for the server, not stored as a choice.
    expect((await context.cookies()).find((c) => c.name === 'lng')?.value).toBe('ar');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBeNull();
  });
});
