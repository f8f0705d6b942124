import type { Cookie } from '@playwright/test';
import { expect, test } from '../support/test';
import { editorSession } from '../support/walk';

/** The editor's session, for every browser of the file. */
let storageState: { cookies: Cookie[]; origins: [] } = { cookies: [], origins: [] };
const stamp = Date.now().toString(36);
const slug = `preview-${stamp}`;

/** One sign-in through the API for the file, and a draft to preview. */
test.beforeAll(async ({ baseURL }) => {
  const { api, csrf, cookies } = await editorSession(baseURL);
  storageState = { cookies, origins: [] };
  const created = await api.post('/api/posts', {
    headers: { 'X-CSRF-TOKEN': csrf },
    multipart: {
      language: 'en',
      title: `Draft words ${stamp}`,
      slug,
      status: 'draft',
      description: 'A draft to preview',
      content: '<p>Not out yet.</p>',
      seo_title: 'Preview',
      seo_description: 'A draft to preview',
      published_at: '2026-01-02',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();
});

test('an editor previews unsaved changes and shares the draft by a link, which stops working once revoked', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  await page.goto(`/edit_blog/${slug}`);
  await page.getByLabel('Title', { exact: true }).fill(`Changed words ${stamp}`);
  await page.getByRole('button', { name: 'Preview' }).click();
  const panel = page.getByRole('region', { name: 'Preview' });
  const frame = page.frameLocator('iframe[title="Preview of the post page"]');
  await expect(frame.getByRole('heading', { level: 1, name: `Changed words ${stamp}` })).toBeVisible();
  // The real page's stylesheets reached the frame: its heading has the site's font, as the editor's own has.
  const font = await frame.locator('h1').evaluate((h1) => getComputedStyle(h1).fontFamily);
  const siteFont = await page
    .locator('h1')
    .first()
    .evaluate((h1) => getComputedStyle(h1).fontFamily);
  expect(font).toBe(siteFont);
  await panel.getByRole('button', { name: 'Phone (390 px)' }).click();
  await expect(page.locator('iframe.preview-panel__frame')).toHaveJSProperty('offsetWidth', 390);

  await panel.getByRole('button', { name: 'Create a share link' }).click();
  const url = await panel.getByLabel('Share link (shown once)').inputValue();
  expect(url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);

  // Someone without an account reads the draft (as saved), not indexed.
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  const answer = await readerPage.goto(url);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['x-robots-tag']).toBe('noindex');
  await expect(readerPage.getByRole('heading', { level: 1, name: `Draft words ${stamp}` })).toBeVisible();
  await expect(readerPage.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  await panel.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke the link' }).click();
  await expect(panel.getByText('The link was revoked.')).toBeVisible();

  const gone = await readerPage.goto(url);
  expect(gone?.status()).toBe(410);
  await expect(
    readerPage.getByRole('heading', { name: 'This preview link is no longer valid' }),
  ).toBeVisible();
  await reader.close();
  await context.close();
});
