import { expect, type Page, test } from '@playwright/test';

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
    await expect(form.getByText('يجب ألا يقل الاسم عن 2 أحرف.')).toBeVisible();
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
