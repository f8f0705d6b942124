import type { Page } from '@playwright/test';
import { appReady, expect, test } from '../support/test';

const EDITOR = {
  email: process.env.EDITOR_EMAIL ?? 'editor@example.com',
  password: process.env.EDITOR_PASSWORD ?? 'correct-horse-battery',
};

/** What has focus, and whether it is seen: on screen, not covered (the element at its centre is it), not <body>. */
async function focused(page: Page): Promise<{ name: string; seen: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: 'body', seen: 'body' };
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + Math.min(box.height / 2, 16);
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight)
      return { name: '', seen: 'off screen' };
    const hit = document.elementFromPoint(x, y);
    const name = (element.getAttribute('aria-label') || element.textContent || element.tagName).trim();
    return {
      name,
      seen: hit && (hit === element || element.contains(hit)) ? 'yes' : `covered by ${hit?.className}`,
    };
  });
}

test('the mobile menu by keyboard: focus never hides under it, and a chosen link lands on the new page heading', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  await page.goto('/');
  await appReady(page);
  const toggle = page.getByRole('button', { name: 'Menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Tab through the menu and on past its end: every stop is seen, and the menu is closed once focus leaves it.
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    expect(now.seen, `Tab ${step + 1}: ${now.name}`).toBe('yes');
  }
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await toggle.focus();
  await page.keyboard.press('Enter');
  await page.locator('#site-nav-menu').getByRole('link', { name: 'Pricing' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pricing$/);
  const heading = page.locator('main h1');
  await expect(heading).toBeFocused();
  await expect(page.locator('[aria-live="polite"].visually-hidden').first()).toHaveText(await page.title());
  await context.close();
});

test('signing in by keyboard lands on the heading of the posts screen, not on the page body', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').focus();
  await page.keyboard.type(EDITOR.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(EDITOR.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/posts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeFocused();
  expect((await focused(page)).seen).toBe('yes');
});
