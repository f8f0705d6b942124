import { BUDGET, measureIn, routePath } from '../scripts/budget.mjs';
import { expect, test } from '../support/test';

// First-load JavaScript, gzip, per route (budget.json): a change that makes a page heavier than its budget
// fails here. `target` is where the budget is headed (README, Performance budget).
test.describe('first-load JavaScript', () => {
  test.use({ serviceWorkers: 'block' });

  for (const [route, kb] of Object.entries(BUDGET.budget)) {
    test(`${route} stays within ${kb} KB gzip`, async ({ context, baseURL }) => {
      const base = baseURL ?? '';
      const path = await routePath(route, base);
      const result = await measureIn(context, new URL(path, base).href);
      // Something was measured: the page's own scripts, not an error page.
      expect(result.files).toBeGreaterThan(10);
      expect(result.kb, `${route}: ${result.files} scripts`).toBeLessThanOrEqual(kb);
    });
  }
});
