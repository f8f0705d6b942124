import type { APIRequestContext, Page } from '@playwright/test';
import { appReady, expect, test } from '../support/test';

/**
 * Public pages come from the server rendered (issue 10): they read in full with JavaScript off, and with it
 * on the micro-frontends hydrate that markup: no mismatch, no console error, no second request for the data
 * or the translations, and the same text before and after.
 */

const API_KEY = 'e2e-key';
const LANGUAGES = ['en', 'ar'] as const;

async function firstPostSlug(request: APIRequestContext, language: string): Promise<string> {
  const res = await request.get(`/api/posts?language=${language}&per_page=1`, {
    headers: { 'x-api-key': API_KEY },
  });
  const body = (await res.json()) as { data: { data: { slug: string }[] } };
  const slug = body.data.data[0]?.slug;
  if (!slug) throw new Error(`no ${language} post to read`);
  return slug;
}

async function publicPaths(request: APIRequestContext, language: string): Promise<string[]> {
  return [
    '/',
    '/about',
    '/pricing',
    '/services',
    '/services/seo',
    '/portfolio',
    '/contact',
    '/privacy',
    '/terms',
    '/blog',
    `/blog/${encodeURIComponent(await firstPostSlug(request, language))}`,
    '/no-such-page',
  ];
}

/** The text of the page's main content and header, as a reader sees it. */
async function pageText(page: Page): Promise<string> {
  return page.evaluate(() =>
    ['site-header', 'main-content', 'site-footer']
      .map((id) => {
        const part = document.getElementById(id)?.cloneNode(true) as HTMLElement | undefined;
        // The logo carousel starts only in the browser: its dots (buttons numbered 1-4) come with it. A
        // <noscript> shows only with scripts off.
        for (const only of part?.querySelectorAll('.client-logos .slick-dots, noscript') ?? []) only.remove();
        if (!part) return '';
        document.body.append(part);
        // biome-ignore lint/performance/useDomNodeTextContent: the text as a reader sees it, hidden parts left out.
        const text = part.innerText;
        part.remove();
        return text;
      })
      .join('\n')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

for (const language of LANGUAGES) {
  test(`every public page reads without JavaScript, in ${language}`, async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
    await context.addCookies([{ name: 'lng', value: language, url: 'http://127.0.0.1' }]);
    const page = await context.newPage();
    for (const path of await publicPaths(request, language)) {
      const res = await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${language}`);
      expect(res?.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
      await expect(page.locator('html'), path).toHaveAttribute('lang', language);
      await expect(page.locator('h1').first(), path).toBeVisible();
      await expect(page.locator('#site-header nav a').first(), path).toBeVisible();
      await expect(page.locator('#site-footer a').first(), path).toBeVisible();
      // Styled by the stylesheets the page carries inline, which its CSP allows by their hashes.
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily), path).toContain('Cairo');
      // Every image in the page has loaded (posters, logos, pictures): none waits for a script.
      const broken = await page.evaluate(() =>
        [...document.images]
          .filter((img) => img.loading !== 'lazy' && img.complete && img.naturalWidth === 0)
          .map((img) => img.src),
      );
      expect(broken, path).toEqual([]);
    }
    await context.close();
  });

  test(`every public page hydrates the server's markup without a mismatch, in ${language}`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000); // twelve pages, each loaded twice and compared
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      // A 404 page is a 404 document: the browser reports its status, which is the point of it.
      if (message.type() === 'error' && !message.text().includes('status of 404'))
        problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const reads: string[] = [];
    const stylesheets: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.endsWith('.css')) stylesheets.push(url.pathname);
      else if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/locales/'))
        reads.push(url.pathname + url.search);
    });

    for (const path of await publicPaths(request, language)) {
      const url = `${path}?lng=${language}`;
      // The server's page as it arrives, before any script has run.
      const serverHtml = await (await request.get(url)).text();
      expect(serverHtml, path).toContain('id="page-data"');

      // No stylesheet holds the first paint back: each is inline, its link disabled. Those the page carries
      // only part of are marked to be loaded whole after the paint.
      const links = [...serverHtml.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((link) => link[0]);
      expect(
        links.filter((link) => !/ disabled[ >]/.test(link)),
        path,
      ).toEqual([]);
      const deferred = links
        .filter((link) => link.includes('data-deferred'))
        .map((link) => /href="([^"]+)"/.exec(link)?.[1]);
      // The 404 page is the shell's alone, whose styles are root-config's (inline whole): nothing to defer.
      expect(deferred.length > 0, path).toBe(path !== '/no-such-page');

      reads.length = 0;
      stylesheets.length = 0;
      problems.length = 0;
      await page.goto(url);
      await appReady(page);
      await page.waitForLoadState('networkidle');
      expect(problems, path).toEqual([]);
      // The data and translations came with the page: nothing is read again on load.
      expect(reads, path).toEqual([]);
      // The deferred stylesheets, and no other, were loaded whole, and apply before the apps mounted.
      expect(stylesheets.sort(), path).toEqual([...deferred].sort());
      const applied = await page.evaluate(() =>
        [...document.styleSheets]
          .filter((sheet) => sheet.href && !sheet.disabled)
          .map((sheet) => new URL(sheet.href ?? '').pathname),
      );
      expect(applied.sort(), path).toEqual([...deferred].sort());
      const textAfter = await pageText(page);
      const staticPage = await browser.newContext({ javaScriptEnabled: false });
      const staticTab = await staticPage.newPage();
      await staticTab.goto(url);
      // Read as a browser with scripts shows that markup: rules only for browsers without scripts (`scripting:
      // none`, the FAQ shows every answer there) are not hydration's doing.
      await staticTab.evaluate(() => {
        for (const sheet of [...document.styleSheets]) {
          let rules: CSSRuleList;
          try {
            rules = sheet.cssRules;
          } catch {
            continue;
          }
          for (let i = rules.length - 1; i >= 0; i--) {
            const rule = rules[i];
            if (rule instanceof CSSMediaRule && /scripting:\s*none/.test(rule.conditionText))
              sheet.deleteRule(i);
          }
        }
      });
      const textBefore = await pageText(staticTab);
      await staticPage.close();
      expect(textAfter, path).toBe(textBefore);
    }
    await context.close();
  });
}

