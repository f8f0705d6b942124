import { test as base, type Page, type Response } from '@playwright/test';

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

/**
 * The tests' `page`: `goto` and `reload` come back once a server-rendered page can be used (hydrated), as a
 * visitor waits for it before clicking. What happens before that is tested on purpose (server-render.spec.ts).
 */
export const test = base.extend({
  page: async ({ page }, use) => {
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
    await use(page);
  },
});
