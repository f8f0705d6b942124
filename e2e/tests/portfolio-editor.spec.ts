import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { solidPng } from '../support/png';
import { waitForServiceWorker } from '../support/pwa';
import { appReady, expect, test } from '../support/test';
import { signInCookies } from '../support/walk';

// The agency adds a project in the editor (/site/portfolio), with a cover and a gallery through the upload
// pipeline, and translates it; the project then has its own page in both languages, in the sitemap, readable
// offline after one visit; the portfolio's category filter and paging work without JavaScript.

const SHOTS = 'test-results/portfolio-screens';
const STAMP = Date.now().toString(36);
const EN_SLUG = `tea-house-shop-${STAMP}`;
const AR_SLUG = `متجر-بيت-الشاي-${STAMP}`;
const EN_TITLE = `Online shop for a tea house ${STAMP}`;
const AR_TITLE = `متجر إلكتروني لبيت شاي ${STAMP}`;

const file = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: solidPng(rgb),
});

async function editorContext(browser: Browser, baseURL: string | undefined, language: 'en' | 'ar') {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addCookies(await signInCookies(baseURL));
  await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
  return context;
}

/** Every image of the page has loaded (a broken one has no natural width). */
async function expectImagesLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLImageElement>('main img, [data-mfe] img')]
          .filter((img) => img.loading !== 'lazy' || img.getBoundingClientRect().top < innerHeight)
          .every((img) => img.complete && img.naturalWidth > 0),
      ),
    )
    .toBe(true);
}

test.describe.configure({ mode: 'serial' });

