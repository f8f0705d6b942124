import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from '@playwright/test';
import { expect, test } from '../support/test';

// The server of this run is started with EDITOR_EMAIL / EDITOR_PASSWORD (playwright.config.ts).
const EDITOR = {
  email: process.env.EDITOR_EMAIL ?? 'editor@example.com',
  password: process.env.EDITOR_PASSWORD ?? 'correct-horse-battery',
};
const API_KEY = 'e2e-key';

let storageState = '';
const stamp = Date.now().toString(36);
const slug = `revisions-${stamp}`;

/** One sign-in through the API for the file; the test's browsers reuse its cookies. */
test.beforeAll(async ({ baseURL }) => {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': API_KEY } });
  const { token } = (await (await api.get('/api/csrf')).json()) as { token: string };
  const response = await api.post('/api/auth/login', { headers: { 'X-CSRF-TOKEN': token }, data: EDITOR });
  expect(response.status(), await response.text()).toBe(200);
  storageState = join(mkdtempSync(join(tmpdir(), 'revisions-e2e-')), 'state.json');
  await api.storageState({ path: storageState });
  // The post, created (its first revision).
  const csrf = ((await response.json()) as { csrf_token: string }).csrf_token;
  const created = await api.post('/api/posts', {
    headers: { 'X-CSRF-TOKEN': csrf },
    multipart: {
      language: 'en',
      title: `Alpha words ${stamp}`,
      slug,
      status: 'published',
      description: 'A post saved three times',
      content: '<p>The first text.</p>',
      seo_title: 'Revisions',
      seo_description: 'A post saved three times',
      published_at: '2026-01-02',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();
});

test('an editor compares two revisions word by word and restores the first, which the public page then shows', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  await page.goto(`/edit_blog/${slug}`);
  const title = page.getByLabel('Title', { exact: true });
  for (const word of ['Beta', 'Gamma']) {
    await title.fill(`${word} words ${stamp}`);
    await page.getByRole('button', { name: 'Update post' }).click();
    await expect(page.getByText('Post updated.')).toBeVisible();
  }

  await page.getByRole('button', { name: 'Revisions' }).click();
  const panel = page.getByRole('region', { name: 'Revisions' });
  await expect(panel.getByRole('heading', { name: 'Revisions', level: 2 })).toBeFocused();
  // The two newest: the title's word changed, marked in colour and in words.
  const titleRow = panel.getByRole('row', { name: /Title/ });
  await expect(titleRow.locator('del')).toHaveText('removed: Beta (end)');
  await expect(titleRow.locator('ins')).toHaveText('added: Gamma (end)');
  await expect(panel.getByRole('listitem')).toHaveCount(3);

  // The first revision (the create), restored.
  await panel
    .getByRole('button', { name: /^Restore the revision of/ })
    .last()
    .click();
  await expect(
    panel.getByText("The revision is restored: it is the post's current version now."),
  ).toBeFocused();
  await expect(title).toHaveValue(`Alpha words ${stamp}`);
  await expect(panel.getByRole('listitem')).toHaveCount(4);
  await context.close();

  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto(`/blog/${slug}?lng=en`);
  await expect(readerPage.getByRole('heading', { level: 1, name: `Alpha words ${stamp}` })).toBeVisible();
  await reader.close();
});

test('the revisions panel speaks Arabic', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState });
  await context.addCookies([{ name: 'lng', value: 'ar', url: baseURL ?? '' }]);
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
  const page = await context.newPage();
  await page.goto(`/edit_blog/${slug}`);
  await page.getByRole('button', { name: 'النسخ السابقة' }).click();
  const panel = page.getByRole('region', { name: 'النسخ السابقة' });
  await expect(panel.getByRole('heading', { name: 'المقارنة بين نسختين' })).toBeVisible();
  await expect(panel.getByLabel('من النسخة')).toBeVisible();
  await expect(panel.getByText('نص مضاف (تحته خط)')).toBeVisible();
  await expect(panel.getByRole('row', { name: /العنوان/ }).locator('ins')).toContainText('مضاف:');
  await expect(panel.getByRole('button', { name: /^استعادة نسخة/ }).first()).toBeVisible();
  await context.close();
});
