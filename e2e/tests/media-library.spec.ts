import type { APIRequestContext, Browser, Cookie, Page } from '@playwright/test';
import { solidPng } from '../support/png';
import { expect, test } from '../support/test';
import { editorSession } from '../support/walk';

// The media library (/site/media): an editor uploads images, describes them in both languages, finds them by
// file name and by Arabic alt text written with or without hamza and diacritics, uses one as a post's featured
// image and inline in its text (its alt text comes along), sees where it is used and cannot delete it then,
// and deletes an unused one after confirming.

const STAMP = Date.now().toString(36);
const USED = `media-${STAMP}-used.png`;
const SPARE = `media-${STAMP}-spare.png`;
const ALT_EN = `Two people at a desk ${STAMP}`;
const ALT_AR = `أحمد في المكتب ${STAMP}`;
const POST = { title: `Library images ${STAMP}`, slug: `library-images-${STAMP}` };

let cookies: Cookie[] = [];
let api: APIRequestContext;
let csrf = '';

test.beforeAll(async ({ baseURL }) => {
  const session = await editorSession(baseURL);
  ({ api, csrf, cookies } = session);
});

test.afterAll(async () => {
  await api.dispose();
});

async function editorPage(browser: Browser, baseURL: string | undefined, language: 'en' | 'ar') {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addCookies(cookies);
  await context.addCookies([{ name: 'lng', value: language, url: baseURL ?? '' }]);
  await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
  return { context, page: await context.newPage() };
}

/** Searches the library screen and answers the list of images it shows. */
async function search(page: Page, label: string, words: string) {
  await page.getByRole('searchbox', { name: label }).fill(words);
  await page.getByRole('searchbox', { name: label }).press('Enter');
}

test.describe.configure({ mode: 'serial' });

