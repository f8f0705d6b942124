import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { editorSession } from '../support/walk';

/** Letters only, so that each test run's words are words of their own (the search finds word starts). */
const stamp = Date.now()
  .toString(36)
  .replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)] ?? 'q');
const WORD = `quokka${stamp}`;
const ARABIC_TAG = `نخلة${stamp}`;
const SECRET = `roadmap${stamp}`;
const ENGLISH = { title: `Garden notes ${stamp}`, slug: `garden-notes-${stamp}` };
const ARABIC = { title: `لقاء ${stamp}`, slug: `liqaa-${stamp}` };
const DRAFT = { title: `Unpublished plan ${stamp}`, slug: `unpublished-plan-${stamp}` };

let editor: APIRequestContext;

/** One sign-in through the API for the file; the posts are written through it. */
test.beforeAll(async ({ baseURL }) => {
  const session = await editorSession(baseURL);
  editor = session.api;
  const token = session.csrf;
  const post = async (fields: Record<string, string>) => {
    const response = await editor.post('/api/posts', {
      headers: { 'X-CSRF-TOKEN': token },
      multipart: {
        language: 'en',
        status: 'published',
        description: 'Written for the search test',
        seo_title: 'Search test',
        seo_description: 'Written for the search test',
        published_at: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
        ...fields,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  await post({ ...ENGLISH, content: `<p>Our <strong>${WORD}</strong> gardens are growing fast.</p>` });
  await post({
    ...ARABIC,
    language: 'ar',
    description: 'كُتب لاختبار البحث',
    content: `<p>زار أحمد المدرسة ورأى ${ARABIC_TAG} في الساحة.</p>`,
  });
  await post({ ...DRAFT, status: 'draft', content: `<p>The ${SECRET} for next year.</p>` });
});

test.afterAll(async () => {
  await editor.dispose();
});

test('/blog?q= works without JavaScript: the form searches, the results mark the words, in English and Arabic', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
  const page = await context.newPage();

  await page.goto('/blog?lng=en');
  const box = page.getByRole('searchbox', { name: 'Search the blog' });
  await box.fill(WORD);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/blog\\?q=${WORD}&lng=en$`));
  await expect(page.getByRole('status')).toHaveText(`1 result for “${WORD}”`);
  const card = page.locator('.post-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('link', { name: ENGLISH.title })).toBeVisible();
  await expect(card.locator('mark')).toHaveText([WORD]);
  // The draft's words are no public result.
  await page.goto(`/blog?q=${SECRET}&lng=en`);
  await expect(page.getByRole('status')).toHaveText(`No posts match “${SECRET}”. Try other or fewer words.`);

  // Arabic: احمد (no hamza) finds أحمد, marked as written.
  await page.goto(`/blog?lng=ar&q=${encodeURIComponent(`احمد ${ARABIC_TAG}`)}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('searchbox', { name: 'ابحث في المدونة' })).toHaveValue(`احمد ${ARABIC_TAG}`);
  await expect(page.getByRole('status')).toContainText('نتيجة واحدة');
  await expect(page.locator('.post-card').getByRole('link', { name: ARABIC.title })).toBeVisible();
  await expect(page.locator('.post-card mark')).toHaveText(['أحمد', ARABIC_TAG]);
  await context.close();
});

test("the posts manager's search finds a draft by the words of its text", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    storageState: await editor.storageState(),
    baseURL,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.goto('/posts');
  await page.getByRole('searchbox', { name: 'Find in titles, descriptions and text' }).fill(SECRET);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/posts\\?q=${SECRET}$`));
  const row = page.getByRole('row').filter({ hasText: DRAFT.title });
  await expect(row).toBeVisible();
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  await context.close();
});