test('an editor adds a project with images and its Arabic translation; both have their page and are in the sitemap', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const context = await editorContext(browser, baseURL, 'en');
  const page = await context.newPage();
  await page.goto('/site/portfolio?language=en');
  // Under "Site" in the editor's bar.
  await expect(page.locator('.admin-bar').getByRole('link', { name: 'Portfolio' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('link', { name: 'Add a project' }).click();
  await page.getByLabel(/^Title/).fill(EN_TITLE);
  await page.getByLabel(/^Slug/).fill(EN_SLUG);
  await page.getByLabel(/^Client/).fill('Leaf & Co');
  await page.getByLabel(/^Category/).selectOption('web');
  await page.getByLabel('Cover image: Choose an image').setInputFiles(file('cover.png', [67, 56, 202]));
  await expect(page.getByRole('img', { name: 'Current image' })).toBeVisible();
  await page.getByLabel(/^Cover image alt text/).fill('The shop on a phone');
  await page
    .getByLabel('Add images')
    .setInputFiles([file('a.png', [245, 158, 11]), file('b.png', [30, 27, 75])]);
  await page.getByLabel('Alt text of image 1').fill('The tea basket page');
  await page.getByLabel('Alt text of image 2').fill('The checkout');
  await page.getByLabel(/^Summary/).fill('An online shop with subscriptions for a family tea house.');
  await page.locator('.ql-editor').click();
  await page.keyboard.type('We built the shop and its subscriptions.');
  await page.getByLabel(/^Link to the project/).fill('https://leaf.example');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/site\/portfolio\?language=en$/);
  const row = page.locator('.content-list__item', { hasText: EN_TITLE });
  await expect(row).toBeVisible();

  await row.getByRole('link', { name: 'Translate into Arabic' }).click();
  await expect(page.getByLabel(/^Category/)).toHaveValue('web');
  await page.getByLabel(/^Title/).fill(AR_TITLE);
  await page.getByLabel(/^Slug/).fill(AR_SLUG);
  await page.getByLabel(/^Client/).fill('ليف وشركاه');
  // The cover is shared with the original (its alt text is written anew, in Arabic).
  await expect(page.getByRole('img', { name: 'Current image' }).first()).toBeVisible();
  await expect(page.getByLabel('Cover image: Replace the image')).toBeAttached();
  await page.getByLabel(/^Cover image alt text/).fill('المتجر على هاتف');
  await page.getByLabel(/^Summary/).fill('متجر إلكتروني مع اشتراكات لبيت شاي عائلي.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/site\/portfolio\?language=ar$/);
  await context.close();

  // Its pages, from the server, in each language, with the SEO tags and the link to the other.
  for (const [slug, title, lng] of [
    [EN_SLUG, EN_TITLE, 'en'],
    [AR_SLUG, AR_TITLE, 'ar'],
  ] as const) {
    const res = await request.get(`/portfolio/${encodeURIComponent(slug)}?lng=${lng}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1 class="project__title">${title}</h1>`);
    expect(html).toMatch(
      /<meta property="og:image" content="[^"]*\/storage\/poster_images\/[0-9a-f]{32}\.webp"/,
    );
    expect(html).toContain(`hreflang="${lng === 'en' ? 'ar' : 'en'}"`);
  }
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const origin = /<loc>(https?:\/\/[^/<]+)\//.exec(sitemap)?.[1] ?? baseURL;
  expect(sitemap).toContain(`/portfolio/${EN_SLUG}</loc>`);
  expect(sitemap).toContain(`/portfolio/${encodeURIComponent(AR_SLUG)}</loc>`);
  // Linked to each other as alternates.
  expect(sitemap).toContain(`hreflang="ar" href="${origin}/portfolio/${encodeURIComponent(AR_SLUG)}"`);
  expect(sitemap).toContain(`hreflang="en" href="${origin}/portfolio/${EN_SLUG}"`);
});

test('the project page renders in both languages and reads offline after one visit', async ({ browser }) => {
  test.setTimeout(90_000);
  for (const [slug, title, lng] of [
    [EN_SLUG, EN_TITLE, 'en'],
    [AR_SLUG, AR_TITLE, 'ar'],
  ] as const) {
    const context: BrowserContext = await browser.newContext({ serviceWorkers: 'allow' });
    await context.addInitScript((l) => localStorage.setItem('i18nextLng', l), lng);
    const page = await context.newPage();
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.goto(`/portfolio/${encodeURIComponent(slug)}`);
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
    await expectImagesLoaded(page);
    // The gallery's images are kept with the project, whether or not they were scrolled to.
    await context.setOffline(true);
    await page.goto('/');
    // The home page's teaser too: its first project's card, with its cover, offline.
    const teaserCard = page.locator('.portfolio-grid .portfolio-card').first();
    await expect(teaserCard).toHaveAttribute('href', new RegExp(`^/portfolio/[^/?]+\\?lng=${lng}$`));
    // Reached as a reader reaches it: its block is laid out, and its cover asked for, as it comes near the screen.
    await teaserCard.scrollIntoViewIfNeeded();
    await expect
      .poll(() => teaserCard.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await page.goto(`/portfolio/${encodeURIComponent(slug)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(
      page.getByRole('img', { name: lng === 'en' ? 'The shop on a phone' : 'المتجر على هاتف' }),
    ).toBeVisible();
    await expectImagesLoaded(page);
    if (lng === 'en') {
      await page.getByRole('img', { name: 'The checkout' }).scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          page
            .getByRole('img', { name: 'The checkout' })
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
    }
    await context.close();
  }
});

test("the home page's teaser shows the portfolio's first visible projects from the server, in both languages, and follows a change", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const firstCards = async (lng: 'en' | 'ar') => {
    const html = await (await request.get(`/?lng=${lng}`)).text();
    return [
      ...html.matchAll(
        new RegExp(
          `<a class="portfolio-card" href="/portfolio/([^"?]+)\\?lng=${lng}"[^>]*><img [^>]*alt="([^"]*)"`,
          'g',
        ),
      ),
    ].map(([, slug, alt]) => [decodeURIComponent(slug ?? ''), alt]);
  };
  expect(await firstCards('en')).toEqual([
    ['bakery-chain-brand-identity', 'The new bakery logo in warm gold on a deep blue background'],
    ['coffee-roaster-packaging', expect.any(String)],
  ]);
  expect((await firstCards('ar'))[0]?.[0]).toBe('هوية-بصرية-لسلسلة-مخابز');

  // The editor hides the first English project: the home page (kept in memory) shows the next one instead.
  const editor = await editorContext(browser, baseURL, 'en');
  const page = await editor.newPage();
  await page.goto('/site/portfolio?language=en');
  const setHidden = (hidden: boolean) =>
    page.evaluate(async (hidden) => {
      const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
      const apiKey = document.querySelector('meta[name="api-key"]')?.getAttribute('content') ?? '';
      const headers = { 'content-type': 'application/json', 'x-csrf-token': token, 'x-api-key': apiKey };
      const list = await (await fetch('/api/portfolio/items?language=en', { headers })).json();
      const item = list.data.items.find((p: { slug: string }) => p.slug === 'bakery-chain-brand-identity');
      const res = await fetch(`/api/portfolio/items/${item.id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ...item, hidden }),
      });
      return res.status;
    }, hidden);
  try {
    expect(await setHidden(true)).toBe(200);
    const cards = await firstCards('en');
    expect(cards.map(([slug]) => slug)).not.toContain('bakery-chain-brand-identity');
    expect(cards[0]?.[0]).toBe('coffee-roaster-packaging');
  } finally {
    expect(await setHidden(false)).toBe(200);
    await editor.close();
  }
  expect((await firstCards('en'))[0]?.[0]).toBe('bakery-chain-brand-identity');
});