test('uploads images, describes one in both languages, and finds it by file name and Arabic alt text', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await editorPage(browser, baseURL, 'en');
  await page.goto('/site/media');
  await expect(page.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Editor navigation' }).getByRole('link', { name: 'Media' }),
  ).toHaveAttribute('aria-current', 'page');

  // Two images and a file that is none: the images go in, the other is refused with its reason.
  await page.getByLabel('Upload images').setInputFiles([
    { name: USED, mimeType: 'image/png', buffer: solidPng([67, 56, 202]) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
    { name: SPARE, mimeType: 'image/png', buffer: solidPng([245, 158, 11]) },
  ]);
  await expect(page.getByText('2 images uploaded.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('alert')).toContainText('These files were not uploaded:');
  await expect(page.getByRole('alert')).toContainText('notes.txt:');
  const list = page.getByRole('list', { name: 'Images, newest first' });
  await expect(list.getByRole('button', { name: USED })).toBeVisible();

  // By its file name: the one image, newly uploaded, described in neither language and not used.
  await search(page, 'Search images', `${STAMP}-used`);
  await expect(page).toHaveURL(new RegExp(`/site/media\\?q=${STAMP}-used$`));
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const card = list.getByRole('listitem').filter({ hasText: USED });
  await expect(card.getByText('No alt text')).toHaveCount(2);
  await expect(card.getByText('Not used')).toBeVisible();
  await expect(card.getByText(/160 × 90 px/)).toBeVisible();

  await card.getByRole('button', { name: USED }).click();
  const detail = page.getByRole('region', { name: USED });
  await expect(detail.getByRole('heading', { level: 2, name: USED })).toBeFocused();
  await detail.getByLabel('Alt text in English').fill(ALT_EN);
  await expect(detail.getByLabel('Alt text in Arabic')).toHaveAttribute('dir', 'rtl');
  await detail.getByLabel('Alt text in Arabic').fill(ALT_AR);
  await detail.getByRole('button', { name: 'Save the alt texts' }).click();
  await expect(page.getByText('Alt texts saved.')).toBeVisible();
  await expect(card.getByText(ALT_EN)).toBeVisible();
  await expect(card.getByText(ALT_AR)).toBeVisible();

  // By its Arabic alt text: أحمد found as احمد (no hamza), and as أَحْمَد (with diacritics).
  for (const words of [`احمد في المكتب ${STAMP}`, `أَحْمَد في المكتب ${STAMP}`]) {
    await search(page, 'Search images', words);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('button', { name: USED })).toBeVisible();
  }
  await search(page, 'Search images', `nothing-${STAMP}`);
  await expect(page.getByText(`No image matches “nothing-${STAMP}”.`)).toBeVisible();
  await context.close();
});

test('a library image becomes a post’s featured image and an inline one with its alt text; it cannot be deleted then', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await editorPage(browser, baseURL, 'en');
  await page.goto('/new_blog');
  await page.getByLabel('Title', { exact: true }).fill(POST.title);
  await page.getByLabel('Description', { exact: true }).fill('A post with images of the library');
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.keyboard.type('Before the image. ');
  await page.getByLabel('SEO title').fill(`${POST.title} | SEO`);
  await page.getByLabel('SEO description').fill('A post with images of the library');

  // The featured image, from the picker: a labelled modal dialog, searched, chosen with Enter.
  await page.getByRole('button', { name: 'Featured image: choose from library' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an image from the library' });
  await expect(picker.getByRole('heading', { name: 'Choose an image from the library' })).toBeFocused();
  await picker.getByRole('searchbox', { name: 'Search images' }).fill(`${STAMP}-used`);
  await picker.getByRole('searchbox', { name: 'Search images' }).press('Enter');
  await expect(picker.getByRole('button')).toContainText([USED]);
  await picker.getByRole('button', { name: new RegExp(USED) }).focus();
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(page.getByText(`From the library: ${USED}`)).toBeVisible();

  // Inline, at the cursor: the alt text in the post's language comes along, and is asked about.
  await content.click();
  await page.keyboard.press('End');
  await page.getByRole('button', { name: 'Insert from library' }).click();
  await picker.getByRole('searchbox', { name: 'Search images' }).fill(`${STAMP}-used`);
  await picker.getByRole('searchbox', { name: 'Search images' }).press('Enter');
  await expect(picker.getByRole('listitem')).toHaveCount(1);
  await picker.getByRole('button', { name: new RegExp(USED) }).click();
  const alt = page.getByRole('textbox', { name: 'Image alt text' });
  await expect(alt).toHaveValue(ALT_EN);
  await alt.press('Enter');
  await expect(content.getByRole('img', { name: ALT_EN })).toHaveAttribute(
    'src',
    /^\/storage\/poster_images\//,
  );

  // Escape closes the picker without choosing.
  await page.getByRole('button', { name: 'Insert from library' }).click();
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(page.getByRole('button', { name: 'Insert from library' })).toBeFocused();

  // The slug follows the title: the post is saved with both.
  await expect(page.getByLabel('Slug')).toHaveValue(POST.slug);
  await page.getByRole('button', { name: 'Create post' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post created.' })).toBeVisible();
  // The post itself (no wrapper): the library's image as its featured one, and in its text with the alt text.
  const saved = (await (await api.get(`/api/posts/${POST.slug}`)).json()) as {
    poster_image_url: string | null;
    content: string;
  };
  expect(saved.poster_image_url).toMatch(/^\/storage\/poster_images\/[0-9a-f]{32}\.webp$/);
  expect(saved.content).toContain(`alt="${ALT_EN}"`);

  // The library says where it is used, links there, and will not delete it.
  await page.goto(`/site/media?q=${STAMP}-used`);
  const list = page.getByRole('list', { name: 'Images, newest first' });
  await expect(list.getByText('Used in 2 places')).toBeVisible();
  await list.getByRole('button', { name: USED }).click();
  const detail = page.getByRole('region', { name: USED });
  await expect(detail.getByRole('link', { name: POST.title })).toHaveCount(2);
  await expect(detail.getByText('post, featured image, English')).toBeVisible();
  await expect(detail.getByText('post, in the text, English')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Delete the image' })).toBeDisabled();
  await expect(detail.getByText('An image cannot be deleted while it is used')).toBeVisible();
  const listed = (await (await api.get(`/api/media?q=${STAMP}-used`)).json()) as {
    data: { data: { id: number }[] };
  };
  const id = listed.data.data[0]?.id;
  const refused = await api.delete(`/api/media/${id}`, { headers: { 'X-CSRF-TOKEN': csrf } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe('media_in_use');

  // Its link opens the post's edit screen.
  await detail.getByRole('link', { name: POST.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/edit_blog/${POST.slug}$`));
  await context.close();
});

test('in Arabic: finds the image by its alt text without hamza, and deletes an unused one after confirming', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await editorPage(browser, baseURL, 'ar');
  await page.goto('/site/media');
  await expect(page.getByRole('heading', { level: 1, name: 'مكتبة الوسائط' })).toBeVisible();
  await expect(page.locator('.media-screen')).toHaveAttribute('dir', 'rtl');
  await search(page, 'البحث في الصور', `احمد في المكتب ${STAMP}`);
  const list = page.getByRole('list', { name: 'الصور، الأحدث أولًا' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('مستخدمة في مكانين')).toBeVisible();
  await list.getByRole('button', { name: USED }).click();
  const used = page.getByRole('region', { name: USED });
  await expect(used.getByLabel('النص البديل بالعربية')).toHaveValue(ALT_AR);
  await expect(used.getByRole('button', { name: 'حذف الصورة' })).toBeDisabled();

  await search(page, 'البحث في الصور', `${STAMP}-spare`);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: SPARE }).click();
  const spare = page.getByRole('region', { name: SPARE });
  await expect(spare.getByText('غير مستخدمة')).toBeVisible();
  await spare.getByRole('button', { name: 'حذف الصورة' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'هل تحذف هذه الصورة؟' });
  await expect(confirm).toContainText(SPARE);
  await confirm.getByRole('button', { name: 'حذف', exact: true }).click();
  await expect(page.getByText(`حُذفت «${SPARE}».`)).toBeVisible();
  await expect(page.getByText(`لا صورة تطابق «${STAMP}-spare».`)).toBeVisible();
  await context.close();
});

test('screenshots of the library, an image’s details and the picker', async ({ browser, baseURL }) => {
  // For looking at the screens (MEDIA_SHOTS: a folder); not part of the suite's checks.
  const folder = process.env.MEDIA_SHOTS;
  test.skip(!folder, 'MEDIA_SHOTS not set');
  for (const language of ['en', 'ar'] as const) {
    for (const width of [390, 1280]) {
      const { context, page } = await editorPage(browser, baseURL, language);
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto('/site/media');
      await page.locator('.media-card').first().waitFor();
      await page.screenshot({ path: `${folder}/library-${language}-${width}.png`, fullPage: true });
      await page.locator('.media-card__open').filter({ hasText: USED }).click();
      await page.locator('.media-detail').waitFor();
      await page.screenshot({ path: `${folder}/detail-${language}-${width}.png`, fullPage: true });
      await page.goto('/new_blog');
      await page.locator('.featured-image [aria-haspopup="dialog"]').click();
      await page.locator('.media-picker__item').first().waitFor();
      await page.screenshot({ path: `${folder}/picker-${language}-${width}.png` });
      await context.close();
    }
  }
});
