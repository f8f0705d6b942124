import type { Cookie } from '@playwright/test';
import { expect, test } from '../support/test';
import { editorSession } from '../support/walk';

/** The editor's session, for every browser of the file. */
let storageState: { cookies: Cookie[]; origins: [] } = { cookies: [], origins: [] };
const stamp = Date.now().toString(36);
const slug = `revisions-${stamp}`;

/** One sign-in through the API for the file; the test's browsers reuse its cookies. */
test.beforeAll(async ({ baseURL }) => {
  const { api, csrf, cookies } = await editorSession(baseURL);
  storageState = { cookies, origins: [] };
  // The post, created (its first revision).
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
