import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { precompressDir } from '@agency/core/precompress';
import { type APIRequestContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, FULL_CHROMIUM_PATH } from '../playwright.config';
import { startDeployment, waitForServiceWorker } from '../support/pwa';
import { expect, test } from '../support/test';

// The installed app and offline reading are the service worker's: every test here lets it install.
test.use({ serviceWorkers: 'allow' });

test.describe('installable app', () => {
  test('links a complete manifest and passes Chromium installability checks', async ({
    request,
    baseURL,
  }) => {
    // Installability is never granted to incognito-like contexts: use a real profile.
    const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'agency-profile-')), {
      // Installability is the desktop browser's (the headless shell has no install prompt to give).
      executablePath: FULL_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = (await (await request.get(href as string)).json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
    expect(manifest.name).toBeTruthy();
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.theme_color).toMatch(/^#/);
    expect(manifest.background_color).toMatch(/^#/);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const res = await request.get(icon.src);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    const cdp = await page.context().newCDPSession(page);
    await waitForServiceWorker(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    await context.close();
  });
});

const API_HEADERS = { 'x-api-key': 'e2e-key', Accept: 'application/json' };

/** Signs the page's browser in as the editor through the API; answers the session's CSRF token. */
async function signInThroughApi(page: Page): Promise<string> {
  const csrf = await page.request.get('/api/csrf', { headers: API_HEADERS });
  const { token } = (await csrf.json()) as { token: string };
  const login = await page.request.post('/api/auth/login', {
    headers: { ...API_HEADERS, 'X-CSRF-TOKEN': token },
    data: { email: 'editor@example.com', password: 'correct-horse-battery' },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { csrf_token: string }).csrf_token;
}

test('the worker installs for an editor who signed in before it did, and keeps none of their answers', async ({
  page,
}) => {
  await signInThroughApi(page);
  await page.goto('/');
  await waitForServiceWorker(page);
  // The warm-up kept the public first page (no drafts); nothing an editor session read is in the caches.
  const cached = await page.evaluate(async () => {
    const cache = await caches.open('agency-api-posts');
    const out: { url: string; statuses: string[] }[] = [];
    for (const request of await cache.keys()) {
      const body = (await (await cache.match(request))?.json()) as { data?: { data?: { status: string }[] } };
      out.push({ url: request.url, statuses: (body.data?.data ?? []).map((post) => post.status) });
    }
    return out;
  });
  expect(cached.length).toBeGreaterThan(0);
  for (const entry of cached) expect(entry.statuses.every((status) => status === 'published')).toBe(true);
});

test("no editor screen's page is kept by the service worker, signed in before or after it installed", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const editorToken = await signInThroughApi(page);
  const posts = (await (
    await page.request.get('/api/posts?per_page=1', { headers: API_HEADERS })
  ).json()) as {
    data: { data: { slug: string }[] };
  };
  const slug = posts.data.data[0]?.slug ?? '';
  /** Every page the shell cache holds: whether it says no-store, and whether it holds the editor's token. */
  const kept = () =>
    page.evaluate(async (secret) => {
      const cache = await caches.open('agency-shell');
      return Promise.all(
        (await cache.keys()).map(async (request) => {
          const response = await cache.match(request);
          const body = (await response?.text()) ?? '';
          return {
            url: request.url,
            noStore: /no-store/.test(response?.headers.get('cache-control') ?? ''),
            token: body.includes(secret),
          };
        }),
      );
    }, editorToken);

  await page.goto('/posts');
  await waitForServiceWorker(page);
  for (const path of ['/posts', '/new_blog', `/edit_blog/${encodeURIComponent(slug)}`, '/login', '/posts']) {
    await page.goto(path);
    await expect(page.locator('[data-mfe="@agency/mf-admin"]').first()).toBeVisible();
    const pages = await kept();
    expect(pages.length, path).toBeGreaterThan(0);
    for (const entry of pages) expect({ path, ...entry }).toMatchObject({ noStore: false, token: false });
  }
});

test('the worker is registered once the page has started, not beside its hydration', async ({ page }) => {
  // When the page said its apps are mounted (data-app-ready), and when it asked for the worker.
  await page.addInitScript(() => {
    const times = { ready: -1, registered: -1 };
    Object.assign(window, { __times: times });
    new MutationObserver(() => {
      if (times.ready < 0 && document.documentElement.hasAttribute('data-app-ready'))
        times.ready = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] });
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (...args) => {
      if (times.registered < 0) times.registered = performance.now();
      return register(...args);
    };
  });
  await page.goto('/about');
  await waitForServiceWorker(page);
  const times = await page.evaluate(
    () => (window as unknown as { __times: { ready: number; registered: number } }).__times,
  );
  expect(times.ready).toBeGreaterThan(0);
  expect(times.registered).toBeGreaterThanOrEqual(times.ready);
});

test.describe('offline', () => {
  for (const lang of ['en', 'ar'] as const) {
    test(`after one visit the site's pages render with no network (${lang})`, async ({ page, context }) => {
      await context.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
      await page.goto('/');
      await waitForServiceWorker(page);
      await context.setOffline(true);

      const expectations = {
        en: {
          '/': 'We build digital products',
          '/about': 'About us',
          '/services': 'Our services',
          banner: 'You are offline',
        },
        ar: { '/': 'نبني منتجات رقمية', '/about': 'من نحن', '/services': 'خدماتنا', banner: 'أنت غير متصل' },
      }[lang];
      for (const path of ['/', '/about', '/services'] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(expectations[path]);
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: expectations.banner })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      }
      // The footer's services came from the cache too.
      await expect(page.locator('#site-footer').getByRole('link', { name: /./ }).first()).toBeVisible();
      await context.setOffline(false);
      await expect(page.getByRole('status').filter({ hasText: expectations.banner })).toBeHidden();
    });
  }
});

