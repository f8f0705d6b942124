import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/test';

// A public page's language comes from its address (`?lng=`), so the page is the same for every visitor and
// shared caches may keep it. An address without one is the default language's page, or, for a visitor whose
// language is another (the `lng` cookie the client mirrors from localStorage, else Accept-Language), a
// redirect to the address with it. The HTML is already right to left in Arabic, and the client's first render
// agrees with it: nothing flips after load.

/** An address without `?lng=` changes with the visitor's language; one with it, only with the encoding. */
const VARY_BARE = 'Accept-Encoding, Accept-Language, Cookie';
const VARY_LANGUAGE = 'Accept-Encoding';
/** The redirect a navigation followed, if any. */
const redirectedFrom = (response: Response | null) => {
  const from = response?.request().redirectedFrom();
  return from ? new URL(from.url()).pathname + new URL(from.url()).search : null;
};

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
    cacheControl: response?.headers()['cache-control'],
    cookie: response?.headers()['set-cookie'],
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

const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

test.describe('the page comes from the server in the language of its address', () => {
  test('switching to Arabic goes to the Arabic address; a reload, and the bare address later, stay Arabic', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await watchFlips(page);
    const first = await served(await page.goto('/about'));
    expect(first).toMatchObject({
      lang: 'en',
      dir: 'ltr',
      rtlBody: false,
      vary: VARY_BARE,
      cacheControl: PUBLIC,
    });
    // The same bytes for everyone: no token in it, no cookie set by it.
    expect(first.cookie).toBeUndefined();

    // The switch stores the choice, mirrors it into the cookie and loads the page's Arabic address.
    const [switched] = await Promise.all([
      page.waitForResponse(isPage('/about')),
      page.getByRole('button', { name: 'العربية' }).click(),
    ]);
    expect(new URL(switched.url()).search).toBe('?lng=ar');
    expect(await served(switched)).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      rtlBody: true,
      vary: VARY_LANGUAGE,
      cacheControl: PUBLIC,
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('من نحن');
    const cookie = (await context.cookies()).find((c) => c.name === 'lng');
    expect(cookie).toMatchObject({ value: 'ar', path: '/', httpOnly: false, sameSite: 'Lax' });
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

    const reloaded = await served(await page.reload());
    expect(reloaded).toMatchObject({ lang: 'ar', dir: 'rtl', rtlBody: true, vary: VARY_LANGUAGE });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('من نحن');
    expect(await flipsOf(page)).toEqual([]);

    // Typed without the language: the saved choice sends the visitor to the Arabic address, once.
    const typed = await page.goto('/blog');
    expect(redirectedFrom(typed)).toBe('/blog');
    expect(new URL(page.url()).search).toBe('?lng=ar');
    expect(await served(typed)).toMatchObject({ lang: 'ar', dir: 'rtl', vary: VARY_LANGUAGE });
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
    const blogLink = page.getByRole('navigation', { name: 'الرئيسي' }).getByRole('link', { name: 'المدونة' });
    await expect(blogLink).toBeVisible();
    // Its links stay in Arabic: they name the language too.
    await expect(blogLink).toHaveAttribute('href', '/blog?lng=ar');
    expect(await flipsOf(page)).toEqual([]);
    // Adopted as the visitor's choice: stored as the spec says, and mirrored for the server.
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');
    expect((await context.cookies()).find((c) => c.name === 'lng')?.value).toBe('ar');

    // Without the parameter, the next page is still Arabic from the server, at its Arabic address.
    expect(await served(await page.goto('/blog'))).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(new URL(page.url()).search).toBe('?lng=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('switching back to English from a ?lng=ar link goes to the English address, and English sticks', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about?lng=ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('من نحن');
    const [switched] = await Promise.all([
      page.waitForResponse(isPage('/about')),
      page.getByRole('button', { name: 'English' }).click(),
    ]);
    expect(new URL(switched.url()).search).toBe('?lng=en');
    expect(await served(switched)).toMatchObject({ lang: 'en', dir: 'ltr', rtlBody: false });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    // The bare address is English for this visitor now: no redirect.
    const typed = await page.goto('/about');
    expect(redirectedFrom(typed)).toBeNull();
    expect(await served(typed)).toMatchObject({ lang: 'en' });
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
  // From then on the server knows, and sends the visitor to the Arabic address.
  const next = await page.goto('/about');
  expect(redirectedFrom(next)).toBe('/about');
  expect(await served(next)).toMatchObject({ lang: 'ar', dir: 'rtl', rtlBody: true });
  expect(await flipsOf(page)).toEqual([]);
});

test.describe('a first visit from an Arabic browser', () => {
  test.use({ locale: 'ar-EG' });

  test('is sent to the Arabic address from Accept-Language, and the client keeps it', async ({
    page,
    context,
  }) => {
    await watchFlips(page);
    const first = await page.goto('/');
    expect(redirectedFrom(first)).toBe('/');
    expect(new URL(page.url()).search).toBe('?lng=ar');
    expect(await served(first)).toMatchObject({ lang: 'ar', dir: 'rtl', rtlBody: true });
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('navigation', { name: 'الرئيسي' })).toBeVisible();
    expect(await flipsOf(page)).toEqual([]);
    // The address names the language, so it is kept as the visitor's, and mirrored for the server.
    expect((await context.cookies()).find((c) => c.name === 'lng')?.value).toBe('ar');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');
  });
});
