import { type Browser, request } from '@playwright/test';
import { expectFocusSeen, focusState, tabTo } from '../support/focus';
import { appReady, expect, test } from '../support/test';
import { signInCookies, slugs } from '../support/walk';

// Every flow by keyboard alone, in English and Arabic: after each step what has focus is seen (on screen, not
// covered, not the page's body). WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11.

const EDITOR = {
  email: process.env.EDITOR_EMAIL ?? 'editor@example.com',
  password: process.env.EDITOR_PASSWORD ?? 'correct-horse-battery',
};

const LANGUAGES = ['en', 'ar'] as const;
type Lang = (typeof LANGUAGES)[number];

const WORDS = {
  en: {
    menu: 'Menu',
    nextServices: 'Next services',
    posts: 'Posts',
    deleted: 'Post deleted.',
    sent: 'Thank you! Your message has been sent.',
    other: 'العربية',
  },
  ar: {
    menu: 'القائمة',
    nextServices: 'الخدمات التالية',
    posts: 'المقالات',
    deleted: 'تم حذف المقال.',
    sent: 'شكراً لك! تم إرسال رسالتك',
    other: 'English',
  },
} satisfies Record<Lang, Record<string, string>>;

function open(browser: Browser, lang: Lang, width = 1280, storageState?: string) {
  return browser.newContext({ locale: lang, viewport: { width, height: 800 }, storageState });
}

