import type { Page } from '@playwright/test';
import { waitForServiceWorker } from '../support/pwa';
import { expect, test } from '../support/test';

// The server of this run starts with these (playwright.config.ts, webServer.env).
const EDITOR = { email: 'editor@example.com', password: 'correct-horse-battery' };
// Seeded English posts the public never sees (api/src/db/seed/posts-en.ts).
const SEEDED_DRAFT = 'accessibility-is-good-business';
const SEEDED_FUTURE = 'search-in-the-year-ahead-what-changes-for-small-businesses';

/**
 * Calls the API from inside the page the way the site's own code does: the API key and the CSRF token from
 * the page's meta tags (the token fetched first when the page has none), the browser's own cookies.
 */
async function pageFetch(page: Page, path: string, init: { method?: string; json?: unknown } = {}) {
  return page.evaluate(
    async ({ path, init }) => {
      const meta = (name: string) =>
        document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
      const headers: Record<string, string> = { Accept: 'application/json', 'x-api-key': meta('api-key') };
      const write = init.method !== undefined && init.method !== 'GET';
      // A public page carries no token (it is the same for everyone): ask for one first, as core's apiFetch does.
      if (write && !meta('csrf-token')) {
        const res = await fetch('/api/csrf', { headers, credentials: 'same-origin' });
        const { token } = (await res.json()) as { token: string };
        document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.setAttribute('content', token);
      }
      if (write) headers['X-CSRF-TOKEN'] = meta('csrf-token');
      if (init.json !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(path, {
        method: init.method ?? 'GET',
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        credentials: 'same-origin',
      });
      const body = await res.text();
      return { status: res.status, body, cacheControl: res.headers.get('cache-control') };
    },
    { path, init },
  );
}

/** Signs in from the page with the token of its meta tag, then puts the new token in place as core does. */
async function signInFromPage(page: Page) {
  const res = await pageFetch(page, '/api/auth/login', { method: 'POST', json: EDITOR });
  expect(res.status, res.body).toBe(200);
  const { csrf_token } = JSON.parse(res.body) as { csrf_token: string };
  await page.evaluate((token) => {
    document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.setAttribute('content', token);
  }, csrf_token);
}

/** A real PNG drawn by the browser, posted as the featured image with the page's own FormData. */
async function createPostFromPage(page: Page, fields: Record<string, string>) {
  return page.evaluate(async (fields) => {
    const meta = (name: string) =>
      document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.fillStyle = '#4338ca';
      ctx.fillRect(0, 0, 320, 180);
    }
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (png) form.append('poster_image', png, 'poster.png');
    const res = await fetch('/api/posts', {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'x-api-key': meta('api-key'),
        'X-CSRF-TOKEN': meta('csrf-token'),
      },
      body: form,
    });
    return { status: res.status, body: await res.text() };
  }, fields);
}

function postFields(slug: string, status: 'draft' | 'published') {
  return {
    language: 'en',
    title: `End to end ${slug}`,
    slug,
    status,
    description: 'Written by the end-to-end test.',
    content:
      '<h2>Checked in a real browser</h2><p>Hello <strong>reader</strong>.</p><img src=x onerror="window.pwned=1">',
    seo_title: 'End to end',
    seo_description: 'Written by the end-to-end test.',
    published_at: '2026-01-15',
  };
}