test('without JavaScript, the category filter and Next page through the projects', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // Six more web projects, so that the web category has a second page.
  const editor = await editorContext(browser, baseURL, 'en');
  const page = await editor.newPage();
  await page.goto('/site/portfolio?language=en');
  const created = await page.evaluate(async (stamp) => {
    const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
    const apiKey = document.querySelector('meta[name="api-key"]')?.getAttribute('content') ?? '';
    const headers = { 'content-type': 'application/json', 'x-csrf-token': token, 'x-api-key': apiKey };
    const list = await (await fetch('/api/portfolio/items?language=en', { headers })).json();
    const cover = list.data.items[0].cover_image;
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n++) {
      const res = await fetch('/api/portfolio/items', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          language: 'en',
          title: `Web project ${n} ${stamp}`,
          slug: `web-project-${n}-${stamp}`,
          client: 'A client',
          category: 'web',
          cover_image: cover,
          cover_alt: 'A screen',
          summary: 'A website.',
        }),
      });
      statuses.push(res.status);
    }
    return statuses;
  }, STAMP);
  expect(created).toEqual([201, 201, 201, 201, 201, 201]);
  await editor.close();

  const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
  const visitor = await context.newPage();
  await visitor.goto('/portfolio?lng=en');
  await visitor
    .getByRole('navigation', { name: 'Portfolio categories' })
    .getByRole('link', { name: 'Websites' })
    .click();
  await expect(visitor).toHaveURL(/\/portfolio\?category=web&lng=en$/);
  const cards = visitor.locator('.portfolio-card');
  await expect(cards).toHaveCount(6);
  await visitor.getByRole('link', { name: 'Next' }).click();
  await expect(visitor).toHaveURL(/\/portfolio\?category=web&page=2&lng=en$/);
  await expect(cards).toHaveCount(1);
  await expect(visitor.getByRole('link', { name: 'Next' })).toHaveCount(0);
  await visitor.getByRole('link', { name: 'Previous' }).click();
  await expect(cards).toHaveCount(6);
  // A card opens its project's page, still without scripts.
  await cards.first().click();
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor).toHaveURL(/\/portfolio\/[^?]+\?lng=en$/);
  // Past the last page: the server says it does not exist.
  expect((await visitor.goto('/portfolio?category=web&page=9'))?.status()).toBe(404);
  await context.close();
});

test('screenshots of the portfolio, a project, the editor list and form at 390 and 1280 px in both languages', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  const cookies = await signInCookies(baseURL);
  for (const language of ['en', 'ar'] as const) {
    const slug = language === 'en' ? 'bakery-chain-brand-identity' : 'هوية-بصرية-لسلسلة-مخابز';
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width, height: 900 } });
      await context.addCookies(cookies);
      await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
      const page = await context.newPage();
      const fits = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.goto(`/portfolio?lng=${language}`);
      await appReady(page);
      await expect(page.locator('.portfolio-card').first()).toBeVisible();
      await expectImagesLoaded(page);
      await page.screenshot({ path: `${SHOTS}/portfolio-${language}-${width}.png`, fullPage: true });
      await fits();
      await page.goto(`/portfolio/${encodeURIComponent(slug)}?lng=${language}`);
      await appReady(page);
      await expect(page.locator('.project__title')).toBeVisible();
      await expectImagesLoaded(page);
      await page.screenshot({ path: `${SHOTS}/project-${language}-${width}.png`, fullPage: true });
      await fits();
      await page.goto(`/site/portfolio?language=${language}`);
      await expect(page.locator('.content-list__item').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/admin-list-${language}-${width}.png`, fullPage: true });
      await fits();
      await page.locator('.content-list__title').first().click();
      await expect(page.locator('.ql-editor')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/admin-form-${language}-${width}.png`, fullPage: true });
      await fits();
      await context.close();
    }
  }
});