async function postSlugs(request: APIRequestContext, language: 'en' | 'ar'): Promise<string[]> {
  const res = await request.get(`/api/posts?language=${language}&per_page=20`, {
    headers: { 'x-api-key': 'e2e-key' },
  });
  const body = (await res.json()) as { data: { data: { slug: string; poster_image: string | null }[] } };
  // Seeded posts all have posters; other suites may add some without.
  return body.data.data.filter((post) => post.poster_image).map((post) => post.slug);
}

async function expectPostersLoaded(page: Page): Promise<void> {
  const posters = page.locator('img[src*="/storage/poster_images/"]');
  await expect(posters.first()).toBeVisible();
  // Decoded, not broken. (`naturalWidth` would not tell: with `srcset` it is divided by the chosen width's
  // density, so a tiny poster another suite uploaded reads 0 while it shows.)
  await expect
    .poll(() =>
      posters.evaluateAll((imgs) =>
        Promise.all(
          imgs.slice(0, 3).map((img) =>
            (img as HTMLImageElement).decode().then(
              () => true,
              () => false,
            ),
          ),
        ).then((decoded) => decoded.every(Boolean)),
      ),
    )
    .toBe(true);
}

test.describe('reading the blog offline', () => {
  for (const lang of ['en', 'ar'] as const) {
    test(`list, a post read before and the marketing pages render offline; an unread post says so (${lang})`, async ({
      page,
      context,
      request,
    }) => {
      const [readSlug, , , , , , , , , , unreadSlug] = await postSlugs(request, lang);
      expect(readSlug && unreadSlug).toBeTruthy();
      const text = {
        en: {
          about: 'About us',
          offline: 'You are offline, and this page has not been saved for offline reading.',
        },
        ar: {
          about: 'من نحن',
          offline: 'أنت غير متصل بالإنترنت، ولم تُحفظ هذه الصفحة بعدُ للقراءة دون اتصال.',
        },
      }[lang];
      await context.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
      await page.goto('/');
      await waitForServiceWorker(page);
      await page.goto(`/blog/${readSlug}`);
      const title = await page.getByRole('heading', { level: 1 }).textContent();
      await expectPostersLoaded(page);

      await context.setOffline(true);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.about);
      await page.goto('/blog');
      await expect(page.locator('[data-mfe="@agency/mf-blog"]').getByRole('link').first()).toBeVisible();
      await expectPostersLoaded(page);
      await page.goto(`/blog/${readSlug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
      await expect(page.locator('article')).toContainText(/\S{20,}|\S+ \S+ \S+/);
      await expectPostersLoaded(page);
      await page.goto(`/blog/${unreadSlug}`);
      await expect(page.getByText(text.offline)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    });
  }
});

test('a new deployment offers a reload that brings the new version', async ({ page }) => {
  // A second server making its own database (up to 120 s on a busy machine, support/pwa.ts), and two full
  // installs of the service worker (20-25 s alone): bounds, not waits.
  test.setTimeout(180_000);
  const deployment = await startDeployment(Number(process.env.E2E_PORT ?? 8181) + 10);
  try {
    await page.goto(`${deployment.url}/about`);
    await waitForServiceWorker(page);

    // Deploy a second build under the running server: a new service worker and a changed text, each with the
    // compressed copies a build writes beside it (the server sends those to this browser).
    const marketing = join(deployment.webRoot, 'mf-marketing', 'dist');
    const locale = join(marketing, 'locales', 'en', 'marketing.json');
    writeFileSync(locale, readFileSync(locale, 'utf8').replace('"About us"', '"About us (second build)"'));
    const shell = join(deployment.webRoot, 'root-config', 'dist');
    appendFileSync(join(shell, 'sw.js'), '\n// second build\n');
    await Promise.all([precompressDir(marketing), precompressDir(shell)]);

    await page.reload();
    const toast = page.getByRole('alert').filter({ hasText: 'A new version of the site is available.' });
    await expect(toast).toBeVisible({ timeout: 20_000 });
    await Promise.all([page.waitForEvent('load'), toast.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us (second build)');
    const active = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const script = await (await fetch('/sw.js')).text();
      return {
        waiting: registration?.waiting ?? null,
        controlled: navigator.serviceWorker.controller !== null,
        script,
      };
    });
    expect(active.waiting).toBeNull();
    expect(active.controlled).toBe(true);
    expect(active.script).toContain('// second build');
  } finally {
    await deployment.stop();
  }
});