for (const lang of LANGUAGES) {
  const words = WORDS[lang];

  test.describe(`by keyboard (${lang})`, () => {
    test('the mobile menu: focus never hides under it, and a chosen link lands on the new page heading', async ({
      browser,
    }) => {
      const context = await open(browser, lang, 390);
      const page = await context.newPage();
      await page.goto('/');
      await appReady(page);
      const toggle = page.getByRole('button', { name: words.menu });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      // Tab through the menu and on past its end: every stop is seen, and the menu is closed once focus leaves it.
      for (let step = 0; step < 12; step++) {
        await page.keyboard.press('Tab');
        await expectFocusSeen(page, `Tab ${step + 1}`);
      }
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');

      await toggle.focus();
      await page.keyboard.press('Enter');
      await page.locator(`#site-nav-menu a[href="/pricing?lng=${lang}"]`).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/pricing\\?lng=${lang}$`));
      const heading = page.locator('main h1');
      await expect(heading).toBeFocused();
      await expectFocusSeen(page, 'the new page');
      // The new page's own title is said, not the one the old page put back on its way out.
      const live = page.locator('[aria-live="polite"].visually-hidden').first();
      await expect(live).not.toHaveText('');
      expect(await live.textContent()).toBe(await page.title());
      expect(await page.title()).not.toBe('Agency');
      await context.close();
    });

    test('the language switch keeps focus on the toggle in the new language', async ({ browser }) => {
      const context = await open(browser, lang);
      const page = await context.newPage();
      await page.goto('/about');
      await appReady(page);
      await tabTo(page, page.locator('button.nav__language'));
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`/about\\?lng=${lang === 'en' ? 'ar' : 'en'}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'ar' : 'en');
      await appReady(page);
      await expect(page.locator('button.nav__language')).toBeFocused();
      await expectFocusSeen(page, 'after the switch');
      await context.close();
    });

    test('the contact form: a refused submit focuses the field, a sent one its result', async ({
      browser,
    }) => {
      const context = await open(browser, lang, 390);
      const page = await context.newPage();
      await page.goto('/contact');
      const form = page.locator('form.contact-form');
      const typeInto = async (name: string, text: string) => {
        await tabTo(page, form.locator(`[name="${name}"]`));
        await page.keyboard.type(text);
      };
      await typeInto('name', 'Layla Haddad');
      await typeInto('email', 'layla.example.com');
      // Written with the country's code: whatever country the browser's locale starts the form on.
      await typeInto('phone', '+971 50 123 4567');
      // The first service (a closed list moves its choice with the arrow keys).
      await tabTo(page, form.locator('[name="service"]'));
      await page.keyboard.press('ArrowDown');
      await expect(form.locator('[name="service"]')).not.toHaveValue('');
      await typeInto('message', 'We need a new website for our bakery.');
      await tabTo(page, form.locator('button[type="submit"]'));
      await page.keyboard.press('Enter');
      const email = form.locator('[name="email"]');
      await expect(email).toBeFocused();
      await expectFocusSeen(page, 'the refused e-mail');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('layla@example.com');
      await tabTo(page, form.locator('button[type="submit"]'));
      await page.keyboard.press('Enter');
      const result = form.getByRole('status');
      await expect(result).toContainText(words.sent);
      await expect(result).toBeFocused();
      await expectFocusSeen(page, 'the result');
      await context.close();
    });

    test('on a phone, "Next services" stays where it was pressed, focused and seen, the new cards right above it (2.4.7)', async ({
      browser,
    }) => {
      const context = await open(browser, lang, 390);
      const page = await context.newPage();
      await page.goto('/');
      await appReady(page);
      const next = page.getByRole('button', { name: words.nextServices });
      const cards = page.locator('.services-grid').first().locator('li');
      await next.scrollIntoViewIfNeeded();
      await next.focus();
      const before = await next.boundingBox();
      const firstPage = await cards.allTextContents();
      await page.keyboard.press('Enter');
      await expect.poll(() => cards.allTextContents()).not.toEqual(firstPage);
      await expect(next).toBeFocused();
      await expectFocusSeen(page, 'after Next services');
      const after = await next.boundingBox();
      if (!before || !after) throw new Error('the pager is not laid out');
      expect(Math.abs(after.y - before.y)).toBeLessThan(2);
      await expect(cards.last()).toBeInViewport();
      await context.close();
    });

    test('the services preview to its last page, then the pricing and FAQ tabs', async ({ browser }) => {
      // A keyboard user's walk through three pages, one Tab at a time.
      test.setTimeout(90_000);
      const context = await open(browser, lang);
      const page = await context.newPage();
      await page.goto('/');
      const next = page.getByRole('button', { name: words.nextServices });
      await tabTo(page, next, { max: 80 });
      for (let press = 0; press < 5 && (await next.getAttribute('aria-disabled')) !== 'true'; press++) {
        await page.keyboard.press('Enter');
        await expect(next).toBeFocused();
        await expectFocusSeen(page, `Next ${press + 1}`);
      }
      await expect(next).toHaveAttribute('aria-disabled', 'true');
      // Pressed again on the last page: nothing changes, focus stays.
      await page.keyboard.press('Enter');
      await expect(next).toBeFocused();

      for (const path of ['/pricing', '/services']) {
        await page.goto(path);
        const tabs = page.getByRole('tablist').first().getByRole('tab');
        const first = tabs.first();
        await tabTo(page, page.getByRole('tablist').first().locator('[role="tab"][aria-selected="true"]'), {
          max: 80,
        });
        await expect(first).toBeFocused();
        // The next tab lies to the right in English, to the left in Arabic. The tabs are a part hydrated when
        // needed: focus wakes it, and an arrow pressed before its code has come does nothing (the server's
        // markup has no arrow keys), so the key is pressed again as a visitor would, until the tab moves.
        const second = tabs.nth(1);
        await expect(async () => {
          if (!(await second.evaluate((tab) => tab === document.activeElement))) {
            await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
          }
          await expect(second).toBeFocused({ timeout: 1000 });
        }).toPass({ timeout: 10_000 });
        await expect(second).toHaveAttribute('aria-selected', 'true');
        await expectFocusSeen(page, `${path}: the second tab`);
        await page.keyboard.press('Tab');
        await expectFocusSeen(page, `${path}: into the tab's panel`);
      }
      await context.close();
    });

    test('on a phone, every field of the post forms scrolls wholly clear of the sticky save bar when it gets focus (2.4.12)', async ({
      browser,
      baseURL,
    }) => {
      const context = await open(browser, lang, 390);
      await context.addCookies(await signInCookies(baseURL));
      const page = await context.newPage();
      const { post } = await slugs(baseURL, lang);
      for (const path of ['/new_blog', `/edit_blog/${post}`]) {
        await page.goto(path);
        const bar = page.locator('.form-actions');
        await expect(bar).toBeVisible();
        const fields = page.locator(
          'form input:not([type="hidden"]):not([type="file"]), form textarea, form select, form [contenteditable="true"]',
        );
        await expect(fields.first()).toBeVisible();
        // The whole form first: the rich-text editor ready and, on the edit page, the post in it. A field counted
        // before then can be gone when its turn comes.
        await expect(page.locator('form [contenteditable="true"]')).toBeVisible();
        if (path !== '/new_blog') await expect(fields.first()).not.toHaveValue('');
        const count = await fields.count();
        for (let i = 0; i < count; i++) {
          const field = fields.nth(i);
          if (!(await field.isVisible()) || (await field.evaluate((el) => !!el.closest('.form-actions'))))
            continue;
          // From the top of the page, as when Tab reaches a field the screen does not show yet.
          await page.evaluate(() => window.scrollTo(0, 0));
          await field.focus();
          const name = (await field.getAttribute('id')) ?? (await field.getAttribute('name')) ?? `field ${i}`;
          await expect
            .poll(
              async () => {
                const [box, barBox] = [await field.boundingBox(), await bar.boundingBox()];
                if (!box || !barBox) return 'not laid out';
                // A field taller than the room above the bar shows its start, at least its first lines.
                const room = barBox.y;
                if (box.height > room)
                  return box.y >= 0 && box.y + 48 <= barBox.y ? 'clear' : `top at ${box.y}`;
                return box.y >= 0 && box.y + box.height <= barBox.y + 0.5
                  ? 'clear'
                  : `${Math.round(box.y + box.height - barBox.y)} px under the bar`;
              },
              { message: `${path} ${name}` },
            )
            .toBe('clear');
        }
      }
      await context.close();
    });

    test('signing in lands on the heading of the posts screen, and a post deleted from it leaves focus on the result', async ({
      browser,
      baseURL,
    }) => {
      // Up to 120 presses of Tab, each checked for a visible focus: slow on a busy machine, not stuck.
      test.slow();
      const context = await open(browser, lang);
      const page = await context.newPage();
      await page.goto('/login');
      await tabTo(page, page.locator('input[type="email"]'));
      await page.keyboard.type(EDITOR.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(EDITOR.password);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/posts$/);
      await expect(page.getByRole('heading', { level: 1, name: words.posts })).toBeFocused();
      await expectFocusSeen(page, 'after signing in');

      // A post of this language to delete, written through the API with this browser's session.
      const title = `Keyboard delete ${lang} ${Date.now()}`;
      const api = await request.newContext({
        baseURL,
        storageState: await context.storageState(),
        extraHTTPHeaders: { 'x-api-key': 'e2e-key' },
      });
      const { token } = (await (await api.get('/api/csrf')).json()) as { token: string };
      const created = await api.post('/api/posts', {
        headers: { 'X-CSRF-TOKEN': token },
        multipart: {
          language: lang,
          title,
          slug: `keyboard-delete-${lang}-${Date.now()}`,
          status: 'draft',
          description: 'To be deleted by keyboard',
          content: '<p>Deleted by keyboard</p>',
          seo_title: 'Deleted',
          seo_description: 'Deleted by keyboard',
          published_at: new Date().toISOString().slice(0, 10),
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      await api.dispose();

      await page.reload();
      const remove = page.getByRole('button', { name: new RegExp(title) }).last();
      await tabTo(page, remove, { max: 120 });
      page.once('dialog', (dialog) => dialog.accept());
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: words.deleted })).toBeFocused();
      const now = await focusState(page);
      expect(now.seen, now.name).toBe('yes');
      await context.close();
    });
  });
}
