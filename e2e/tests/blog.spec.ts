import type { Page } from '@playwright/test';
import { SANITIZE_CASES } from '../../mf-blog/src/features/post/lib/sanitize-cases';
import { expect, test } from '../support/test';

/**
 * Opens a page by moving to it inside the app, so the browser reads the post through the API (which these
 * tests answer themselves): opened directly, the server renders the post from the database with the page.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.goto('/blog');
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
  }, path);
}

// The blog's own behaviour against the real API and its seeded posts. The service worker is kept out so that
// every read reaches the server (offline reading is pwa.spec.ts's subject) and page.route sees the requests.
test.use({ serviceWorkers: 'block' });

const ARABIC = /[\u0600-\u06FF]/;

function cardTitles(page: Page) {
  return page.locator('.post-card__title').allTextContents();
}

function useLanguage(page: Page, lang: 'en' | 'ar') {
  return page.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
}

test.describe('blog list', () => {
  test('pages through /blog with the server links: page 2 shows other posts and is in the URL', async ({
    page,
  }) => {
    await page.goto('/blog');
    const pages = page.getByRole('navigation', { name: 'Blog pages' });
    await expect(page.locator('.post-card')).toHaveCount(9);
    await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(pages).not.toContainText('&laquo;');
    const first = await cardTitles(page);

    const next = page.waitForRequest((r) => r.url().includes('/api/posts?') && r.url().includes('page=2'));
    await pages.getByRole('link', { name: 'Next' }).click();
    const request = new URL((await next).url());
    expect(request.searchParams.get('per_page')).toBe('9');
    expect(request.searchParams.get('language')).toBe('en');
    await expect(page).toHaveURL(/\/blog\?page=2&lng=en$/);
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.post-card').first()).toBeVisible();
    const second = await cardTitles(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((title) => first.includes(title))).toEqual([]);

    // The page survives a reload and goes back with the Previous link.
    await page.reload();
    await expect(page.locator('.post-card__title').first()).toHaveText(second[0] ?? '');
    await pages.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/blog\?lng=en$/);
    await expect(page.locator('.post-card__title').first()).toHaveText(first[0] ?? '');
  });

  test('shows Arabic posts right to left on the Arabic page', async ({ page }) => {
    await useLanguage(page, 'ar');
    await page.goto('/blog');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'المدونة' })).toBeVisible();
    await expect(page.locator('.post-card')).toHaveCount(9);
    for (const title of await cardTitles(page)) expect(title).toMatch(ARABIC);
    await expect(page.locator('.post-card__category').first()).toHaveText('منشور');
    await expect(
      page.getByRole('navigation', { name: 'صفحات المدونة' }).getByRole('link', { name: 'التالي' }),
    ).toBeVisible();
  });
});

test.describe('blog post', () => {
  test('opens a post from its card: title, content and poster image', async ({ page, request }) => {
    // Other suites add short posts of their own: open a long one with a poster from the first page.
    const api = await request.get('/api/posts?language=en&per_page=9', {
      headers: { 'x-api-key': 'e2e-key' },
    });
    const posts = (
      (await api.json()) as {
        data: { data: { slug: string; title: string; poster_image: string | null }[] };
      }
    ).data.data;
    // Lists carry no content: each candidate's length comes from the post itself.
    let chosen: (typeof posts)[number] | undefined;
    for (const post of posts.filter((p) => p.poster_image)) {
      const one = await request.get(`/api/posts/${encodeURIComponent(post.slug)}`, {
        headers: { 'x-api-key': 'e2e-key' },
      });
      const { content } = (await one.json()) as { content: string };
      if (content.replace(/<[^>]+>/g, '').length > 300) {
        chosen = post;
        break;
      }
    }
    expect(chosen).toBeTruthy();
    await page.goto('/blog');
    const card = page
      .locator('.post-card')
      .filter({ hasText: chosen?.title ?? '' })
      .first();
    const title = (await card.locator('.post-card__title').textContent()) ?? '';
    await card.getByRole('link').click();
    await expect(page).toHaveURL(/\/blog\/[^/?]+\?lng=en$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const content = page.locator('.post-content');
    await expect(content).not.toBeEmpty();
    expect(((await content.textContent()) ?? '').trim().length).toBeGreaterThan(100);
    const poster = page.locator('img.post-article__poster');
    await expect(poster).toHaveAttribute('src', /^\/storage\/poster_images\/.+/);
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page).toHaveTitle(/\| Agency$/);
    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await expect(page).toHaveURL(/\/blog\?lng=en$/);
  });

  test('says "Blog post not found" for an unknown slug', async ({ page }) => {
    await page.goto('/blog/no-such-post-here');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog post not found' })).toBeVisible();
  });

  test('says an English post is not available in Arabic', async ({ page, request }) => {
    const api = await request.get('/api/posts?language=en&per_page=1', {
      headers: { 'x-api-key': 'e2e-key' },
    });
    const slug = ((await api.json()) as { data: { data: { slug: string }[] } }).data.data[0]?.slug;
    await useLanguage(page, 'ar');
    await page.goto(`/blog/${slug}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'هذه المقالة غير متاحة باللغة العربية' }),
    ).toBeVisible();
    await expect(page.locator('.post-content')).toHaveCount(0);
  });

  test('never runs a script or an onerror handler from a post', async ({ page }) => {
    await page.route('**/api/posts/evil-post?*', (route) =>
      route.fulfill({
        json: {
          id: 999,
          slug: 'evil-post',
          title: 'Evil post',
          status: 'published',
          poster_image: null,
          poster_image_url: null,
          description: 'Tries to run code.',
          language: 'en',
          published_at: '2026-01-01T00:00:00.000Z',
          seo_title: '',
          seo_description: '',
          content:
            '<p>Visible text</p><script>window.__pwned = "script"</script>' +
            '<img src="/storage/poster_images/00000000000000000000000000000000.webp" onerror="window.__pwned = \'onerror\'" alt="x">' +
            '<svg><image href="x" onerror="window.__pwned = \'svg\'"></image></svg>',
        },
      }),
    );
    const failedImage = page.waitForResponse((r) =>
      r.url().endsWith('/storage/poster_images/00000000000000000000000000000000.webp'),
    );
    await openInApp(page, '/blog/evil-post');
    await expect(page.getByText('Visible text')).toBeVisible();
    await failedImage;
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  });

  for (const route of ['Sanitizer API', 'DOMPurify'] as const) {
    test(`cleans a post through the ${route} route to the unit tests' expected HTML`, async ({ page }) => {
      if (route === 'DOMPurify') {
        // A browser without the Sanitizer API (Safari today): the blog fetches DOMPurify instead.
        await page.addInitScript(() => {
          delete (Element.prototype as { setHTML?: unknown }).setHTML;
        });
      }
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      await page.route('**/api/posts/sanitizer-cases?*', (r) =>
        r.fulfill({
          json: {
            id: 998,
            slug: 'sanitizer-cases',
            title: 'Sanitizer cases',
            status: 'published',
            poster_image: null,
            poster_image_url: null,
            description: 'Every case of the unit tests.',
            language: 'en',
            published_at: '2026-01-01T00:00:00.000Z',
            seo_title: '',
            seo_description: '',
            content: SANITIZE_CASES.map((c) => c.html).join(''),
          },
        }),
      );
      await openInApp(page, '/blog/sanitizer-cases');
      const content = page.locator('.post-content');
      await expect(content.getByRole('heading', { level: 1, name: 'A' })).toBeVisible();
      // The sanitizer's output, with the link to a page of the site in the page's language, as the site's own.
      const expected = SANITIZE_CASES.map((c) => c.out)
        .join('')
        .replaceAll('href="/contact"', 'href="/contact?lng=en"');
      expect(expected).toContain('href="/contact?lng=en"');
      expect(await content.evaluate((el) => el.innerHTML)).toBe(expected);
      expect(scripts.some((url) => /purify/i.test(url))).toBe(route === 'DOMPurify');
    });
  }

  test('says an unsaved post is not available offline when the request gets no answer', async ({ page }) => {
    await page.route('**/api/posts/some-post?*', (route) => route.abort('internetdisconnected'));
    await openInApp(page, '/blog/some-post');
    await expect(page.getByRole('alert')).toContainText(
      'You are offline, and this page has not been saved for offline reading.',
    );
    await page.unroute('**/api/posts/some-post?*');
    await page.route('**/api/posts/some-post?*', (route) =>
      route.fulfill({ status: 404, json: { message: 'Blog post not found' } }),
    );
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blog post not found' })).toBeVisible();
  });
});
