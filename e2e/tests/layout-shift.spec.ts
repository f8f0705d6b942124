import { expect, test } from '@playwright/test';

// Cumulative layout shift while a page loads: the shell, then the page's micro-frontend, then its data arrive
// one after the other, and none of them may push what is already on screen around (good CLS is under 0.1).
test.use({ serviceWorkers: 'block' });

for (const width of [390, 1280]) {
  for (const path of ['/', '/services', '/pricing', '/blog', '/about']) {
    test(`${path} at ${width} px loads without moving what is on screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) w.__cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls).toBeLessThan(0.1);
    });
  }
}