test('a hydrated page keeps working: the menu opens, a link moves within the app, the new page loads its data', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?lng=en');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('link', { name: 'Blog' }).first().click();
  await expect(page).toHaveURL(/\/blog\?lng=en$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.post-list a').first()).toBeVisible();
});

/** When the page's first contentful paint was, and when each script it fetched was asked for (ms). */
async function scriptTimes(page: Page): Promise<{ paint: number | undefined; scripts: [string, number][] }> {
  return page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry): [string, number] => [new URL(entry.name).pathname, entry.startTime]),
  }));
}

for (const language of LANGUAGES) {
  test(`a page the server rendered asks for its code once it has painted, all of it at once, in ${language}`, async ({
    page,
  }) => {
    await page.goto(`/pricing?lng=${language}`);
    const { paint, scripts } = await scriptTimes(page);
    expect(paint).toBeGreaterThan(0);
    const starter = scripts.filter(([path]) => /\/assets\/start-[\w-]+\.js$/.test(path));
    expect(starter).toHaveLength(1);
    // The site's code, React DOM and the micro-frontend: none asked for before the first paint.
    const code = scripts.filter(([path]) => !/\/assets\/start-/.test(path));
    expect(code.length).toBeGreaterThan(5);
    for (const [path, start] of code) expect(start, path).toBeGreaterThanOrEqual(paint ?? 0);
    // Every module the starter lists was fetched (preloaded together, not one import after another).
    const listed =
      (await page.locator('script[data-modules]').getAttribute('data-modules'))?.split(' ') ?? [];
    expect(listed).toContain('/mf/mf-marketing/remoteEntry.js');
    const fetched = new Set(code.map(([path]) => path));
    for (const path of listed) expect(fetched.has(path), path).toBe(true);
    // And the page is hydrated: its tabs answer.
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    const tabs = page.getByRole('main').getByRole('tablist').first().getByRole('tab');
    await tabs.nth(1).click();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  });
}

test("React DOM is set up when its own file is evaluated, before the site's entry runs", async ({ page }) => {
  // React DOM calls the developer tools' hook while it sets itself up: the stack then says which file asked.
  await page.addInitScript(() => {
    const calls: string[] = [];
    Object.assign(window, {
      __reactSetUpBy: calls,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: { checkDCE: () => calls.push(new Error().stack ?? '') },
    });
  });
  await page.goto('/?lng=en');
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  const entry = await page.locator('script[data-entry]').getAttribute('data-entry');
  expect(entry).toMatch(/\/assets\/index-[\w-]+\.js$/);
  const stacks = await page.evaluate(
    () => (window as unknown as { __reactSetUpBy: string[] }).__reactSetUpBy,
  );
  // react-dom and react-dom/client, each once.
  expect(stacks).toHaveLength(2);
  for (const stack of stacks) {
    expect(stack).toMatch(/\/assets\/react-dom-[\w-]+\.js/);
    // Set up inside the entry's evaluation, it would be one long task with the rest of the site's code.
    expect(stack).not.toContain(entry as string);
  }
});

test("the entry's libraries are evaluated in a file of their own, before the site's entry runs", async ({
  page,
}) => {
  // single-spa publishes its navigation function on the window as its module is evaluated: the stack then
  // says which file was being evaluated.
  await page.addInitScript(() => {
    let navigate: unknown;
    Object.defineProperty(window, 'singleSpaNavigate', {
      configurable: true,
      get: () => navigate,
      set: (value) => {
        navigate = value;
        Object.assign(window, { __singleSpaSetUpBy: new Error().stack ?? '' });
      },
    });
  });
  await page.goto('/?lng=en');
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  const entry = await page.locator('script[data-entry]').getAttribute('data-entry');
  const stack = await page.evaluate(
    () => (window as unknown as { __singleSpaSetUpBy: string }).__singleSpaSetUpBy,
  );
  expect(stack).toMatch(/\/assets\/libraries-[\w-]+\.js/);
  expect(stack).not.toContain(entry as string);
});

