import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';

// The marketing pages against the real API and its seeded services.
test.use({ serviceWorkers: 'block' });

function useLanguage(page: Page, lang: 'en' | 'ar') {
  return page.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
}

test.describe('contact form', () => {
  test('sends a message to the API and starts again, the country kept', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form.contact-form');
    await form.getByLabel('Your name').fill('Layla Haddad');
    await form.getByLabel('E-mail').fill('layla@example.com');
    await form.getByLabel('Country', { exact: true }).selectOption('AE');
    await form.getByLabel('Phone number').fill('050 123 4567');
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
    // The country stays as chosen: a next message most likely comes from the same place.
    await expect(form.getByLabel('Country', { exact: true })).toHaveValue('AE');
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
    await expect(page.locator('.Toastify')).toContainText(
      'يتكوّن رقم الهاتف من أرقام، ولا يُقبل بينها إلا المسافات أو الشرطات أو النقاط أو الأقواس أو علامة + في أوله.',
    );
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
    await expect(cards.first().getByRole('link')).toHaveAttribute('href', '/services/web-development?lng=en');
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

  test('the blocks below the hero bring their code when used: a first click opens its page in the app', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    const blocks = () => scripts.filter((path) => /\/(home-blocks|services-preview|blog-teaser)-/.test(path));
    // The server's markup reads and links while their code waits.
    await expect(page.getByRole('heading', { name: 'Have a project in mind?' })).toBeAttached();
    expect(blocks()).toEqual([]);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    // The closing call to action, reached by a jump (no scrolling past the blocks on the way).
    const cta = page.locator('.closing-cta').getByRole('link', { name: 'Get in touch' });
    await cta.evaluate((link) => link.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await cta.click();
    await expect(page).toHaveURL(/\/contact\?lng=en$/);
    await expect(page.locator('form.contact-form')).toBeVisible();
    expect(blocks().some((path) => path.includes('/home-blocks-'))).toBe(true);
    expect(documents).toEqual([]);
  });

  for (const width of [390, 1280]) {
    test(`at ${width} px the first paint lays out the first screen, and a block further down as it comes near`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/');
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      // Whether the browser has laid out and painted an element (false inside a block it skips for now).
      const rendered = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
      expect(await rendered('.page-hero h1')).toBe(true);
      const closing = '.closing-cta h2';
      expect(await rendered(closing)).toBe(false);
      // Its text is in the document all the same (read aloud, found with find-in-page).
      await expect(page.getByRole('heading', { name: 'Have a project in mind?' })).toBeAttached();
      // Scrolled to, as a reader does, it is laid out and shows.
      const end = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < end; y += 600) await page.mouse.wheel(0, 600);
      await expect.poll(() => rendered(closing)).toBe(true);
      await expect(page.locator(closing)).toBeInViewport();
    });
  }

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
    expect(href).toMatch(/^\/blog\/[a-z0-9-]+\?lng=en$/);
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href?.replace('?', '\\?')}$`));
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

// The client logo carousel (WCAG 2.2): it can be paused (2.2.2), stands still while a dot has keyboard focus,
// its dots are named and the current one marked (4.1.2), it follows reading order in Arabic (1.3.2, 2.4.3),
// and its dots stay visible in forced colours (1.4.11).
const CAROUSEL = {
  en: {
    region: 'Our clients',
    pause: 'Pause logos',
    play: 'Play logos',
    desktopDots: ['Logos 1-4 of 15', 'Logos 5-8 of 15', 'Logos 9-12 of 15', 'Logos 12-15 of 15'],
    phoneDot: (n: number) => `Logo ${n} of 15`,
  },
  ar: {
    region: 'عملاؤنا',
    pause: 'إيقاف الشعارات مؤقتًا',
    play: 'تشغيل الشعارات',
    desktopDots: ['الشعارات 1-4 من 15', 'الشعارات 5-8 من 15', 'الشعارات 9-12 من 15', 'الشعارات 12-15 من 15'],
    phoneDot: (n: number) => `الشعار ${n} من 15`,
  },
} as const;

/** Where `element` starts from the left of the page. */
async function xOf(element: Locator): Promise<number> {
  return (await element.boundingBox())?.x ?? Number.NaN;
}

/**
 * Shows the slide of the dot named `name`. slick ignores a click while it slides (500 ms, also after a click
 * on the current dot), as it may be when the test starts: the click is made again until it is taken.
 */
async function goToDot(region: Locator, name: string) {
  const dot = region.getByRole('button', { name, exact: true });
  await expect(async () => {
    await dot.click();
    await expect(dot).toHaveAttribute('aria-current', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 7_000 });
  await region.page().waitForTimeout(700); // the slide's 500 ms
}

/** The carousel's region and its parts, in `lang`, once the page is hydrated. */
async function openCarousel(page: Page, lang: 'en' | 'ar', width: number) {
  await page.setViewportSize({ width, height: 900 });
  await useLanguage(page, lang);
  await page.goto('/');
  const region = page.getByRole('region', { name: CAROUSEL[lang].region });
  await region.scrollIntoViewIfNeeded();
  // The pointer away from the carousel, which pauses on hover.
  await page.mouse.move(0, 0);
  const dots = region.locator('.slick-dots button');
  const current = region.locator('.slick-dots button[aria-current="true"]');
  const currentName = () => current.getAttribute('aria-label');
  return { region, dots, current, currentName };
}

test.describe('client logo carousel', () => {
  for (const lang of ['en', 'ar'] as const) {
    const text = CAROUSEL[lang];

    test(`the pause button stops it and the play button starts it again, in ${lang}`, async ({ page }) => {
      const { region, currentName } = await openCarousel(page, lang, 1280);
      // It runs by itself: the current dot changes within a turn or two (3 s each; slick starts its turn again
      // whenever the size of its list changes, as while the logos load).
      const first = await currentName();
      await expect.poll(currentName, { timeout: 8_000 }).not.toBe(first);
      await region.getByRole('button', { name: text.pause }).click();
      const play = region.getByRole('button', { name: text.play });
      await expect(play).toBeVisible();
      const paused = await currentName();
      await page.waitForTimeout(4_500);
      expect(await currentName()).toBe(paused);
      await play.click();
      await expect(region.getByRole('button', { name: text.pause })).toBeVisible();
      await expect.poll(currentName, { timeout: 8_000 }).not.toBe(paused);
    });

    test(`a dot with keyboard focus holds it still, in ${lang}`, async ({ page }) => {
      const { region, dots, currentName } = await openCarousel(page, lang, 1280);
      await region.getByRole('button', { name: text.pause }).focus();
      await page.keyboard.press('Tab');
      await expect(dots.first()).toBeFocused();
      const held = await currentName();
      await page.waitForTimeout(4_500);
      expect(await currentName()).toBe(held);
      // Back on the pause button (which starts and stops it), the carousel goes on.
      await page.keyboard.press('Shift+Tab');
      await expect(region.getByRole('button', { name: text.pause })).toBeFocused();
      await expect.poll(currentName, { timeout: 8_000 }).not.toBe(held);
    });

    test(`its dots say which logos they show, first slide first, in ${lang}`, async ({ page }) => {
      const { region, dots, currentName } = await openCarousel(page, lang, 1280);
      await region.getByRole('button', { name: text.pause }).click();
      await goToDot(region, text.desktopDots[0]);
      await expect(dots).toHaveCount(4);
      expect(await dots.evaluateAll((all) => all.map((dot) => dot.getAttribute('aria-label')))).toEqual(
        text.desktopDots,
      );
      expect(await currentName()).toBe(text.desktopDots[0]);
      // The logos read out are the four on screen, Nour Foods first; in Arabic it is at the right.
      const shown = region.locator('.slick-slide:not([aria-hidden="true"]) img');
      await expect(shown).toHaveCount(4);
      await expect(shown.first()).toHaveAttribute('alt', 'Nour Foods');
      const firstX = await xOf(shown.nth(0));
      const secondX = await xOf(shown.nth(1));
      expect(lang === 'ar' ? firstX > secondX : firstX < secondX).toBe(true);

      // The last slide shows logos 12-15, and only those are read; nothing hidden can take the focus.
      await goToDot(region, text.desktopDots[3]);
      const onScreen = await region.locator('.slick-slide').evaluateAll((slides) => {
        const list = slides[0]?.closest('.slick-list')?.getBoundingClientRect();
        if (!list) return [];
        return slides
          .filter((slide) => {
            const box = slide.getBoundingClientRect();
            return box.left >= list.left - 1 && box.right <= list.right + 1;
          })
          .map((slide) => slide.querySelector('img')?.alt);
      });
      expect(onScreen).toEqual(['Lumen Optics', 'Saffron Kitchen', 'Orbit Fitness', 'Qamar Jewels']);
      expect(await shown.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).alt))).toEqual(
        onScreen,
      );
      const focusableHidden = region.locator(
        '[aria-hidden="true"] :is(a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]))',
      );
      await expect(focusableHidden).toHaveCount(0);

      // One logo a dot on a phone: fifteen dots, named and in order, the first current.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(dots).toHaveCount(15);
      expect(await dots.evaluateAll((all) => all.map((dot) => dot.getAttribute('aria-label')))).toEqual(
        Array.from({ length: 15 }, (_, i) => text.phoneDot(i + 1)),
      );
    });

    test(`Tab goes through the dots in reading order, the first at the ${lang === 'ar' ? 'right' : 'left'}, in ${lang}`, async ({
      page,
    }) => {
      const { region, dots, currentName } = await openCarousel(page, lang, 390);
      await expect(dots).toHaveCount(15);
      expect(await currentName()).toBe(text.phoneDot(1));
      const x1 = await xOf(dots.nth(0));
      const x2 = await xOf(dots.nth(1));
      expect(lang === 'ar' ? x1 > x2 : x1 < x2).toBe(true);
      await region.getByRole('button', { name: text.pause }).focus();
      const order: (string | null)[] = [];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        order.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null));
      }
      expect(order).toEqual([text.phoneDot(1), text.phoneDot(2), text.phoneDot(3)]);
    });
  }

  test('in forced colours the dots stay visible, the current one unlike the others', async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    const { region, dots } = await openCarousel(page, 'en', 1280);
    await region.getByRole('button', { name: CAROUSEL.en.pause }).click();
    await goToDot(region, CAROUSEL.en.desktopDots[0]);
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // Each dot's <li>, the box of its button.
    const items = region.locator('.slick-dots li');
    const current = await items.nth(0).screenshot();
    const other = await items.nth(1).screenshot();
    expect(current.equals(other)).toBe(false);
    // The current one is filled with the system's highlight colour, the others are not.
    const highlight = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.forcedColorAdjust = 'none';
      probe.style.color = 'Highlight';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
    const fills = await dots.evaluateAll((all) =>
      all.map((dot) => getComputedStyle(dot, '::before').backgroundColor),
    );
    expect(fills[0]).toBe(highlight);
    expect(fills.slice(1).filter((fill) => fill === highlight)).toEqual([]);
    // And the other dot is drawn at all: with its button hidden, its box looks different.
    await dots.nth(1).evaluate((dot) => {
      (dot as HTMLElement).style.visibility = 'hidden';
    });
    expect((await items.nth(1).screenshot()).equals(other)).toBe(false);
  });
});

test.describe('service detail, pricing and portfolio', () => {
  test('a service card opens its page with the sections from the API', async ({ page }) => {
    await page.goto('/services');
    await page.locator('.service-card').filter({ hasText: 'SEO' }).getByRole('link').click();
    await expect(page).toHaveURL(/\/services\/seo\?lng=en$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Be found when customers search');
    await expect(page.locator('.service-section').first().getByRole('heading', { level: 2 })).toBeVisible();
  });

  test('an unknown service is the 404 page', async ({ page }) => {
    await page.goto('/services/no-such-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/?lng=en');
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
    // The plan and its service arrive chosen in the form.
    await expect(page).toHaveURL(/\/contact\?service=seo&plan=starter&lng=en$/);
    const form = page.locator('form.contact-form');
    await expect(form.getByLabel('Service you are interested in')).toHaveValue('seo');
    await expect(form.getByLabel('Plan (optional)')).toHaveValue('starter');
  });

  test('portfolio projects open their own page on the site', async ({ page }) => {
    await page.goto('/portfolio');
    const links = page.locator('.portfolio-grid a');
    await expect(links.first()).toBeVisible();
    for (const link of await links.all()) {
      await expect(link).not.toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /^\/portfolio\/[^/?]+\?lng=en$/);
    }
    await links.first().click();
    await expect(page).toHaveURL(/\/portfolio\/[^/?]+\?lng=en$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
