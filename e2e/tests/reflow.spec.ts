import type { CDPSession, Cookie, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  editorPaths,
  messageId,
  networkQuiet,
  openInApp as open,
  publicPaths,
  signInCookies,
  slugs,
  walkSiteScreens,
} from '../support/walk';

// Reflow (WCAG 1.4.10) and resize text (1.4.4): no page may scroll sideways, in English and Arabic,
//  - at 1280 px with the text at 200 %: the reader's default font size set to 32 px, as Chrome's own setting
//    (Settings > Appearance > Font size / Customize fonts) does. Page.setFontSizes changes that same setting,
//    so rem, em and the breakpoints written in em all follow it, as they do for that reader. Setting
//    `document.documentElement.style.fontSize` instead would grow the text but not the em breakpoints (a media
//    query's em is the browser's font size, never the root element's), a page no reader ever gets;
//  - at 1024 px with the text at 200 % (a tablet held sideways, or a small laptop window), where a layout
//    between the phone's and the desktop's must hold the larger text too;
//  - at 320 px (1280 px at 400 % zoom) with the default text.
// One page a language moves from route to route inside the app and is switched between the two settings
// without a reload, as a reader resizes the window or the text.
test.use({ serviceWorkers: 'block' });

const LANGUAGES = ['en', 'ar'] as const;
type Lang = (typeof LANGUAGES)[number];

interface Setting {
  name: string;
  width: number;
  height: number;
  /** The browser's default font size in px (16 is 100 %). */
  fontSize: number;
}

const SETTINGS: Setting[] = [
  { name: '1280 px, text at 200 %', width: 1280, height: 900, fontSize: 32 },
  { name: '1024 px, text at 200 %', width: 1024, height: 768, fontSize: 32 },
  { name: '320 px', width: 320, height: 720, fontSize: 16 },
];

/** The editor's session cookies, from one sign-in through the API for the file (sign-in is rate-limited). */
let editorCookies: Cookie[] = [];

test.beforeAll(async ({ baseURL }) => {
  editorCookies = await signInCookies(baseURL);
});

async function prepare(page: Page, baseURL: string | undefined, lang: Lang) {
  await page.context().addCookies([{ name: 'lng', value: lang, url: baseURL ?? '' }]);
  await page.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
  const cdp = await page.context().newCDPSession(page);
  await applySetting(page, cdp, SETTINGS[0] as Setting);
  return { cdp, quiet: networkQuiet(page) };
}

/** Window width and text size as a reader sets them; back once the page has laid out with both. */
async function applySetting(page: Page, cdp: CDPSession, setting: Setting) {
  const { width, height, fontSize } = setting;
  await cdp.send('Page.setFontSizes', {
    fontSizes: { standard: fontSize, fixed: Math.round((fontSize * 13) / 16) },
  });
  await page.setViewportSize({ width, height });
  if (page.url() === 'about:blank') return;
  await page.waitForFunction(
    ([w, f]) => window.innerWidth === w && getComputedStyle(document.documentElement).fontSize === `${f}px`,
    [width, fontSize],
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** 'none', or how far the page scrolls sideways and the outermost elements past the window's edges. */
function sideScroll(page: Page): Promise<string> {
  return page.evaluate(() => {
    const over = document.documentElement.scrollWidth - window.innerWidth;
    if (over <= 0) return 'none';
    const outside: Element[] = [];
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      const past = box.width > 0 && (box.right > window.innerWidth + 1 || box.left < -1);
      if (past && !outside.some((one) => one.contains(element))) outside.push(element);
    }
    const names = outside
      .slice(0, 4)
      .map((one) => [one.tagName.toLowerCase(), ...one.classList].join('.'))
      .join(', ');
    return `${over} px (${names})`;
  });
}

/** Every route and setting is checked and every one that fails is reported, not only the first. */
const softExpect = expect.configure({ soft: true });

/** At each setting the page must not scroll sideways (a moment is allowed for resize handlers). */
async function expectReflow(page: Page, cdp: CDPSession, path: string) {
  for (const setting of SETTINGS) {
    await applySetting(page, cdp, setting);
    await softExpect
      .poll(() => sideScroll(page), {
        timeout: 2_000,
        message: `${decodeURIComponent(path)} at ${setting.name} scrolls sideways`,
      })
      .toBe('none');
  }
}

for (const lang of LANGUAGES) {
  test.describe(`reflow in ${lang}`, () => {
    test('public pages and the sign-in screen: no sideways scroll at 200 % text or 320 px', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const { service, post } = await slugs(baseURL, lang);
      const { cdp, quiet } = await prepare(page, baseURL, lang);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const paths = publicPaths(service, post);
      for (const path of paths) {
        await open(page, path, quiet);
        await expectReflow(page, cdp, path);
      }
    });

    test('editor screens: no sideways scroll at 200 % text or 320 px', async ({ page, baseURL }) => {
      test.setTimeout(150_000);
      const { post } = await slugs(baseURL, lang);
      const message = await messageId(baseURL, editorCookies);
      await page.context().addCookies(editorCookies);
      const { cdp, quiet } = await prepare(page, baseURL, lang);
      await page.goto('/posts');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      for (const path of editorPaths(post, message)) {
        await open(page, path, quiet);
        await expectReflow(page, cdp, path);
      }
      // The screens of the site's content: each list with its first item's form, and the single forms.
      await walkSiteScreens(page, quiet, (where) => expectReflow(page, cdp, where));
    });
  });
}
