import type { Locator, Page, TestInfo } from '@playwright/test';
import { commonestColour, decodePng, type Pixels, pixelsChanged, pixelsContrasting } from '../support/png';
import { expect, test } from '../support/test';

// Forced colours (Windows high contrast; WCAG 1.4.11 and 1.4.1): the system repaints text, borders and
// backgrounds in its own few colours, so a state shown only by a fill or a box shadow vanishes. Each check
// pictures one element in both of its states, or an icon on its background, with forced colours on, light and
// dark, and counts the pixels that change (or stand out) by 3:1 in contrast, the ratio 1.4.11 asks of a
// state's indicator: a selected tab against the same tab unselected, the current page's link against the same
// link on another page, the pricing link's icon against its background. The pictures are kept with the
// test's results (test-results/) and attached to its report.
test.use({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });

const LANGUAGES = ['en', 'ar'] as const;
type Lang = (typeof LANGUAGES)[number];
const SCHEMES = ['light', 'dark'] as const;

const TEXT = {
  en: { nav: 'Main', pricing: 'Pricing', seePricing: 'See our pricing' },
  ar: { nav: 'القائمة الرئيسية', pricing: 'الأسعار', seePricing: 'اطّلع على الأسعار' },
} satisfies Record<Lang, Record<string, string>>;

// How many pixels must change. Measured with the fix: a selected tab changes 70 to 90 % of its pixels (it is
// filled), the current link's 3 px bar about 150, and the icon draws about 125; without it 0 to 2, 0 to 32
// (the link's text is antialiased a little differently on another page) and 0 in light.
const TAB_SHARE = 0.25;
const MIN_NAV_BAR = 100;
const MIN_ICON = 50;
// A client's logo: the share of its pixels that stand out by 3:1 from what is behind it.
const LOGO_SHARE = 0.03;

async function visit(page: Page, baseURL: string | undefined, lang: Lang, path: string) {
  await page.context().addCookies([{ name: 'lng', value: lang, url: baseURL ?? '' }]);
  await page.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** A picture of the element and `pad` px around it (the current link's bar sits just below the link). */
async function picture(page: Page, element: Locator, name: string, testInfo: TestInfo, pad = 0) {
  await page.mouse.move(0, 0); // no hover styles
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  if (!box) throw new Error(`${name}: not on the page`);
  // Sizes rounded on their own: the same element a fraction of a pixel further along is pictured as large.
  const clip = {
    x: Math.round(box.x - pad),
    y: Math.round(box.y - pad),
    width: Math.round(box.width + 2 * pad),
    height: Math.round(box.height + 2 * pad),
  };
  const path = testInfo.outputPath(`${name.replace(/[^\w-]+/g, '-')}.png`);
  const png = await page.screenshot({ path, clip, animations: 'disabled', caret: 'hide' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  return decodePng(png);
}

/** Focus off whatever was clicked, so its focus ring is not what makes the difference. */
async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** The second tab of the page's tab list, pictured unselected and then selected. */
async function tabStates(page: Page, label: string, testInfo: TestInfo): Promise<[Pixels, Pixels]> {
  const tabs = page.getByRole('main').getByRole('tablist').first().getByRole('tab');
  const [first, second] = [tabs.nth(0), tabs.nth(1)];
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(second).toHaveAttribute('aria-selected', 'false');
  const unselected = await picture(page, second, `${label} tab unselected`, testInfo);
  await second.click();
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await blur(page);
  const selected = await picture(page, second, `${label} tab selected`, testInfo);
  await first.click(); // back as it was, for the next colour scheme
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await blur(page);
  return [unselected, selected];
}

for (const lang of LANGUAGES) {
  test.describe(`forced colours in ${lang}`, () => {
    test('the selected tab on /pricing and /services stands out from the others', async ({
      page,
      baseURL,
    }, testInfo) => {
      for (const path of ['/pricing', '/services']) {
        await visit(page, baseURL, lang, path);
        for (const scheme of SCHEMES) {
          await page.emulateMedia({ forcedColors: 'active', colorScheme: scheme });
          const [unselected, selected] = await tabStates(page, `${path} ${scheme}`, testInfo);
          expect
            .soft(pixelsChanged(unselected, selected), `${path}, ${scheme}: selected vs unselected tab`)
            .toBeGreaterThan(unselected.width * unselected.height * TAB_SHARE);
        }
      }
    });

    test('the navigation marks the current page', async ({ page, baseURL }, testInfo) => {
      const link = page.getByRole('navigation', { name: TEXT[lang].nav }).getByRole('link', {
        name: TEXT[lang].pricing,
        exact: true,
      });
      // The same link on /pricing (current) and, moved to /services inside the app, not current: one document,
      // so its text is drawn in the same font both times (Arabic's web font is used only if it comes early).
      await visit(page, baseURL, lang, '/pricing');
      await expect(link).toHaveAttribute('aria-current', 'page');
      const current: Record<string, Pixels> = {};
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ forcedColors: 'active', colorScheme: scheme });
        current[scheme] = await picture(page, link, `nav link ${scheme} current`, testInfo, 6);
      }
      await page.evaluate(() => window.history.pushState(null, '', '/services'));
      await expect(link).not.toHaveAttribute('aria-current');
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ forcedColors: 'active', colorScheme: scheme });
        const other = await picture(page, link, `nav link ${scheme} not current`, testInfo, 6);
        const before = current[scheme];
        if (!before) throw new Error(`no picture of the current link in ${scheme}`);
        expect
          .soft(pixelsChanged(before, other), `${scheme}: the current page's link vs the same link elsewhere`)
          .toBeGreaterThan(MIN_NAV_BAR);
      }
    });

    test('the icon of "See our pricing" is drawn in a colour that shows', async ({
      page,
      baseURL,
    }, testInfo) => {
      await visit(page, baseURL, lang, '/');
      const icon = page
        .getByRole('main')
        .getByRole('link', { name: TEXT[lang].seePricing, exact: true })
        .locator('svg, img')
        .first();
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ forcedColors: 'active', colorScheme: scheme });
        const shot = await picture(page, icon, `pricing icon ${scheme}`, testInfo);
        const drawn = pixelsContrasting(shot, commonestColour(shot), 3);
        expect
          .soft(drawn, `${scheme}: icon pixels at 3:1 or more against its background`)
          .toBeGreaterThan(MIN_ICON);
      }
    });

    test('the client logos show in dark forced colours as in light', async ({ page, baseURL }, testInfo) => {
      await visit(page, baseURL, lang, '/');
      const logo = page.locator('.client-logos .slick-active img').first();
      await expect(logo).toBeVisible();
      await page.getByRole('button', { name: lang === 'en' ? /^Pause/ : /^إيقاف/ }).click();
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ forcedColors: 'active', colorScheme: scheme });
        const shot = await picture(page, logo, `client logo ${scheme}`, testInfo);
        expect
          .soft(pixelsContrasting(shot, commonestColour(shot), 3), `${scheme}: logo pixels at 3:1 or more`)
          .toBeGreaterThan(shot.width * shot.height * LOGO_SHARE);
      }
    });
  });
}
