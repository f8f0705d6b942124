import type { Page } from '@playwright/test';
import { waitForServiceWorker } from '../support/pwa';
import { appReady, expect, test } from '../support/test';

// The server of this run starts with these (playwright.config.ts, webServer.env).
const EDITOR = { email: 'editor@example.com', password: 'correct-horse-battery' };

/**
 * Calls the API from the page as the site's code does: key and token from its meta tags (the token fetched
 * first when the page has none), its own cookies.
 */
async function apiFromPage(page: Page, method: string, path: string, body?: Record<string, string>) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const meta = (name: string) =>
        document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
      const headers: Record<string, string> = { Accept: 'application/json', 'x-api-key': meta('api-key') };
      // A public page carries no token (it is the same for everyone): ask for one first, as core's apiFetch does.
      if (method !== 'GET' && !meta('csrf-token')) {
        const res = await fetch('/api/csrf', { headers, credentials: 'same-origin' });
        const { token } = (await res.json()) as { token: string };
        document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.setAttribute('content', token);
      }
      if (method !== 'GET') headers['X-CSRF-TOKEN'] = meta('csrf-token');
      let payload: BodyInit | undefined;
      if (body && path.startsWith('/api/auth')) {
        headers['Content-Type'] = 'application/json';
        payload = JSON.stringify(body);
      } else if (body) {
        const form = new FormData();
        for (const [key, value] of Object.entries(body)) form.append(key, value);
        payload = form;
      }
      const res = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
      const text = await res.text();
      if (path === '/api/auth/login' && res.ok) {
        const token = (JSON.parse(text) as { csrf_token: string }).csrf_token;
        document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.setAttribute('content', token);
      }
      return { status: res.status, body: text };
    },
    { method, path, body },
  );
}

function postFields(language: 'en' | 'ar', slug: string, title: string, extra: Record<string, string> = {}) {
  return {
    language,
    title,
    slug,
    status: 'published',
    description: language === 'en' ? 'One story, two languages.' : 'قصة واحدة بلغتين.',
    content: language === 'en' ? '<p>Told in English.</p>' : '<p>تُروى بالعربية.</p>',
    seo_title: title,
    seo_description: title,
    published_at: '2026-02-01',
    ...extra,
  };
}

/** An English post and its Arabic version linked to it, both published, written by the signed-in page. */
async function writePair(
  page: Page,
  english: { slug: string; title: string },
  arabic: { slug: string; title: string },
): Promise<number> {
  const first = await apiFromPage(page, 'POST', '/api/posts', postFields('en', english.slug, english.title));
  expect(first.status, first.body).toBe(201);
  const id = (JSON.parse(first.body) as { data: { id: number } }).data.id;
  const link = { translation_of: String(id) };
  const second = await apiFromPage(
    page,
    'POST',
    '/api/posts',
    postFields('ar', arabic.slug, arabic.title, link),
  );
  expect(second.status, second.body).toBe(201);
  return id;
}