test("each remote's own federation instance hands the main thread back before its start and each shared library", async ({
  page,
}) => {
  await page.goto('/?lng=en');
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  // Every instance of the page, the host's and those the remotes' entries made, with its plugins' names.
  const instances = await page.evaluate(() =>
    (
      globalThis as unknown as {
        __FEDERATION__: { __INSTANCES__: { name: string; options: { plugins: { name: string }[] } }[] };
      }
    ).__FEDERATION__.__INSTANCES__.map((instance) => ({
      name: instance.name,
      plugins: instance.options.plugins.map((plugin) => plugin.name),
    })),
  );
  // The home page is the marketing app's: its remote entry made an instance of its own.
  expect(instances.map((instance) => instance.name)).toEqual(
    expect.arrayContaining(['root_config', 'mf_marketing']),
  );
  for (const instance of instances) expect(instance.plugins, instance.name).toContain('agency-short-tasks');
});

test('a screen the browser renders itself asks for its code at once', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const { paint, scripts } = await scriptTimes(page);
  const entry = scripts.find(([path]) => /\/assets\/index-[\w-]+\.js$/.test(path));
  expect(entry, 'the site entry').toBeDefined();
  expect(paint).toBeGreaterThan(0);
  // Nothing shows before its code: the entry was asked for long before its first paint.
  expect(entry?.[1]).toBeLessThan(paint ?? 0);
});

test("a post's poster comes in the phone's size, and the head tells search engines and previews about the post", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const slug = await firstPostSlug(request, 'en');
  const posters: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/storage/poster_images/')) posters.push(new URL(req.url()).pathname);
  });
  await page.goto(`/blog/${encodeURIComponent(slug)}?lng=en`);
  const poster = page.locator('.post-article__poster');
  await expect(poster).toHaveJSProperty('complete', true);
  // 390 px at a device pixel ratio of 1: the 480 px width, not the 1200 px file (made by the server for srcset).
  expect(await poster.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-480w\.webp$/);
  expect(posters.filter((path) => !path.endsWith('-480w.webp'))).toEqual([]);

  const head = page.locator('head');
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/blog/${slug}$`));
  await expect(head.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /^http.*\/storage\/poster_images\//,
  );
  const types = await head
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts.map((s) => (JSON.parse(s.textContent ?? '{}') as { '@type': string })['@type']),
    );
  expect(types).toEqual(['Organization', 'BlogPosting', 'BreadcrumbList']);

  // After a navigation in the app, nothing in the head speaks of the first page any more.
  await page.locator('a.blog-back-link').first().click();
  await expect(page).toHaveURL(/\/blog\?lng=en$/);
  await expect(head.locator('[data-page]')).toHaveCount(0);
});

test('the contact form says, inside the form, that sending needs JavaScript', async ({ request }) => {
  // A <noscript> shows only where scripts are off; Chromium with scripts turned off by the test still parses
  // it as text, so the server's page is read instead.
  for (const [language, text] of [
    ['en', 'Sending a message needs JavaScript.'],
    ['ar', 'يحتاج إرسال الرسالة إلى تفعيل JavaScript.'],
  ] as const) {
    const html = await (await request.get(`/contact?lng=${language}`)).text();
    const form = html.slice(html.indexOf('<form class="contact-form"'), html.indexOf('</form>'));
    expect(form, language).toMatch(new RegExp(`<noscript><p class="contact-form__note">${text}`));
  }
});

test('what a visitor types before the page is hydrated is kept, and the form cannot be sent before', async ({
  page,
}) => {
  // The marketing micro-frontend arrives only once the visitor has typed.
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/mf/mf-marketing/remoteEntry.js', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/contact?lng=en', { waitUntil: 'domcontentloaded' });
  const form = page.locator('form.contact-form');
  const send = form.getByRole('button', { name: 'Send message' });
  await expect(send).toBeDisabled();
  await form.getByLabel('Your name').fill('Typed early');
  await form.getByLabel('Your message').fill('Typed before the script came');
  release();
  await appReady(page);
  await expect(send).toBeEnabled();
  await expect(form.getByLabel('Your name')).toHaveValue('Typed early');
  await expect(form.getByLabel('Your message')).toHaveValue('Typed before the script came');
  // Taken in as the form's own state: kept as the draft, like anything typed after.
  await page.unroute('**/mf/mf-marketing/remoteEntry.js');
  await page.reload();
  await expect(form.getByLabel('Your message')).toHaveValue('Typed before the script came');
});
