import AxeBuilder from '@axe-core/playwright';
import type { Cookie, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  editorPaths,
  messageId,
  networkQuiet,
  openInApp,
  publicPaths,
  signInCookies,
  slugs,
  walkSiteScreens,
} from '../support/walk';

// axe-core's WCAG 2.0-2.2 A and AA rules on every route, in English and Arabic, at 390 and 1280 px: zero
// violations. One page a language walks the routes inside the app. Each route is analysed at both widths and
// in both languages, though not in every pairing (English at 1280 px, Arabic at 390 px): what differs
// between the widths (the header, the card layouts) and between the languages (direction, text) is covered
// either way, in half the time of the four. What axe cannot see is checked by
// keyboard.spec.ts, toasts.spec.ts, reflow.spec.ts, forced-colors.spec.ts and the others (docs/architecture.md,
// "Accessibility: what is checked, and by what").
test.use({ serviceWorkers: 'block' });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const WIDTH = { en: 1280, ar: 390 } as const;

let editorCookies: Cookie[] = [];

test.beforeAll(async ({ baseURL }) => {
  editorCookies = await signInCookies(baseURL);
});

/**
 * Every violation axe finds on the page as it stands, one line each. The blocks that are laid out only when they
 * come near the screen (`content-visibility: auto`, the marketing pages' blocks) are laid out for the
 * analysis, as they are when a visitor reaches them: axe finds what covers a target, and what is behind a text,
 * by what is painted, and those blocks are not painted until then.
 */
async function violations(page: Page, where: string): Promise<string[]> {
  const layOut = (visible: boolean) =>
    page.evaluate((on) => {
      for (const element of document.querySelectorAll<HTMLElement>('body *')) {
        if (on && getComputedStyle(element).contentVisibility === 'auto') {
          element.style.contentVisibility = 'visible';
          element.dataset.axeLaidOut = '';
        } else if (!on && element.dataset.axeLaidOut !== undefined) {
          element.style.removeProperty('content-visibility');
          if (element.getAttribute('style') === '') element.removeAttribute('style');
          delete element.dataset.axeLaidOut;
        }
      }
    }, visible);
  await layOut(true);
  const { violations: found } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  await layOut(false);
  return found.map(
    (violation) =>
      `${where}: ${violation.id} (${violation.impact}) at ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/**
 * Icon buttons and links (no text of their own, named by a label) smaller than 24 × 24 px: WCAG 2.5.8 asks
 * that size of a target, and axe's own rule lets a small one pass when nothing else is near it.
 */
async function smallIconTargets(page: Page, where: string): Promise<string[]> {
  return page.evaluate((at) => {
    const found: string[] = [];
    for (const element of document.querySelectorAll('button, a[href], [role="button"]')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      if ((element.textContent ?? '').trim() !== '') continue;
      if (box.width < 24 || box.height < 24) {
        const name = element.getAttribute('aria-label') ?? element.getAttribute('title') ?? element.className;
        found.push(`${at}: "${name}" is ${Math.round(box.width)} × ${Math.round(box.height)} px`);
      }
    }
    return found;
  }, where);
}

for (const lang of ['en', 'ar'] as const) {
  test(`no WCAG A or AA violation axe can find, on every route at ${WIDTH[lang]} px (${lang})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const { service, post } = await slugs(baseURL, lang);
    await page.context().addCookies([{ name: 'lng', value: lang, url: baseURL ?? '' }]);
    await page.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
    await page.setViewportSize({ width: WIDTH[lang], height: 800 });
    const quiet = networkQuiet(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // The public pages, the sign-in screen and the 404 page.
    const paths = [...publicPaths(service, post), '/no-such-page'];
    const found: string[] = [];
    const analyse = async (path: string) => {
      const where = `${decodeURIComponent(path)} at ${WIDTH[lang]} px`;
      found.push(...(await violations(page, where)), ...(await smallIconTargets(page, where)));
    };
    const check = async (path: string) => {
      await openInApp(page, path, quiet);
      await analyse(path);
    };
    for (const path of paths) await check(path);
    // Then signed in, the editor screens.
    await page.context().addCookies(editorCookies);
    await page.goto('/posts');
    const message = await messageId(baseURL, editorCookies);
    for (const path of editorPaths(post, message)) await check(path);
    // And the screens of the site's content: each list with its first item's form, and the single forms.
    await walkSiteScreens(page, quiet, analyse);
    expect(found).toEqual([]);
  });
}