test.describe('editor API in the browser', () => {
  test('an editor signs in with a token the public page asks for; the session cookie is out of the page’s reach', async ({
    page,
  }) => {
    await page.goto('/');
    // The public page is the same for everyone: no token in it until a write asks for one.
    expect(await page.locator('meta[name="csrf-token"]').getAttribute('content')).toBe('');
    expect((await pageFetch(page, '/api/auth/me')).status).toBe(401);

    await signInFromPage(page);
    expect(await page.locator('meta[name="csrf-token"]').getAttribute('content')).toMatch(/^[\w-]{43}$/);
    const me = await pageFetch(page, '/api/auth/me');
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ user: { email: EDITOR.email } });
    expect(me.cacheControl).toBe('private, no-store');
    // HttpOnly: scripts in the page (an XSS) cannot read the session or the CSRF secret. The one cookie
    // they see is the language mirror the page itself writes.
    const visible = (await page.evaluate(() => document.cookie)).split('; ').map((c) => c.split('=')[0]);
    expect(visible).toEqual(['lng']);

    // The editor's view has the drafts; after signing out it is the public's again.
    const editorList = await pageFetch(page, '/api/posts?language=en&per_page=100');
    expect(editorList.body).toContain(SEEDED_DRAFT);
    expect(editorList.body).toContain(SEEDED_FUTURE);
    const out = await pageFetch(page, '/api/auth/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    const publicList = await pageFetch(page, '/api/posts?language=en&per_page=100');
    expect(publicList.body).not.toContain(SEEDED_DRAFT);
    expect(publicList.body).not.toContain(SEEDED_FUTURE);
  });

  test('a post written through the API appears on the blog, poster and clean HTML included; a draft does not', async ({
    page,
  }) => {
    await page.goto('/blog');
    await signInFromPage(page);
    const stamp = Date.now().toString(36);
    const published = await createPostFromPage(page, postFields(`e2e-published-${stamp}`, 'published'));
    expect(published.status, published.body).toBe(201);
    const post = JSON.parse(published.body).data as {
      slug: string;
      poster_image_url: string;
      content: string;
    };
    expect(post.poster_image_url).toMatch(/^\/storage\/poster_images\/[0-9a-f]{32}\.webp$/);
    expect(post.content).toBe('<h2>Checked in a real browser</h2><p>Hello <strong>reader</strong>.</p>');
    const draft = await createPostFromPage(page, postFields(`e2e-draft-${stamp}`, 'draft'));
    expect(draft.status, draft.body).toBe(201);
    await pageFetch(page, '/api/auth/logout', { method: 'POST' });

    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { name: 'Checked in a real browser' })).toBeVisible();
    const poster = page.locator(`img[src$="${post.poster_image_url.split('/').pop()}"]`).first();
    await expect(poster).toBeVisible();
    // The uploaded image or one of its srcset widths, decoded. (`naturalWidth` is no test here: with `srcset`
    // it is divided by the chosen width's density.)
    expect(
      await poster.evaluate((img: HTMLImageElement) =>
        img.decode().then(
          () => true,
          () => false,
        ),
      ),
    ).toBe(true);
    const stored =
      post.poster_image_url
        .split('/')
        .pop()
        ?.replace(/\.webp$/, '') ?? '';
    expect(await poster.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(stored);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

    await page.goto(`/blog/e2e-draft-${stamp}`);
    await expect(page.getByText('Blog post not found')).toBeVisible();
  });

  test('another site cannot write with the editor’s session', async ({ page, baseURL }) => {
    await page.goto('/');
    await signInFromPage(page);
    const slug = `cross-site-${Date.now().toString(36)}`;
    // localhost and 127.0.0.1 are different sites: this page plays the attacker's, posting a form to the API.
    const attacker = await page.context().newPage();
    const port = new URL(baseURL ?? '').port;
    await attacker.goto(`http://localhost:${port}/about`);
    await attacker.evaluate(
      async ({ target, fields }) => {
        const form = new FormData();
        for (const [key, value] of Object.entries(fields)) form.append(key, value);
        await fetch(target, { method: 'POST', body: form, credentials: 'include', mode: 'no-cors' }).catch(
          () => {},
        );
      },
      { target: `http://127.0.0.1:${port}/api/posts`, fields: postFields(slug, 'published') },
    );
    const check = await pageFetch(page, `/api/posts/${slug}`);
    expect(check.status).toBe(404);
    // And it cannot read the API's answers either: no CORS headers.
    const read = await attacker.evaluate(async (url) => {
      try {
        await fetch(url, { credentials: 'include' });
        return 'read';
      } catch {
        return 'blocked';
      }
    }, `http://127.0.0.1:${port}/api/auth/me`);
    expect(read).toBe('blocked');
  });

  test.describe('with the service worker', () => {
    test.use({ serviceWorkers: 'allow' });

    test('the service worker keeps public lists for offline reading but never an editor’s', async ({
      page,
    }) => {
      await page.goto('/blog');
      await waitForServiceWorker(page);
      /** The URL of a cached API answer whose URL or body holds `needle`, or null. */
      const cached = async (needle: string) =>
        page.evaluate(async (needle) => {
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
              if (!request.url.includes('/api/')) continue;
              if (request.url.includes(needle)) return request.url;
              const response = await cache.match(request);
              if (response && (await response.text()).includes(needle)) return request.url;
            }
          }
          return null;
        }, needle);

      // The public list, read through the worker, is kept (so the check below can fail).
      const publicList = await pageFetch(page, '/api/posts?language=en&per_page=97');
      expect(publicList.cacheControl).toBe('no-cache');
      await expect.poll(() => cached('per_page=97'), { timeout: 10_000 }).not.toBeNull();

      await signInFromPage(page);
      const editorList = await pageFetch(page, '/api/posts?language=en&per_page=98');
      expect(editorList.cacheControl).toBe('private, no-store');
      expect(editorList.body).toContain(SEEDED_DRAFT);
      await page.waitForTimeout(500);
      expect(await cached('per_page=98')).toBeNull();
      expect(await cached(SEEDED_DRAFT)).toBeNull();
      expect(await cached(SEEDED_FUTURE)).toBeNull();
    });
  });

  test('pages run under the Content-Security-Policy with no script refused', async ({ page }) => {
    const violations: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.log(`csp-violation ${e.effectiveDirective} ${e.blockedURI}`);
      });
    });
    page.on('console', (message) => {
      if (message.text().startsWith('csp-violation')) violations.push(message.text());
    });
    for (const path of ['/', '/blog', '/services/seo', '/contact', '/login', '/new_blog']) {
      const response = await page.goto(path);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/unsafe-(inline|eval)/);
      await expect(page.locator('#site-header')).not.toBeEmpty();
      await expect(page.locator('main')).not.toBeEmpty();
    }
    // react-toastify's injected <style> is refused by design (its CSS is bundled); nothing else may be.
    expect(violations.filter((v) => !v.startsWith('csp-violation style-src-elem inline'))).toEqual([]);
  });

  test('the API description is readable at /api/docs', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Agency API/ })).toBeVisible();
    await expect(page.getByText('/api/posts/{slug}').first()).toBeVisible();
    await expect(page.getByText('/api/contact').first()).toBeVisible();
  });
});
