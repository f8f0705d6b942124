import { ROUTES, samplePath } from '@agency/core/routes';
import { expect, test } from '../support/test';

const APPS = ['@agency/mf-marketing', '@agency/mf-blog', '@agency/mf-admin'] as const;
const container = (app: string) => `[id="single-spa-application:${app}"]`;

const samples = ROUTES.filter((route) => route.name !== 'edit-post-alias').map((route) => ({
  ...route,
  path: samplePath(route, 'sample-slug'),
}));

test.describe('routes', () => {
  for (const route of samples) {
    test(`${route.path} mounts ${route.app} between header and footer`, async ({ page }) => {
      const response = await page.goto(route.path);
      // No post, service or project is called `sample-slug`: the server says 404, and the app still shows its page.
      const missing = ['blog-post', 'service-detail', 'portfolio-project'].includes(route.name);
      expect(response?.status()).toBe(missing ? 404 : 200);
      await expect(page.locator(`${container(route.app)} [data-mfe="${route.app}"]`)).toBeVisible();
      for (const other of APPS.filter((app) => app !== route.app)) {
        await expect(page.locator(container(other))).toBeEmpty();
      }
      await expect(page.getByRole('banner')).toHaveId('site-header');
      await expect(page.locator('#site-nav [data-mfe="@agency/mf-shell"]')).toBeVisible();
      await expect(page.locator('#site-footer').getByRole('contentinfo')).toBeVisible();
      await expect(page.locator('#not-found')).toBeEmpty();
      // Header above the app, footer below it.
      const header = await page.locator('#site-header').boundingBox();
      const main = await page.locator(container(route.app)).boundingBox();
      const footer = await page.locator('#site-footer').boundingBox();
      expect(header && main && footer).toBeTruthy();
      if (header && main && footer) {
        expect(header.y + header.height).toBeLessThanOrEqual(main.y + 1);
        expect(main.y + main.height).toBeLessThanOrEqual(footer.y + 1);
      }
    });
  }

  test('/posts/edit/{slug} leads to the edit screen of that slug', async ({ page }) => {
    await page.goto('/posts/edit/renamed');
    // Signed out, the edit screen itself sends the visitor to sign in first, and back there afterwards.
    await expect(page).toHaveURL(/\/edit_blog\/renamed$|\/login\?next=%2Fedit_blog%2Frenamed$/);
    await expect(page.locator(`${container('@agency/mf-admin')} [data-mfe]`)).toBeVisible();
  });

  for (const path of ['/no-such-page', '/blog/a/b', '/About']) {
    test(`${path} answers HTTP 404 and shows the 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const notFound = page.locator('#not-found');
      await expect(notFound.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(notFound.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/?lng=en');
      for (const app of APPS) await expect(page.locator(container(app))).toBeEmpty();
      await notFound.getByRole('link', { name: /home/i }).click();
      await expect(page).toHaveURL(/\/\?lng=en$/);
      await expect(page.locator(`${container('@agency/mf-marketing')} [data-mfe]`)).toBeVisible();
      await expect(notFound).toBeEmpty();
    });
  }

  test('navigating between micro-frontends keeps one page and scrolls to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/about');
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('#site-footer').getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page).toHaveURL(/\/blog\?lng=en$/);
    await expect(page.locator(`${container('@agency/mf-blog')} [data-mfe]`)).toBeVisible();
    await expect(page.locator(container('@agency/mf-marketing'))).toBeEmpty();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(loads).toBe(0);
  });
});
