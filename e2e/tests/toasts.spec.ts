import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';

/** Where a toast's own words start and end on the line (its close button and timer left out). */
function wordsOf(toast: Locator): Promise<{ left: number; right: number }> {
  return toast.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let left = Number.POSITIVE_INFINITY;
    let right = Number.NEGATIVE_INFINITY;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || node.parentElement?.closest('button, [role="progressbar"]')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        left = Math.min(left, rect.left);
        right = Math.max(right, rect.right);
      }
    }
    return { left, right };
  });
}

/** Resolves once the toast has slid in: it is on the screen and has stopped moving. */
async function settled(toast: Locator): Promise<void> {
  await expect(toast).toBeInViewport({ ratio: 1 });
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await toast.boundingBox());
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [100] },
    )
    .toBe(true);
}

/** The contact form refuses an e-mail address that is not one, and says so in a toast too (spec). */
async function refusedEmail(page: Page): Promise<void> {
  await page.goto('/contact');
  const form = page.locator('form.contact-form');
  await form.getByLabel('Your name').fill('Layla Haddad');
  await form.getByLabel('E-mail').fill('layla.example.com');
  await form.getByLabel('Phone number').fill('+44 7911 123456');
  await form.getByLabel('Your message').fill('We need a new website for our bakery.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('.Toastify__toast')).toContainText('Please enter a valid e-mail address.');
}

test('a toast focused with Alt+T stays until focus leaves it, and closing it puts focus back (WCAG 2.2.1, 2.4.3)', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await refusedEmail(page);
  const email = page.locator('form.contact-form').getByLabel('E-mail');
  await expect(email).toBeFocused();
  await page.keyboard.press('Alt+t');
  const item = page.locator('.Toastify__toast');
  await expect(item).toBeFocused();
  // Well past its 5 seconds, it is still there while it has focus.
  await page.waitForTimeout(7000);
  await expect(item).toBeVisible();
  await page.keyboard.press('Tab');
  const close = item.getByRole('button', { name: 'Close the notification' });
  await expect(close).toBeFocused();
  // A target of 24 × 24 px at least (WCAG 2.5.8), inside the toast, not over its text.
  await settled(item);
  const box = await close.boundingBox();
  const toastBox = await item.boundingBox();
  const words = await wordsOf(item);
  expect(box && box.width >= 24 && box.height >= 24, JSON.stringify(box)).toBe(true);
  if (!box || !toastBox) throw new Error('the toast is not laid out');
  expect(box.x + box.width).toBeLessThanOrEqual(toastBox.x + toastBox.width);
  expect(words.right).toBeLessThanOrEqual(box.x + 0.5);
  await page.keyboard.press('Enter');
  await expect(item).toHaveCount(0);
  // Back where the visitor was before Alt+T, not on the page's body.
  await expect(email).toBeFocused();
});

test('with reduced motion a toast still lives its 5 seconds, and its close button and timer are named in Arabic', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await refusedEmail(page);
  const item = page.locator('.Toastify__toast');
  await page.waitForTimeout(2500);
  await expect(item).toBeVisible();
  await expect(item).toHaveCount(0, { timeout: 8000 });
  await context.close();

  const arabic = await browser.newContext({ locale: 'ar' });
  const ar = await arabic.newPage();
  await ar.goto('/contact');
  const form = ar.locator('form.contact-form');
  await form.locator('input[name="email"]').fill('layla.example.com');
  await form.locator('button[type="submit"]').click();
  const toast = ar.locator('.Toastify__toast').first();
  const arClose = toast.getByRole('button', { name: 'إغلاق الإشعار' });
  await expect(arClose).toBeVisible();
  // At the end of the line in Arabic: the toast's left corner, 24 × 24 px, clear of the text.
  await settled(toast);
  const closeBox = await arClose.boundingBox();
  const words = await wordsOf(toast);
  if (!closeBox) throw new Error('the toast is not laid out');
  expect(closeBox.width).toBeGreaterThanOrEqual(24);
  expect(closeBox.height).toBeGreaterThanOrEqual(24);
  expect(closeBox.x + closeBox.width).toBeLessThanOrEqual(words.left + 0.5);
  await expect(toast.locator('[role="progressbar"]')).toHaveAttribute(
    'aria-label',
    'الوقت المتبقي قبل إغلاق الإشعار',
  );
  await arabic.close();
});
