import { expect, test } from '../support/test';

test.describe('header and footer', () => {
  test('top bar shows the configured contact details and social links', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('#site-header');
    await expect(header.getByRole('link', { name: /hello@agency\.example/ })).toHaveAttribute(
      'href',
      'mailto:hello@agency.example',
    );
    await expect(header.getByRole('link', { name: /\+44 20 7946 0958/ })).toHaveAttribute('href', /^tel:/);
    for (const network of ['Facebook', 'X', 'Instagram', 'TikTok', 'YouTube']) {
      const link = header.getByRole('link', { name: `${network} (opens in a new tab)` });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test('marks the active navigation link, including on detail pages', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/services/seo');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Services', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(nav.getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Services', exact: true })).not.toHaveAttribute(
      'aria-current',
    );
    await expect(page).toHaveURL(/\/blog\?lng=en$/);
    await nav.getByRole('link', { name: 'Get in touch' }).click();
    await expect(page).toHaveURL(/\/contact\?lng=en$/);
  });

  test('footer lists the first 5 services from the API, each linking to its page', async ({
    page,
    request,
  }) => {
    const api = await request.get('/api/services?language=en', { headers: { 'x-api-key': 'e2e-key' } });
    const services = ((await api.json()) as { data: { data: { slug: string; name: string }[] } }).data.data;
    await page.goto('/about');
    const list = page
      .locator('#site-footer')
      .getByRole('list')
      .filter({ hasText: services[0]?.name ?? '' });
    await expect(list.getByRole('link')).toHaveCount(5);
    for (const service of services.slice(0, 5)) {
      await expect(list.getByRole('link', { name: service.name })).toHaveAttribute(
        'href',
        `/services/${service.slug}?lng=en`,
      );
    }
    await expect(page.locator('#site-footer')).toContainText(`© ${new Date().getFullYear()}`);
  });
});

test.describe('the parts that never change once rendered', () => {
  test('on a page the server rendered, the top bar and footer work without their code', async ({ page }) => {
    const keptCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/kept-parts-[^/]*\.js$/.test(request.url())) keptCode.push(request.url());
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about?lng=en');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    // The skip link, first in the page, moves focus to the main content and leaves the address as it is.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
    await expect(page).toHaveURL(/\/about\?lng=en$/);
    // A footer link opens its page in the app: no new document, the page's heading takes focus.
    await page.locator('#site-footer').getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page).toHaveURL(/\/blog\?lng=en$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    // The footer and the navigation still answer after the move.
    await page.locator('#site-footer').getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing\?lng=en$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing', exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    // A link for a new tab stays the browser's.
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page
        .locator('#site-footer')
        .getByRole('link', { name: 'Terms of service' })
        .click({ modifiers: ['Control'] }),
    ]);
    await popup.close();
    await expect(page).toHaveURL(/\/pricing\?lng=en$/);
    expect(keptCode).toEqual([]);
  });

  test('a screen the browser renders itself renders the top bar and footer', async ({ page }) => {
    await page.goto('/login?lng=ar');
    await expect(
      page.locator('#site-top-bar').getByRole('link', { name: /hello@agency\.example/ }),
    ).toBeVisible();
    await expect(page.locator('#site-footer').getByRole('contentinfo')).toBeVisible();
    await expect(
      page.locator('#site-footer').getByRole('link', { name: 'المدونة', exact: true }),
    ).toHaveAttribute('href', '/blog?lng=ar');
  });
});

test.describe('language', () => {
  test('switching to Arabic reloads the page right to left, and back', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'العربية' }).click()]);
    // The address says the language: the page a CDN keeps for it.
    await expect(page).toHaveURL(/\/about\?lng=ar$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('body')).toHaveClass(/\brtl\b/);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('من نحن');
    await expect(
      page.getByRole('navigation', { name: 'الرئيسي' }).getByRole('link', { name: 'المدونة' }),
    ).toBeVisible();
    // Right to left: the brand sits at the right edge.
    const brand = await page.locator('.nav__brand').boundingBox();
    expect(brand && brand.x > 640).toBe(true);
    const footerServices = page.locator('#site-footer').getByRole('link', { name: /[\u0600-\u06FF]/ });
    await expect(footerServices.first()).toBeVisible();

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'English' }).click()]);
    await expect(page).toHaveURL(/\/about\?lng=en$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('body')).not.toHaveClass(/\brtl\b/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
  });

  test('a stored regional tag is read as its language (ar-EG -> ar)', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'ar-EG'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});

test.describe('mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens and closes with its toggle, on a click outside, and on choosing a link', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.locator('#site-nav-menu');
    const blogLink = menu.getByRole('link', { name: 'Blog', exact: true });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(blogLink).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(blogLink).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(blogLink).toBeHidden();

    await toggle.click();
    await expect(blogLink).toBeVisible();
    await page.mouse.click(200, 700); // on the page, outside the menu
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(blogLink).toBeHidden();

    await toggle.click();
    await blogLink.click();
    await expect(page).toHaveURL(/\/blog\?lng=en$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(blogLink).toBeHidden();
    await expect(page.locator('[data-mfe="@agency/mf-blog"]')).toBeVisible();
  });

  test('works the same in Arabic', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'القائمة' });
    await toggle.click();
    const link = page.locator('#site-nav-menu').getByRole('link', { name: 'المدونة' });
    await expect(link).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(link).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
