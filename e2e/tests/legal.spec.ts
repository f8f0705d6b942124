import type { Page } from '@playwright/test';
import { waitForServiceWorker } from '../support/pwa';
import { expect, test } from '../support/test';

/**
 * The privacy policy and the terms (reached from the footer, and the policy from the contact form's line by its
 * send button), and prices that read naturally in Arabic: in both languages, on a phone and on a desktop.
 */
test.use({ serviceWorkers: 'block' });

const TEXTS = {
  en: {
    privacy: 'Privacy policy',
    terms: 'Terms of service',
    retention: /for 365 days after it arrives/,
    formLink: 'Read our privacy policy',
    send: 'Send message',
  },
  ar: {
    privacy: 'سياسة الخصوصية',
    terms: 'شروط الخدمة',
    retention: /مدة 365 يومًا من وصولها/,
    formLink: 'اقرأ سياسة الخصوصية',
    send: 'إرسال الرسالة',
  },
} as const;

const WIDTHS = [390, 1280] as const;

async function footerLink(page: Page, name: string) {
  const link = page.locator('#site-footer').getByRole('link', { name, exact: true });
  await link.scrollIntoViewIfNeeded();
  return link;
}

for (const language of ['en', 'ar'] as const)
  for (const width of WIDTHS)
    test.describe(`${language} at ${width} px`, () => {
      test.use({ viewport: { width, height: 844 } });
      const texts = TEXTS[language];

      test('the footer reaches the privacy policy and the terms; the contact form links to the policy', async ({
        page,
      }) => {
        await page.goto(`/?lng=${language}`);
        await (await footerLink(page, texts.privacy)).click();
        await expect(page).toHaveURL(new RegExp(`/privacy\\?lng=${language}$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.privacy);
        // The retention the server is configured with (CONTACT_RETENTION_DAYS, 365 by default).
        await expect(page.locator('main')).toContainText(texts.retention);
        await expect(page).toHaveTitle(new RegExp(`^${texts.privacy} \\| `));

        await (await footerLink(page, texts.terms)).click();
        await expect(page).toHaveURL(new RegExp(`/terms\\?lng=${language}$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.terms);

        await page.goto('/contact');
        const form = page.locator('form.contact-form');
        const link = form.getByRole('link', { name: texts.formLink });
        await expect(link).toHaveAttribute('href', `/privacy?lng=${language}`);
        // The one line sits just before the send button, and on screen beside it.
        const send = form.getByRole('button', { name: texts.send });
        expect(
          await link.evaluate(
            (element, sendText) => element.closest('p')?.nextElementSibling?.textContent === sendText,
            texts.send,
          ),
        ).toBe(true);
        const [line, button] = [await link.boundingBox(), await send.boundingBox()];
        expect(line && button && button.y - (line.y + line.height)).toBeLessThan(40);
        await link.click();
        await expect(page).toHaveURL(new RegExp(`/privacy\\?lng=${language}$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.privacy);
      });

      test('prices are written as Intl writes them, and read the right way round', async ({ page }) => {
        await page.goto(`/pricing?lng=${language}`);
        const amount = page.locator('.plan-card__amount').first();
        await amount.scrollIntoViewIfNeeded();
        const seen = await amount.evaluate((element, lng) => {
          const text = element.textContent ?? '';
          const intl = new Intl.NumberFormat(lng, {
            style: 'currency',
            currency: 'GBP',
            currencyDisplay: 'narrowSymbol',
            maximumFractionDigits: 0,
          }).format(1200);
          // Where each character is drawn: the figure's first digit, and the symbol's first and last letters.
          const at = (node: Node, offset: number) => {
            const range = document.createRange();
            range.setStart(node, offset);
            range.setEnd(node, offset + 1);
            return range.getBoundingClientRect().x;
          };
          const figure = [...element.childNodes].find((node) => /\d/.test(node.textContent ?? '')) as Node;
          const symbol = element.querySelector('bdi')?.firstChild as Node;
          const symbolText = symbol.textContent ?? '';
          return {
            text,
            intl,
            figureX: at(figure, (figure.textContent ?? '').search(/\d/)),
            symbolStartX: at(symbol, 0),
            symbolEndX: at(symbol, symbolText.length - 1),
          };
        }, language);
        expect(seen.text).toBe(seen.intl);
        // The symbol reads in its own order (`UK£`, `£`): its first character left of its last.
        expect(seen.symbolStartX).toBeLessThanOrEqual(seen.symbolEndX);
        if (language === 'ar') {
          // Read from the right: the figure first, then the currency on its left.
          expect(seen.text).toBe('\u200f1,200\u00a0UK£');
          expect(seen.symbolEndX).toBeLessThan(seen.figureX);
        } else {
          expect(seen.text).toBe('£1,200');
          expect(seen.symbolEndX).toBeLessThan(seen.figureX);
        }
      });
    });

test('the privacy policy and the terms read in full without JavaScript, in both languages', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const language of ['en', 'ar'] as const) {
    const texts = TEXTS[language];
    const privacy = await page.goto(`/privacy?lng=${language}`);
    expect(privacy?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.privacy);
    await expect(page.locator('main')).toContainText(texts.retention);
    await expect(page.locator('main h2')).toHaveCount(6);
    const terms = await page.goto(`/terms?lng=${language}`);
    expect(terms?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.terms);
    await expect(page.locator('main h2')).toHaveCount(7);
    await expect(page.locator('#site-footer').getByRole('link', { name: texts.privacy })).toHaveAttribute(
      'href',
      `/privacy?lng=${language}`,
    );
  }
  await context.close();
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('after one visit, the privacy policy and the terms open with no network, in both languages', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    for (const language of ['en', 'ar'] as const) {
      const texts = TEXTS[language];
      // The language as a returning visitor has it stored (offline, the kept page takes the stored choice).
      await page.evaluate((l) => localStorage.setItem('i18nextLng', l), language);
      await page.goto('/privacy');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.privacy);
      // The retention comes with the site details of the page the service worker kept.
      await expect(page.locator('main')).toContainText(texts.retention);
      await page.goto('/terms');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.terms);
    }
    await context.setOffline(false);
  });
});
