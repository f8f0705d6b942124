import { SITE_ITEM_SCREENS, SITE_SCREENS } from '@agency/core/routes';
import {
  type APIRequestContext,
  type Cookie,
  expect,
  type Page,
  type Request,
  request,
} from '@playwright/test';

// Walking a page through the site's routes inside the app (no reload), as a reader moves from link to link:
// much faster than loading each route anew, for the tests that look at every route (reflow, axe).

const API_KEY = 'e2e-key';
// The server of this run is started with EDITOR_EMAIL / EDITOR_PASSWORD (playwright.config.ts).
const EDITOR = {
  email: process.env.EDITOR_EMAIL ?? 'editor@example.com',
  password: process.env.EDITOR_PASSWORD ?? 'correct-horse-battery',
};

/**
 * The editor signed in through the API (sign-in is rate-limited: once a file): the API context holding the
 * session, and the CSRF token its writes send. The caller disposes of `api`.
 */
export async function editorSession(
  baseURL: string | undefined,
): Promise<{ api: APIRequestContext; csrf: string; cookies: Cookie[] }> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': API_KEY } });
  const { token } = (await (await api.get('/api/csrf')).json()) as { token: string };
  const response = await api.post('/api/auth/login', { headers: { 'X-CSRF-TOKEN': token }, data: EDITOR });
  expect(response.status(), await response.text()).toBe(200);
  const csrf = ((await response.json()) as { csrf_token: string }).csrf_token;
  const { cookies } = await api.storageState();
  return { api, csrf, cookies };
}

/** An editor's session cookies, from a sign-in through the API (sign-in is rate-limited: once a file). */
export async function signInCookies(baseURL: string | undefined): Promise<Cookie[]> {
  const { api, cookies } = await editorSession(baseURL);
  await api.dispose();
  return cookies;
}

/** The first service and the newest published post in the language, for their detail and edit routes. */
export async function slugs(baseURL: string | undefined, lang: 'en' | 'ar') {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': API_KEY } });
  const services = (await (await api.get(`/api/services?language=${lang}`)).json()) as {
    data: { data: { slug: string }[] };
  };
  const posts = (await (await api.get(`/api/posts?language=${lang}&per_page=1`)).json()) as {
    data: { data: { slug: string }[] };
  };
  await api.dispose();
  const service = services.data.data[0]?.slug;
  const post = posts.data.data[0]?.slug;
  if (!service || !post) throw new Error(`no service or post in ${lang} to open`);
  return { service: encodeURIComponent(service), post: encodeURIComponent(post) };
}

/** Resolves once no request of the page has been under way for 250 ms (its chunks and data are in). */
export function networkQuiet(page: Page): () => Promise<void> {
  const pending = new Set<Request>();
  page.on('request', (r) => pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return async () => {
    await expect
      .poll(
        async () => {
          if (pending.size > 0) return false;
          await page.waitForTimeout(250);
          return pending.size === 0;
        },
        { timeout: 10_000, message: 'the page kept loading' },
      )
      .toBe(true);
  };
}

/** Moves to `path` inside the app (no reload) and waits for its screen and data. */
export async function openInApp(page: Page, path: string, quiet: () => Promise<void>) {
  if (new URL(page.url()).pathname !== path) {
    await page.evaluate((to) => window.history.pushState(null, '', to), path);
  }
  await expect(page).toHaveURL((url) => url.pathname === path);
  await quiet();
  await expect(page.locator('#main-content h1').first()).toBeVisible();
}

/**
 * A contact message's id for the inbox's routes: the newest, or one sent for the purpose when there is none
 * (the contact form is rate-limited per address: a walk sends at most one).
 */
export async function messageId(baseURL: string | undefined, cookies: Cookie[]): Promise<number> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-api-key': API_KEY },
    storageState: { cookies, origins: [] },
  });
  const newest = async () => {
    const res = await api.get('/api/contact-messages?per_page=1');
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { data: { data: { id: number }[] } }).data.data[0]?.id;
  };
  let id = await newest();
  if (id === undefined) {
    const { token } = (await (await api.get('/api/csrf')).json()) as { token: string };
    const sent = await api.post('/api/contact', {
      headers: { 'X-CSRF-TOKEN': token },
      data: {
        name: 'Walk Through',
        countryCode: '+44',
        phone: '7911123456',
        email: 'walk@example.com',
        service: 'seo',
        message: 'A message for the inbox screens to show.',
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    id = await newest();
  }
  await api.dispose();
  if (id === undefined) throw new Error('no contact message to open');
  return id;
}

/** The editor screens a walk opens, with a post to edit and a message to read. */
export function editorPaths(post: string, message: number): string[] {
  return ['/posts', '/new_blog', `/edit_blog/${post}`, '/account', '/messages', `/messages/${message}`];
}

/** The public routes a walk opens (and the sign-in screen), with a service and a post to show. */
export function publicPaths(service: string, post: string): string[] {
  return [
    '/',
    '/about',
    '/services',
    `/services/${service}`,
    '/pricing',
    '/portfolio',
    '/contact',
    '/privacy',
    '/terms',
    '/blog',
    `/blog/${post}`,
    '/login',
  ];
}

/**
 * Walks the editor's screens of the site's content (/site/*, core's SITE_SCREENS) inside the app, signed in:
 * each screen, then for a list (SITE_ITEM_SCREENS) its first item's form
 * (opened from the list, as an editor does), calling `check` on each with a name for the report.
 */
export async function walkSiteScreens(
  page: Page,
  quiet: () => Promise<void>,
  check: (where: string) => Promise<void>,
) {
  for (const screen of SITE_SCREENS) {
    const path = `/site/${screen}`;
    await openInApp(page, path, quiet);
    await check(path);
    if (!SITE_ITEM_SCREENS.includes(screen)) continue;
    const first = page.locator('.content-list__title').first();
    await first.click();
    await expect(page).not.toHaveURL((url) => url.pathname === path);
    await quiet();
    await expect(page.locator('#main-content h1').first()).toBeVisible();
    await expect(page.locator('#main-content form').first()).toBeVisible();
    await check(`${path}/{first item}`);
  }
}