test('a post and its translation: the language switch goes from one to the other, the head pairs them, and deleting one unlinks the other', async ({
  browser,
  page,
}) => {
  const stamp = Date.now();
  const englishSlug = `one-story-${stamp}`;
  const arabicSlug = `قصة-واحدة-${stamp}`;
  const arabicPath = `/blog/${encodeURIComponent(arabicSlug)}`;

  // An editor writes the English post, then its Arabic version linked to it.
  await page.goto('/');
  expect((await apiFromPage(page, 'POST', '/api/auth/login', EDITOR)).status).toBe(200);
  const englishId = await writePair(
    page,
    { slug: englishSlug, title: 'One story' },
    {
      slug: arabicSlug,
      title: 'قصة واحدة',
    },
  );

  // A reader in English, on the English post.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addCookies([{ name: 'lng', value: 'en', url: 'http://127.0.0.1' }]);
  const reader = await context.newPage();
  await reader.goto(`/blog/${englishSlug}`);
  await appReady(reader);
  await expect(reader.locator('h1')).toHaveText('One story');
  // Search engines: the two posts are each other's alternates.
  const alternate = (lang: string) => reader.locator(`link[rel="alternate"][hreflang="${lang}"][data-page]`);
  await expect(alternate('ar')).toHaveAttribute('href', new RegExp(`${arabicPath}$`));
  await expect(alternate('en')).toHaveAttribute('href', new RegExp(`/blog/${englishSlug}$`));

  // Switching to Arabic lands on the Arabic post, in Arabic.
  await reader.getByRole('button', { name: 'العربية' }).first().click();
  await reader.waitForURL((url) => url.pathname === arabicPath && url.search === '?lng=ar');
  await appReady(reader);
  await expect(reader.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(reader.locator('h1')).toHaveText('قصة واحدة');

  // Now reading in Arabic, the English post offers its Arabic version.
  await reader.goto(`/blog/${englishSlug}`);
  await expect(reader.locator('h1')).toHaveText('كُتبت هذه المقالة بالإنجليزية');
  await reader.getByRole('link', { name: 'اقرأها بالعربية' }).click();
  await reader.waitForURL((url) => url.pathname === arabicPath && url.search === '?lng=ar');
  await expect(reader.locator('h1')).toHaveText('قصة واحدة');

  // The editor deletes the English post: the Arabic one stays, unlinked.
  const deleted = await apiFromPage(page, 'DELETE', `/api/posts/${englishId}`);
  expect(deleted.status, deleted.body).toBe(200);
  const left = await apiFromPage(page, 'GET', `/api/posts/${encodeURIComponent(arabicSlug)}`);
  expect(left.status).toBe(200);
  expect((JSON.parse(left.body) as { translations: unknown[] }).translations).toEqual([]);
  await reader.goto(arabicPath);
  await expect(reader.locator('h1')).toHaveText('قصة واحدة');
  await expect(alternate('en')).toHaveCount(0);
  // With no translation, switching to English goes on to the blog in English, not to a post it cannot read.
  await reader.getByRole('button', { name: 'English' }).first().click();
  await reader.waitForURL((url) => url.pathname === '/blog' && url.search === '?lng=en');
  await expect(reader.locator('h1')).toHaveText('Blog');
  await expect(reader.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('offline, a post read before opens, and so does its translation if it was read too; else the page says it is offline', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000); // the service worker's first install fills its caches
  const stamp = Date.now();
  const read = { en: `read-both-${stamp}`, ar: `قرئت-كلتاهما-${stamp}` };
  const half = { en: `read-one-${stamp}`, ar: `قرئت-واحدة-${stamp}` };
  await page.goto('/');
  expect((await apiFromPage(page, 'POST', '/api/auth/login', EDITOR)).status).toBe(200);
  for (const [pair, title] of [
    [read, 'Read in both'],
    [half, 'Read in one'],
  ] as const) {
    await writePair(page, { slug: pair.en, title }, { slug: pair.ar, title: `${title} بالعربية` });
  }

  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await context.addInitScript(() => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', 'en');
  });
  const reader = await context.newPage();
  /** The language switch, from the post on screen to the address of its translation. */
  async function switchTo(language: 'English' | 'العربية', slug: string) {
    await appReady(reader);
    await reader.getByRole('button', { name: language }).first().click();
    await reader.waitForURL((url) => decodeURIComponent(url.pathname) === `/blog/${slug}`);
  }
  const heading = reader.locator('h1');
  await reader.goto('/');
  await waitForServiceWorker(reader);
  // Online: the first post in English, then in Arabic through the switch; the second in English only.
  await reader.goto(`/blog/${read.en}`);
  await switchTo('العربية', read.ar);
  await expect(heading).toHaveText('Read in both بالعربية');
  await switchTo('English', read.en);
  await expect(heading).toHaveText('Read in both');
  await reader.goto(`/blog/${half.en}`);
  await expect(heading).toHaveText('Read in one');

  // Offline: the first post and its translation open, both having been read.
  await context.setOffline(true);
  await reader.goto(`/blog/${read.en}`);
  await expect(heading).toHaveText('Read in both');
  await switchTo('العربية', read.ar);
  await expect(heading).toHaveText('Read in both بالعربية');
  // Back in English, the second post opens; its Arabic version was never read, and the page says so.
  await switchTo('English', read.en);
  await reader.goto(`/blog/${half.en}`);
  await expect(heading).toHaveText('Read in one');
  await switchTo('العربية', half.ar);
  await expect(
    reader.getByText('أنت غير متصل بالإنترنت، ولم تُحفظ هذه الصفحة بعدُ للقراءة دون اتصال.'),
  ).toBeVisible();
  await context.close();
});
