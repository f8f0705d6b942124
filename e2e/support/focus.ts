import { expect, type FileChooser, type Locator, type Page } from '@playwright/test';

/** What has focus, and whether it is seen: on screen, not covered (the element at its centre is it), not <body>. */
export async function focusState(page: Page): Promise<{ name: string; seen: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: 'body', seen: 'body' };
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    // A tall element (a text area, the editor) is judged by its first line.
    const y = box.top + Math.min(box.height / 2, 16);
    const name = (element.getAttribute('aria-label') || element.textContent || element.id || element.tagName)
      .trim()
      .slice(0, 60);
    if (box.width === 0 || box.height === 0) return { name, seen: 'no size' };
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight)
      return { name, seen: 'off screen' };
    const hit = document.elementFromPoint(x, y);
    return {
      name,
      seen:
        hit && (hit === element || element.contains(hit))
          ? 'yes'
          : `covered by ${hit?.className || hit?.tagName}`,
    };
  });
}

/** The focused element is seen (WCAG 2.4.7, 2.4.11) and is not the page's body (2.4.3). */
export async function expectFocusSeen(page: Page, step: string): Promise<void> {
  const now = await focusState(page);
  expect(now.seen, `${step}: ${now.name}`).toBe('yes');
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would, checking after every press
 * that what has focus is seen.
 */
export async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}): Promise<void> {
  for (let press = 0; press < max; press++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusSeen(page, `${back ? 'Shift+Tab' : 'Tab'} ${press + 1}`);
  }
  throw new Error(`${max} presses of Tab never reached ${target}`);
}

/**
 * Presses `key` on the focused file input (or the control that opens a file picker) and returns the file chooser
 * it opens. The control must still have focus before every press. Playwright turns on its interception of file
 * choosers while the key travels, and on a busy machine the first press can open a picker it never hears of
 * (headless Chromium then cancels it): a picker that comes takes well under a second, so after a few seconds
 * without one the key is pressed again, up to three times in all.
 */
export async function chooseFileByKey(page: Page, control: Locator, key = 'Space'): Promise<FileChooser> {
  for (let attempt = 1; ; attempt++) {
    await expect(control, `the file control has focus before press ${attempt}`).toBeFocused();
    const chooser = page.waitForEvent('filechooser', { timeout: 7_000 });
    await page.keyboard.press(key);
    try {
      return await chooser;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
