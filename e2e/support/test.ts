import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type Page,
  type Response,
} from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Waits until the page's micro-frontends are mounted: root-config sets `data-app-ready` on <html> once the
 * first page's apps are, and a page the server rendered is then hydrated. Before that its markup reads, but a
 * button does nothing yet.
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

type WaitUntil = 'load' | 'domcontentloaded' | 'networkidle' | 'commit' | undefined;

/** After a load: on a page the server rendered, waits until it is hydrated, as a person waits to use it. */
async function usable(page: Page, waitUntil: WaitUntil): Promise<void> {
  // A test that asked for less than the load wants the page as it arrives.
  if (waitUntil === 'commit' || waitUntil === 'domcontentloaded') return;
  const rendered = await page
    .evaluate(() => document.getElementById('page-data') !== null)
    .catch(() => false); // the page went on to another (a reload it asked for): nothing to wait for here
  if (rendered) await appReady(page);
}

/** `goto` and `reload` on `page` come back once it can be used, as a visitor waits for it before clicking. */
function waitsUntilUsable(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options): Promise<Response | null> => {
    const response = await goto(url, options);
    await usable(page, options?.waitUntil);
    return response;
  };
  page.reload = async (options): Promise<Response | null> => {
    const response = await reload(options);
    await usable(page, options?.waitUntil);
    return response;
  };
  return page;
}

const madeUsable = new WeakSet<Browser>();

/**
 * The tests' `page`, and every page of a context a test opens itself (a second visitor, a reader in another
 * language): `goto` and `reload` come back once a server-rendered page can be used (hydrated). In a context
 * without scripts nothing hydrates: its pages are left as they are. What happens before hydration is tested
 * on purpose (server-render.spec.ts), with `waitUntil: 'commit'` or `'domcontentloaded'`.
 */
export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      if (!madeUsable.has(browser)) {
        madeUsable.add(browser);
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options?: BrowserContextOptions): Promise<BrowserContext> => {
          const context = await newContext(options);
          if (options?.javaScriptEnabled !== false) context.on('page', waitsUntilUsable);
          return context;
        };
      }
      await use(browser);
    },
    { scope: 'worker' },
  ],
  page: async ({ page }, use) => {
    await use(waitsUntilUsable(page));
  },
});
