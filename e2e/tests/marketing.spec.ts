import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

// The marketing pages against the real API and its seeded services.
test.use({ serviceWorkers: 'block' });

function useLanguage(page: Page, lang: 'en' | 'ar') {
  return page.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
}

test.describe('contact form', () => {
  test('sends a message to the API and starts again from the defaults', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form.contact-form');
    await form.getByLabel('Your name').fill('Layla Haddad');
    await form.getByLabel('E-mail').fill('layla@example.com');
    await form.getByLabel('Country code').selectOption('+971');
    await form.getByLabel('Phone number').fill('501234567');
    await form.getByLabel('Service you are interested in').selectOption({ label: 'SEO' });
    await form.getByLabel('Your message').fill('We would like a quote for a new website.');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
    await form.getByRole('button', { name: 'Send message' }).click();
    expect((await answer).status()).toBe(200);
    await expect(form.getByRole('status')).toHaveText(
      'Thank you! Your message has been sent. We will reply within one working day.',
    );
    await expect(page.locator('.Toastify')).toContainText('Your message has been sent.');
    await expect(form.getByLabel('Your name')).toHaveValue('');
    await expect(form.getByLabel('Country code')).toHaveValue('+44');
  });

  test('says what is wrong, in Arabic, without sending', async ({ page }) => {
    await useLanguage(page, 'ar');
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact')) posted = true;
    });
    await page.goto('/contact');
    const form = page.locator('form.contact-form');
    await form.getByLabel('الاسم').fill('ل');
    await form.getByLabel('رقم الهاتف').fill('12ab');
    await form.getByRole('button', { name: 'إرسال الرسالة' }).click();
    // Exactly: the alert that says it aloud (visually hidden) holds it too.
    await expect(form.getByText('يجب ألا يقل الاسم عن 2 أحرف.', { exact: true })).toBeVisible();
    await expect(form.getByLabel('الاسم')).toBeFocused();
    await expect(page.locator('.Toastify')).toContainText('يرجى إدخال رقم هاتف صحيح (أرقام فقط).');
    expect(posted).toBe(false);
  });

  test('keeps an unsent message through a reload', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form.contact-form');
    await form.getByLabel('Your message').fill('Half of what I wanted to say');
    await page.reload();
    await expect(form.getByLabel('Your message')).toHaveValue('Half of what I wanted to say');
    await expect(form.getByRole('status')).toHaveText('Your unsent message has been restored.');
  });
});

test.describe('services page', () => {
  test('lists the ten services with their icons and links, then the form and the FAQ', async ({ page }) => {
    await page.goto('/services');
    const cards = page.locator('.service-card');
    await expect(cards).toHaveCount(10);
    await expect(cards.first().getByRole('heading')).toHaveText('Web Development');
    await expect(cards.first().getByRole('link')).toHaveAttribute('href', '/services/web-development');
    // Every icon loaded (none fell back to the default).
    const icons = await cards.locator('img').evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({
        src: img.src,
        ok: img.complete && img.naturalWidth > 0,
      })),
    );
    for (const icon of icons) expect(icon.src).not.toContain('default.svg');
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    await faq.getByRole('button', { name: 'How do we start?' }).click();
    await expect(faq.getByText(/Send us a message with the form/)).toBeVisible();
    await faq.getByRole('tab', { name: 'Support' }).click();
    await expect(faq.getByRole('button', { expanded: true })).toHaveCount(0);
  });

  test('is right to left in Arabic', async ({ page }) => {
    await useLanguage(page, 'ar');
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1, name: 'خدماتنا' })).toBeVisible();
    await expect(page.locator('.service-card').first().getByRole('heading')).toHaveText(
      'تطوير المواقع الإلكترونية',
    );
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});

test.describe('home page', () => {
  test('carousel: 4 logos a slide on a desktop, 1 on a phone; dots and no arrows', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Our clients' });
    await expect(carousel.locator('.slick-slide.slick-active')).toHaveCount(4);
    await expect(carousel.locator('.slick-dots li')).toHaveCount(4);
    await expect(carousel.locator('.slick-arrow')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(carousel.locator('.slick-slide.slick-active')).toHaveCount(1);
    await expect(carousel.locator('.slick-dots li')).toHaveCount(15);
  });

  test('opens a phone-sized page with one logo a slide', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.locator('.client-logos .slick-slide.slick-active')).toHaveCount(1);
  });

  test('pages through the services six at a time and shows the three newest posts', async ({ page }) => {
    await page.goto('/');
    const services = page.getByRole('region', { name: 'Our services' });
    await expect(services.locator('.service-card')).toHaveCount(6);
    await services.getByRole('button', { name: 'Next services' }).click();
    await expect(services.locator('.service-card')).toHaveCount(4);
    await expect(services.getByRole('button', { name: 'Next services' })).toBeDisabled();
    const blog = page.getByRole('region', { name: 'From our blog' });
    const posts = blog.locator('.teaser-card');
    await expect(posts).toHaveCount(3);
    const first = posts.first().getByRole('link');
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/blog\/[a-z0-9-]+$/);
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator('.post-content')).toBeVisible();
  });

  test('shows Arabic posts to Arabic readers', async ({ page }) => {
    await useLanguage(page, 'ar');
    await page.goto('/');
    const blog = page.getByRole('region', { name: 'من مدونتنا' });
    await expect(blog.locator('.teaser-card')).toHaveCount(3);
    await expect(blog.locator('.teaser-card__title').first()).toHaveText(/[\u0600-\u06FF]/);
  });
});

test.describe('service detail, pricing and portfolio', () => {
  test('a service card opens its page with the sections from the API', async ({ page }) => {
    await page.goto('/services');
    await page.locator('.service-card').filter({ hasText: 'SEO' }).getByRole('link').click();
    await expect(page).toHaveURL(/\/services\/seo$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Be found when customers search');
    await expect(page.locator('.service-section').first().getByRole('heading', { level: 2 })).toBeVisible();
  });

  test('an unknown service is the 404 page', async ({ page }) => {
    await page.goto('/services/no-such-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  test('pricing opens on Website Development and a plan leads to the contact form', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('tab', { name: 'Website Development' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('tab', { name: 'SEO Services' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('£300');
    await page
      .getByRole('tabpanel')
      .getByRole('link', { name: /Get started.*Starter/ })
      .click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator('form.contact-form')).toBeVisible();
  });

  test('portfolio projects open their file share in a new tab', async ({ page }) => {
    await page.goto('/portfolio');
    const links = page.locator('.portfolio-grid a');
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
  });
});
