import { SHARED_SINGLETON_NAMES as SHARED } from '@agency/core/mf-shared';
import { expect, test } from '../support/test';

test('every micro-frontend runs on one copy of each shared library', async ({ page }) => {
  // Each copy of react-dom registers itself with the React DevTools hook: count them.
  await page.addInitScript(() => {
    const renderers = new Map<number, { version?: string }>();
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      value: {
        renderers,
        supportsFiber: true,
        inject(renderer: { version?: string }) {
          const id = renderers.size + 1;
          renderers.set(id, renderer);
          return id;
        },
        onScheduleFiberRoot() {},
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    });
  });
  // react-router and react-toastify reach the micro-frontends through the @agency/core singleton, and the
  // federation runtime is root-config's, which the remotes' entries use: count the scripts carrying their code.
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  await page.goto('/');
  await expect(page.locator('[data-mfe="@agency/mf-marketing"]')).toBeVisible();
  const toastCode = async () =>
    (await Promise.all(scripts)).filter((js) => js.includes('Toastify__toast-container')).length;
  for (const [path, app] of [
    ['/blog', '@agency/mf-blog'],
    ['/posts', '@agency/mf-admin'],
  ] as const) {
    // No toast on the public pages, so no react-toastify there; the editor screens fetch it at the editor's
    // first key or pointer press.
    expect(await toastCode(), `react-toastify before ${path}`).toBe(0);
    await page.evaluate((p) => window.history.pushState({}, '', p), path);
    await expect(page.locator(`[data-mfe="${app}"]`)).toBeVisible();
  }
  expect(await toastCode(), 'react-toastify before a key is pressed').toBe(0);
  await page.keyboard.press('Shift');
  await expect.poll(toastCode).toBe(1);
  await expect(page.getByRole('banner')).toBeVisible();

  const renderers = await page.evaluate(
    () =>
      (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } })
        .__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
  );
  expect(renderers).toBe(1);

  // The federation share scope holds exactly one version of each shared library, and every
  // remote resolved it from the same provider.
  const scope = await page.evaluate(() => {
    type Info = { from: string };
    const share = (
      window as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Info>>>> };
      }
    ).__FEDERATION__.__SHARE__;
    const out: Record<string, { versions: string[]; providers: string[] }> = {};
    for (const scopes of Object.values(share)) {
      for (const [pkg, versions] of Object.entries(scopes.default ?? {})) {
        out[pkg] = out[pkg] ?? { versions: [], providers: [] };
        const entry = out[pkg];
        for (const [version, info] of Object.entries(versions)) {
          if (!entry.versions.includes(version)) entry.versions.push(version);
          if (!entry.providers.includes(info.from)) entry.providers.push(info.from);
        }
      }
    }
    return out;
  });
  const bodies = await Promise.all(scripts);
  // No script arrives twice under different URLs (remotes share one chunk folder, /mf/assets/).
  expect(new Set(bodies).size).toBe(bodies.length);
  expect(
    bodies.filter((js) => js.includes('You cannot render a <Router> inside another <Router>')),
  ).toHaveLength(1);
  expect(bodies.filter((js) => js.includes('[ Federation Runtime ]'))).toHaveLength(1);

  for (const pkg of SHARED) {
    expect(scope[pkg], pkg).toBeDefined();
    expect(scope[pkg]?.versions, pkg).toHaveLength(1);
    expect(scope[pkg]?.providers, pkg).toHaveLength(1);
  }
});

test('a micro-frontend that fails to load shows a translated message with a retry', async ({ page }) => {
  let block = true;
  await page.route('**/mf/mf-blog/remoteEntry.js', (route) => (block ? route.abort() : route.continue()));
  await page.goto('/blog');
  const alert = page.locator('[id="single-spa-application:@agency/mf-blog"]').getByRole('alert');
  await expect(alert).toContainText('This part of the page could not be loaded.', { timeout: 20_000 });
  await expect(page.getByRole('banner')).toBeVisible();
  block = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('[data-mfe="@agency/mf-blog"]')).toBeVisible();
});

test('the load-failure message is in Arabic for Arabic readers', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
  await page.route('**/mf/mf-admin/remoteEntry.js', (route) => route.abort());
  await page.goto('/posts');
  const alert = page.locator('[id="single-spa-application:@agency/mf-admin"]').getByRole('alert');
  // The federation runtime gives up on a script only after its own timeout: allow for it on a busy machine.
  await expect(alert).toContainText('تعذّر تحميل هذا الجزء من الصفحة.', { timeout: 20_000 });
  await expect(alert.getByRole('button', { name: 'إعادة المحاولة' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
