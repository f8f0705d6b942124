import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type APIRequestContext,
  type BrowserContext,
  type Cookie,
  type Page,
  request,
} from '@playwright/test';
import { createAccount } from '../support/accounts';
import { chooseFileByKey, tabTo as tabToSeen } from '../support/focus';
import { waitForServiceWorker } from '../support/pwa';
import { appReady, expect, test } from '../support/test';

// The server of this run is started with EDITOR_EMAIL / EDITOR_PASSWORD (see the README's test command).
const EDITOR = {
  email: process.env.EDITOR_EMAIL ?? 'editor@example.com',
  password: process.env.EDITOR_PASSWORD ?? 'correct-horse-battery',
};
const API_KEY = 'e2e-key';

/** A real 2x2 PNG: the server reads the bytes and re-encodes them, so a fake would be refused. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNwtjj1dR43w9d53M4WpwApPgXH1E3jaQAAAABJRU5ErkJggg==',
  'base64',
);
const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

let storageState = '';
let runId = 0;
/** A title and slug no other test (or earlier run on the same server) uses. */
function unique(label: string) {
  runId += 1;
  const stamp = `${Date.now().toString(36)}${runId}`;
  return { title: `${label} ${stamp}`, slug: `${label.toLowerCase().replace(/\W+/g, '-')}-${stamp}` };
}

/** One sign-in through the API for the whole file (sign-in is rate-limited); tests reuse its cookies. */
test.beforeAll(async ({ baseURL }) => {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': API_KEY } });
  const { token } = (await (await api.get('/api/csrf')).json()) as { token: string };
  const response = await api.post('/api/auth/login', { headers: { 'X-CSRF-TOKEN': token }, data: EDITOR });
  expect(response.status(), await response.text()).toBe(200);
  storageState = join(mkdtempSync(join(tmpdir(), 'admin-e2e-')), 'state.json');
  await api.storageState({ path: storageState });
  await api.dispose();
});

async function signedIn(browser: import('@playwright/test').Browser): Promise<BrowserContext> {
  return browser.newContext({ storageState });
}

/** The signed-in API, for preparing posts quickly. */
async function editorApi(baseURL: string | undefined): Promise<{ api: APIRequestContext; token: string }> {
  const api = await request.newContext({ baseURL, storageState, extraHTTPHeaders: { 'x-api-key': API_KEY } });
  const { token } = (await (await api.get('/api/csrf')).json()) as { token: string };
  return { api, token };
}

async function createPostViaApi(
  baseURL: string | undefined,
  title: string,
  slug: string,
  language: 'en' | 'ar' = 'en',
  fields: Record<string, string> = {},
) {
  const { api, token } = await editorApi(baseURL);
  const response = await api.post('/api/posts', {
    headers: { 'X-CSRF-TOKEN': token },
    multipart: {
      language,
      title,
      slug,
      status: 'published',
      description: 'Prepared for a test',
      content: '<p>Prepared body</p>',
      seo_title: 'Prepared',
      seo_description: 'Prepared for a test',
      published_at: new Date().toISOString().slice(0, 10),
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  await api.dispose();
}

/** Fills every required field of the post form. */
async function fillPost(page: Page, { title }: { title: string }) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill(`What ${title} is about`);
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.keyboard.type(`The body of ${title}.`);
  await page.getByLabel('SEO title').fill(`${title} | SEO`);
  await page.getByLabel('SEO description').fill(`Search summary of ${title}`);
}

const indicator = (page: Page) => page.locator('.save-indicator');

/** How many posts-manager pages this browser keeps in IndexedDB for offline reading. */
function keptPages(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('agency-admin');
        // Not there yet: looking must not make it (an empty database the app would then have to mend).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('post-pages')) {
            db.close();
            return resolve(0);
          }
          const count = db.transaction('post-pages').objectStore('post-pages').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
        };
      }),
  );
}

test.describe('editor', () => {
  test('signs in on /login and returns to where the editor was going', async ({ page }) => {
    await page.goto('/new_blog');
    await expect(page).toHaveURL(/\/login\?next=%2Fnew_blog$/);
    await page.getByLabel('E-mail').fill(EDITOR.email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not correct.');
    await page.getByLabel('Password').fill(EDITOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/new_blog$/);
    await expect(page.getByRole('heading', { name: 'New post' })).toBeVisible();
    await expect(page.getByText('Signed in as')).toBeVisible();

    // Signing out forgets the list kept for offline reading (drafts, being unsent work, stay).
    await page.getByRole('link', { name: 'All posts' }).click();
    await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);
    await expect.poll(() => keptPages(page)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await keptPages(page)).toBe(0);
    await page.goto('/posts');
    await expect(page).toHaveURL(/\/login\?next=%2Fposts$/);
  });

  test('a sign-in link whose next address hides another site behind a control character lands on /posts', async ({
    page,
  }) => {
    await page.goto('/login?next=/%09/evil.example');
    await page.getByLabel('E-mail').fill(EDITOR.email);
    await page.getByLabel('Password').fill(EDITOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/posts$/);
    await expect(page.getByRole('heading', { name: 'Posts' })).toBeVisible();
  });

  test('offline, the posts manager shows the page it kept, and a new post can still be written', async ({
    browser,
  }) => {
    test.setTimeout(90_000); // the service worker's first install fills its caches
    // The site was visited before signing in: the worker installed from the public pages.
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/');
    await waitForServiceWorker(page);
    const { cookies } = JSON.parse(readFileSync(storageState, 'utf8')) as { cookies: Cookie[] };
    await context.addCookies(cookies);
    await page.goto('/posts');
    const firstTitle = page.locator('.posts-table__title-text').first();
    await expect(firstTitle).toBeVisible();
    const title = (await firstTitle.textContent()) ?? '';
    await expect.poll(() => keptPages(page)).toBeGreaterThan(0);

    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByText(/You are offline\. This list was saved on .+ and may be out of date\./),
    ).toBeVisible();
    // The title as the list shows it (a linked translation may name it too).
    await expect(page.locator('.posts-table__title-text', { hasText: title }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Delete “${title}”` })).toBeDisabled();

    await page
      .getByRole('navigation', { name: 'Editor navigation' })
      .getByRole('link', { name: 'New post' })
      .click();
    const post = unique('Written offline');
    await fillPost(page, post);
    await expect(indicator(page)).toContainText('Saved on this device', { timeout: 2_000 });
    await page.getByRole('button', { name: 'Create post' }).click();
    await expect(page.getByRole('alert')).toContainText('Your work is kept on this device as a draft.');
    await context.setOffline(false);
    await context.close();
  });

  test('creates a post with a featured and an inline image, edits its slug, and deletes it', async ({
    browser,
  }) => {
    const context = await signedIn(browser);
    const page = await context.newPage();
    const post = unique('Launch');
    await page.goto('/new_blog');
    await fillPost(page, post);
    await expect(page.getByLabel('Slug')).toHaveValue(post.slug);
    // The content's length, under the editor.
    await expect(page.locator('.content-length')).toHaveText(/^\d+ words · 1 min read$/);
    await page.getByLabel('Status').selectOption('published');
    await page.getByLabel('Choose an image').setInputFiles(image('cover.png'));
    await expect(page.getByText('Chosen image: cover.png')).toBeVisible();
    await page.getByRole('textbox', { name: 'Content' }).press('End');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Insert image' }).click();
    await (await chooser).setFiles(image('inline diagram.png'));
    // Its alt text is asked for once it is in (empty, never the file name), and Enter keeps it.
    const alt = page.getByRole('textbox', { name: 'Image alt text' });
    await expect(alt).toBeFocused();
    await expect(alt).toHaveValue('');
    await alt.fill('A diagram of the launch');
    await alt.press('Enter');
    const inline = page
      .getByRole('textbox', { name: 'Content' })
      .getByRole('img', { name: 'A diagram of the launch' });
    await expect(inline).toHaveAttribute('src', /^\/storage\/poster_images\//);
    await page.getByRole('button', { name: 'Create post' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Post created.' })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Choose an image')).toHaveValue('');

    // Public: on the blog with its poster, and the inline image in the post.
    await page.goto('/blog');
    const card = page.getByRole('article').filter({ hasText: post.title });
    await expect(card).toBeVisible();
    await expect(card.locator('img[src*="/storage/poster_images/"]')).toBeVisible();
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole('img', { name: 'A diagram of the launch' })).toBeVisible();
    await expect(page.locator('.post-article__reading')).toHaveText('1 min read');

    // Edit: a new slug moves the screen to the new address.
    await page.goto('/posts');
    await page.getByRole('link', { name: `Edit “${post.title}”` }).click();
    await expect(page).toHaveURL(new RegExp(`/edit_blog/${post.slug}$`));
    await expect(page.getByRole('link', { name: 'Current image' })).toBeVisible();
    await page.getByLabel('Slug').fill(`${post.slug}-renamed`);
    await page.getByRole('button', { name: 'Update post' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit_blog/${post.slug}-renamed$`));
    await expect(page.getByText('Post updated.')).toBeVisible();
    await expect(page.getByLabel('Slug')).toHaveValue(`${post.slug}-renamed`);

    // Delete: confirmed, then back to /posts and gone from the list.
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: 'Delete post' }).click();
    await expect(page.getByText('Post deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/posts$/, { timeout: 5_000 });
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByText(post.title)).toHaveCount(0);
    await context.close();
  });

  test("writes a post's Arabic version from its editor, reads one from the other, and unlinks on delete", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await signedIn(browser);
    const page = await context.newPage();
    const post = unique('Bilingual');
    await page.goto('/new_blog');
    await fillPost(page, post);
    await page.getByLabel('Status').selectOption('published');
    await page.getByLabel('Choose an image').setInputFiles(image('cover.png'));
    await page.getByRole('button', { name: 'Create post' }).click();
    const created = page.getByRole('status').filter({ hasText: 'Post created.' });
    await expect(created).toBeVisible();
    // The outcome links to the new post: its public page (it is published) and its editor.
    await expect(created.getByRole('link', { name: 'View it on the blog' })).toHaveAttribute(
      'href',
      `/blog/${post.slug}?lng=en`,
    );
    await created.getByRole('link', { name: `Edit “${post.title}”` }).click();
    await expect(page).toHaveURL(new RegExp(`/edit_blog/${post.slug}$`));

    // Its editor offers the Arabic version: a new post in Arabic, linked, keeping the image (left untouched).
    await page.goto(`/edit_blog/${post.slug}`);
    await page.getByRole('link', { name: 'Write the Arabic version' }).click();
    await expect(page).toHaveURL(new RegExp(`/new_blog\\?translation_of=${post.slug}$`));
    await expect(page.getByText('English version:')).toBeVisible();
    await expect(page.getByRole('link', { name: post.title, exact: true })).toBeVisible();
    await expect(page.getByLabel('Language')).toHaveValue('ar');
    await expect(
      page.getByText(`Featured image of “${post.title}”, kept for this translation`),
    ).toBeVisible();
    const arabicTitle = `النسخة العربية ${post.slug.split('-').pop()}`;
    await fillPost(page, { title: arabicTitle });
    // The link is in the draft: a reload brings it back with everything else.
    await expect(indicator(page)).toContainText('Saved on this device');
    await page.reload();
    await page.getByRole('button', { name: 'Restore draft' }).click();
    await expect(page.getByRole('link', { name: post.title, exact: true })).toBeVisible();
    const arabicSlug = await page.getByLabel('Slug').inputValue();
    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Create post' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Post created.' })).toBeVisible();

    // The manager shows the link; the English post is not among those missing a translation.
    await page.goto('/posts');
    const row = page.getByRole('row').filter({ hasText: post.title });
    await expect(row.getByRole('link', { name: `Translation: ${arabicTitle}` })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Only posts missing a translation' }).click();
    await expect(page.getByRole('checkbox', { name: 'Only posts missing a translation' })).toBeChecked();
    await expect(page).toHaveURL(/\/posts\?translation=missing$/);
    await expect(page.getByRole('table').getByText('Loading posts…')).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: post.title })).toHaveCount(0);

    // A reader on the English post switches to Arabic and lands on the Arabic post, with its poster.
    const readers = await browser.newContext({ serviceWorkers: 'block' });
    const reader = await readers.newPage();
    await reader.goto(`/blog/${post.slug}?lng=en`);
    await appReady(reader);
    await reader.getByRole('button', { name: 'العربية' }).first().click();
    await reader.waitForURL((url) => decodeURIComponent(url.pathname) === `/blog/${arabicSlug}`);
    await expect(reader.locator('h1')).toHaveText(arabicTitle);
    await expect(reader.locator('.post-article__poster')).toBeVisible();
    await readers.close();

    // Deleting the English post leaves the Arabic one, unlinked: its editor offers to write an English one.
    await page.goto(`/edit_blog/${post.slug}`);
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: 'Delete post' }).click();
    await expect(page).toHaveURL(/\/posts$/, { timeout: 5_000 });
    await page.goto(`/edit_blog/${encodeURIComponent(arabicSlug)}`);
    await expect(page.getByRole('link', { name: 'Write the English version' })).toBeVisible();
    // The image it kept is a file of its own: still there once the English post and its image are gone.
    const kept = page.locator('.featured-image__current img');
    await expect(kept).toHaveAttribute('src', /^\/storage\/poster_images\//);
    const keptFile = await page.request.get((await kept.getAttribute('src')) ?? '');
    expect(keptFile.status()).toBe(200);
    await expect(page.getByText('English version:')).toHaveCount(0);
    await context.close();
  });

  test("the posts manager's filters and page live in the address: a reload and Back keep them, in both languages", async ({
    browser,
    baseURL,
  }) => {
    // A scheduled Arabic post (far ahead, so it stays scheduled) and a published English one, found by a stamp.
    const stamp = unique('Filtered').slug.slice(-9);
    const scheduled = { title: `مقال مجدول ${stamp}`, slug: `scheduled-ar-${stamp}` };
    const english = { title: `Published ${stamp}`, slug: `published-en-${stamp}` };
    await createPostViaApi(baseURL, scheduled.title, scheduled.slug, 'ar', { published_at: '2099-06-01' });
    await createPostViaApi(baseURL, english.title, english.slug, 'en');

    const context = await signedIn(browser);
    const page = await context.newPage();
    await page.goto('/posts');
    // Both languages are listed to an editor working in English.
    await expect(page.getByRole('row').filter({ hasText: scheduled.title })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: english.title })).toBeVisible();

    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
    await expect(page).toHaveURL(/\/posts\?language=ar$/);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('scheduled');
    await expect(page).toHaveURL(/\/posts\?language=ar&status=scheduled$/);
    await page.getByRole('searchbox', { name: 'Find in titles, descriptions and text' }).fill(stamp);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`/posts\\?language=ar&status=scheduled&q=${stamp}$`));
    const row = page.getByRole('row').filter({ hasText: scheduled.title });
    await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(row.getByText('العربية', { exact: true })).toBeVisible();
    await expect(
      row.getByRole('link', { name: `Translate “${scheduled.title}” into English` }),
    ).toHaveAttribute('href', `/new_blog?translation_of=${encodeURIComponent(scheduled.slug)}`);
    await expect(page.getByRole('row').filter({ hasText: english.title })).toHaveCount(0);

    // A reload keeps every filter, in the fields and in the list.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('ar');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('scheduled');
    await expect(page.getByRole('searchbox', { name: 'Find in titles, descriptions and text' })).toHaveValue(
      stamp,
    );
    await expect(page.getByRole('row').filter({ hasText: scheduled.title })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: english.title })).toHaveCount(0);

    // Back goes to the list before the search, its filters still set.
    await page.goBack();
    await expect(page).toHaveURL(/\/posts\?language=ar&status=scheduled$/);
    await expect(page.getByRole('searchbox', { name: 'Find in titles, descriptions and text' })).toHaveValue(
      '',
    );
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('scheduled');
    await context.close();

    // The same address in an Arabic interface: the same list, in Arabic words.
    const arabic = await browser.newContext({ storageState, locale: 'ar' });
    const arabicPage = await arabic.newPage();
    await arabicPage.goto(`/posts?language=ar&status=scheduled&q=${stamp}`);
    const arabicRow = arabicPage.getByRole('row').filter({ hasText: scheduled.title });
    await expect(arabicRow.getByText('مجدول', { exact: true })).toBeVisible();
    await expect(arabicPage.getByRole('combobox', { name: 'الحالة' })).toHaveValue('scheduled');
    await arabicPage.reload();
    await expect(arabicPage.getByRole('searchbox', { name: 'ابحث في العناوين' })).toHaveValue(stamp);
    await expect(arabicRow).toBeVisible();
    await arabic.close();

    // Other suites read the newest posts: these go.
    const { api, token } = await editorApi(baseURL);
    for (const post of [scheduled, english]) {
      const gone = await api.delete(`/api/posts/${encodeURIComponent(post.slug)}`, {
        headers: { 'X-CSRF-TOKEN': token },
      });
      expect(gone.status()).toBe(200);
    }
    await api.dispose();
  });

  test('a typed draft survives a reload: the restore prompt brings every field and the image back', async ({
    browser,
  }) => {
    const context = await signedIn(browser);
    const page = await context.newPage();
    const post = unique('Draft');
    await page.goto('/new_blog');
    await page.getByLabel('Language').selectOption('ar');
    await fillPost(page, post);
    await page.getByLabel('Slug').fill(`${post.slug}-own`);
    await page.getByLabel('Choose an image').setInputFiles(image('draft-cover.png'));
    await expect(indicator(page)).toContainText('Saved on this device', { timeout: 2_000 });
    await expect(page).toHaveURL(/\/new_blog\?draft=/);

    // Leaving with work that is not on the server asks first.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(dialogs).toContain('beforeunload');
    const prompt = page.getByRole('alertdialog', { name: 'You have an unsent draft' });
    await expect(prompt).toContainText('A draft of this post was saved on this device on');
    await prompt.getByRole('button', { name: 'Restore draft' }).click();
    await expect(page.getByLabel('Language')).toHaveValue('ar');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(post.title);
    await expect(page.getByLabel('Slug')).toHaveValue(`${post.slug}-own`);
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue(`What ${post.title} is about`);
    await expect(page.getByRole('textbox', { name: 'Content' })).toHaveText(`The body of ${post.title}.`);
    await expect(page.getByRole('textbox', { name: 'Content' })).toHaveAttribute('dir', 'rtl');
    await expect(page.getByLabel('SEO title')).toHaveValue(`${post.title} | SEO`);
    await expect(page.getByLabel('SEO description')).toHaveValue(`Search summary of ${post.title}`);
    await expect(page.getByText('Chosen image: draft-cover.png')).toBeVisible();
    const preview = page.locator('.featured-image__chosen img');
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);

    // It is also listed on the posts manager until it is sent.
    await page.goto('/posts');
    await expect(page.getByRole('link', { name: `Open the draft “${post.title}”` })).toBeVisible();
    await context.close();
  });

  test('offline, a submit keeps the draft and says so; back online it is sent and the draft is gone', async ({
    browser,
  }) => {
    const context = await signedIn(browser);
    const page = await context.newPage();
    const post = unique('Offline');
    await page.goto('/new_blog');
    await fillPost(page, post);
    await context.setOffline(true);
    await expect(page.getByText('You are offline. Your work is saved on this device')).toBeVisible();
    await page.getByRole('button', { name: 'Create post' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('No response from the server.');
    await expect(alert).toContainText('Your work is kept on this device as a draft.');
    await expect(indicator(page)).toContainText('Saved on this device');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(post.title);

    await context.setOffline(false);
    await expect(page.getByText('You are offline.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create post' }).click();
    await expect(page.getByText('Post created.')).toBeVisible();
    await expect(indicator(page)).toHaveText('Saved to server');
    await page.goto('/posts');
    await expect(page.getByRole('heading', { name: 'Posts' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Open the draft “${post.title}”` })).toHaveCount(0);
    await context.close();
  });

  test('renaming a published post warns that the old address will redirect, and the old address then lands on the new one', async ({
    browser,
    baseURL,
  }) => {
    const post = unique('Renamed');
    await createPostViaApi(baseURL, post.title, post.slug);
    const context = await signedIn(browser);
    const page = await context.newPage();
    await page.goto(`/edit_blog/${post.slug}`);
    const slug = page.getByLabel('Slug');
    await expect(slug).toHaveValue(post.slug);
    const warning = page.getByText('its old address will redirect to the new one');
    await expect(warning).toHaveCount(0);
    await slug.fill(`${post.slug}-new`);
    await expect(warning).toBeVisible();
    await expect(page.locator('.slug-hint__moved')).toContainText(`Old address: /blog/${post.slug}`);
    await page.getByRole('button', { name: 'Update post' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit_blog/${post.slug}-new$`));
    await context.close();

    // A reader with the old link (no session) lands on the post at its new address.
    const reader = await browser.newContext();
    const readerPage = await reader.newPage();
    await readerPage.goto(`/blog/${post.slug}?lng=en`);
    await expect(readerPage).toHaveURL(new RegExp(`/blog/${post.slug}-new\\?lng=en$`));
    await expect(readerPage.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await reader.close();
  });

  test('schedules to the minute on the editor’s clock with its zone named, shows it scheduled, and publishes now in one click', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const post = unique('Timed');
    // Tomorrow on the clock of an editor in Dubai (UTC+04:00).
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(Date.now() + 86_400_000);
    const dayText = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
    const context = await browser.newContext({ storageState, timezoneId: 'Asia/Dubai' });
    const page = await context.newPage();
    await page.goto('/new_blog');
    await fillPost(page, post);
    await expect(page.getByText('Asia/Dubai (UTC+04:00)')).toBeVisible();
    await page.getByLabel('Status').selectOption('published');
    await page.getByLabel('Publication date').fill(day);
    await page.getByLabel('Time').fill('09:30');
    const card = page.locator('.publication-state');
    await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(card).toContainText(`Goes out on ${dayText}, 9:30 AM GMT+4`);
    await page.getByRole('button', { name: 'Create post' }).click();
    const banner = page.getByRole('status').filter({ hasText: 'Post created.' });
    await expect(banner).toBeVisible();
    // Not out yet: no link to a public page readers cannot see.
    await expect(banner.getByRole('link', { name: 'View it on the blog' })).toHaveCount(0);

    // Stored as the moment the editor meant: 09:30 in Dubai is 05:30 UTC (the site's clock here is UTC).
    const { api, token } = await editorApi(baseURL);
    const stored = (await (await api.get(`/api/posts/${post.slug}`)).json()) as { published_at: string };
    expect(stored.published_at).toBe(`${day}T05:30:00.000Z`);
    const anonymous = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': API_KEY } });
    expect((await anonymous.get(`/api/posts/${post.slug}`)).status()).toBe(404);

    // The posts manager, in Arabic on a phone in Dubai: scheduled, with its date, time and zone in Arabic digits.
    const arabic = await browser.newContext({
      storageState,
      timezoneId: 'Asia/Dubai',
      locale: 'ar',
      viewport: { width: 390, height: 844 },
    });
    const manager = await arabic.newPage();
    await manager.goto(`/posts?q=${encodeURIComponent(post.title)}`);
    const row = manager.getByRole('row').filter({ hasText: post.title });
    await expect(row.getByText('مجدول', { exact: true })).toBeVisible();
    const arabicDay = new Intl.DateTimeFormat('ar-EG', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`));
    await expect(row).toContainText(`يُنشر في ${arabicDay}، ٩:٣٠ ص غرينتش+٤`);
    await arabic.close();

    // Its editor says it is scheduled; "Publish now" sends it out at this minute, in one click.
    await page.goto(`/edit_blog/${post.slug}`);
    await expect(page.getByLabel('Time')).toHaveValue('09:30');
    await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Post updated.' })).toBeVisible();
    await expect(card.getByText('Scheduled', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Publish now' })).toHaveCount(0);
    expect((await anonymous.get(`/api/posts/${post.slug}`)).status()).toBe(200);

    // The reader's page dates it on the site's clock with its zone, the same text before and after hydration.
    const served = await (await anonymous.get(`/blog/${post.slug}?lng=en`)).text();
    const servedTime = /<time datetime="[^"]+">([^<]+)<\/time>/i.exec(served)?.[1];
    expect(servedTime).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/);
    const reader = await browser.newContext({ timezoneId: 'America/New_York' });
    const readerPage = await reader.newPage();
    await readerPage.goto(`/blog/${post.slug}?lng=en`);
    await appReady(readerPage);
    await expect(readerPage.locator('.post-article__meta time')).toHaveText(servedTime ?? '');
    await reader.close();
    await context.close();

    // Other suites read the newest posts: this one goes.
    const gone = await api.delete(`/api/posts/${post.slug}`, { headers: { 'X-CSRF-TOKEN': token } });
    expect(gone.status()).toBe(200);
    await api.dispose();
    await anonymous.dispose();
  });

  test('two tabs editing one post: the second save gets the conflict choice', async ({
    browser,
    baseURL,
  }) => {
    const post = unique('Shared');
    await createPostViaApi(baseURL, post.title, post.slug);
    const context = await signedIn(browser);
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto(`/edit_blog/${post.slug}`);
    await second.goto(`/edit_blog/${post.slug}`);
    await expect(second.getByLabel('Title', { exact: true })).toHaveValue(post.title);

    await first.getByLabel('Title', { exact: true }).fill(`${post.title} (first)`);
    await first.getByRole('button', { name: 'Update post' }).click();
    await expect(first.getByText('Post updated.')).toBeVisible();

    await second.getByLabel('Description', { exact: true }).fill('Written in the second tab');
    await second.getByRole('button', { name: 'Update post' }).click();
    const choice = second.getByRole('alertdialog', { name: 'This post was changed elsewhere' });
    await expect(choice).toBeVisible();
    await expect(second.getByRole('alert')).toContainText(
      'Someone else saved this post after you opened it.',
    );
    await choice.getByRole('button', { name: 'Keep my version' }).click();
    await expect(second.getByText('Post updated.')).toBeVisible();

    await first.reload();
    await expect(first.getByLabel('Description', { exact: true })).toHaveValue('Written in the second tab');
    await context.close();
  });

  for (const lang of ['en', 'ar'] as const) {
    test(`the whole create flow works with the keyboard alone, the toolbar too, focus always seen (${lang})`, async ({
      browser,
    }) => {
      test.setTimeout(60_000);
      const words = {
        en: { heading: 'New post', chosen: 'Chosen image: keyboard.png', created: 'Post created.' },
        ar: { heading: 'مقال جديد', chosen: 'الصورة المختارة: keyboard.png', created: 'تم إنشاء المقال.' },
      }[lang];
      const context = await browser.newContext({ storageState, locale: lang });
      const page = await context.newPage();
      const post = unique(`Keyboard ${lang}`);
      await page.goto('/new_blog');
      await expect(page.getByRole('heading', { name: words.heading })).toBeVisible();
      const tabTo = (selector: string, back = false) =>
        tabToSeen(page, page.locator(selector), { max: 80, back });

      await tabTo('#post-title');
      await page.keyboard.type(post.title);
      await tabTo('#post-description');
      await page.keyboard.type('Typed without a mouse');
      await tabTo('#post-content');
      await page.keyboard.type('Content typed with the keyboard.');
      // The toolbar by keyboard: select the text, go back to Bold, press it.
      await page.keyboard.press('ControlOrMeta+a');
      await tabTo('.ql-toolbar .ql-bold', true);
      await page.keyboard.press('Enter');
      await expect(page.locator('#post-content strong')).toHaveText('Content typed with the keyboard.');
      await tabTo('#post-content');
      await page.keyboard.press('Tab'); // Tab leaves the editor instead of inserting a tab
      await expect(page.locator('#post-content')).not.toBeFocused();
      await expect(page.locator('#post-content')).toHaveText('Content typed with the keyboard.');
      await tabTo('#post-status');
      await page.keyboard.press('ArrowDown');
      await expect(page.locator('#post-status')).toHaveValue('published');
      await tabTo('#post-poster_image');
      const chooser = await chooseFileByKey(page, page.locator('#post-poster_image'));
      await chooser.setFiles(image('keyboard.png'));
      await expect(page.getByText(words.chosen)).toBeVisible();
      await tabTo('#post-seo_title');
      await page.keyboard.type('Keyboard SEO');
      await tabTo('#post-seo_description');
      await page.keyboard.type('Keyboard SEO description');
      await tabTo('button[type="submit"]');
      await page.keyboard.press('Enter');
      await expect(page.getByText(words.created)).toBeVisible();
      // Kept, bold and all (found by the editors' title search).
      const headers = { 'x-api-key': API_KEY };
      const found = await page.request.get(`/api/posts?q=${encodeURIComponent(post.title)}`, {
        headers,
      });
      const listed = ((await found.json()) as { data: { data: { slug: string; language: string }[] } }).data
        .data;
      expect(listed).toHaveLength(1);
      const saved = await page.request.get(`/api/posts/${encodeURIComponent(listed[0]?.slug ?? '')}`, {
        headers,
      });
      // (Quill writes the spaces it is typed as it likes: no-break ones among them.)
      expect(((await saved.json()) as { content: string }).content).toMatch(
        /<strong>Content\styped\swith\sthe\skeyboard\.<\/strong>/,
      );
      await context.close();
    });
  }

  test('an author invited by an administrator in the People screen joins by the link, saves drafts but is not offered publishing, which the server refuses', async ({
    browser,
    baseURL,
  }) => {
    // An invitation, an account made, a sign-in, two posts and the server's refusal: more than the default 30 s
    // on a busy machine.
    test.slow();
    const { api, token } = await editorApi(baseURL);
    const author = {
      email: `author-${Date.now().toString(36)}@example.com`,
      password: 'quiet lantern 7 over rivers',
    };
    // The administrator invites from the People screen; the server sends no e-mail, so the link shows once.
    const admin = await signedIn(browser);
    const people = await admin.newPage();
    await people.goto('/site/people');
    const inviteForm = people.getByRole('region', { name: 'Invite someone' });
    await inviteForm.getByLabel('E-mail address').fill(author.email);
    await inviteForm.getByLabel('Role').selectOption('author');
    await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
    const shown = inviteForm.getByLabel(`Invitation link for ${author.email}`);
    await expect(shown).toHaveValue(/\/login\/invitation#token=[\w-]{43}$/);
    await inviteForm.getByRole('button', { name: 'Copy link' }).click();
    const link = new URL(await shown.inputValue());
    await expect(
      people.getByRole('region', { name: 'Pending invitations' }).getByText(author.email),
    ).toBeVisible();
    await admin.close();

    const context = await browser.newContext();
    let id = 0;
    try {
      const page = await context.newPage();
      await page.goto(link.pathname + link.hash);
      await expect(page.getByText(/E2E Editor invited you to .+ as Author\./)).toBeVisible();
      // The token left the address bar at once.
      expect(new URL(page.url()).hash).toBe('');
      await page.getByLabel('Your name', { exact: true }).fill('Ada Author');
      await page.getByLabel('Password', { exact: true }).fill(author.password);
      await page.getByLabel('Password, again', { exact: true }).fill(author.password);
      await page.getByRole('button', { name: 'Create my account' }).click();
      await expect(page).toHaveURL(/\/posts$/);
      const accounts = (await (await api.get('/api/users')).json()) as {
        data: { id: number; email: string; role: string }[];
      };
      const made = accounts.data.find((account) => account.email === author.email);
      expect(made?.role).toBe('author');
      id = made?.id ?? 0;
      await page.goto('/new_blog');
      const status = page.getByLabel('Status', { exact: true });
      await expect(status).toBeVisible();
      await expect(status.locator('option')).toHaveText(['Draft']);
      await expect(page.getByRole('button', { name: 'Publish now' })).toHaveCount(0);
      const nav = page.getByRole('navigation', { name: 'Editor navigation' });
      await expect(nav.getByRole('link', { name: 'All posts' })).toBeVisible();
      for (const hidden of ['Settings', 'Messages', 'Services']) {
        await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);
      }
      await expect(page.locator('.admin-bar').getByRole('link', { name: 'People' })).toHaveCount(0);

      // In the posts manager, edit and delete only on the author's own draft; another's post says why not.
      const mine = unique('Author own draft');
      await fillPost(page, mine);
      await page.getByLabel('Slug').fill(mine.slug);
      await page.getByRole('button', { name: 'Create post' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Post created.' })).toBeVisible();
      const theirs = unique('Author others');
      await createPostViaApi(baseURL, theirs.title, theirs.slug, 'en', { status: 'draft' });
      await page.goto('/posts?q=Author');
      const ownRow = page.getByRole('row').filter({ hasText: mine.title });
      await expect(ownRow.getByRole('link', { name: `Edit “${mine.title}”` })).toBeVisible();
      await expect(ownRow.getByRole('button', { name: `Delete “${mine.title}”` })).toBeVisible();
      const otherRow = page.getByRole('row').filter({ hasText: theirs.title });
      await expect(otherRow).toContainText('Only an editor can change this post');
      await expect(otherRow.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
      await expect(otherRow.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
      for (const post of [mine, theirs]) {
        await api.delete(`/api/posts/${encodeURIComponent(post.slug)}`, {
          headers: { 'X-CSRF-TOKEN': token },
        });
      }

      // The server refuses it whatever the screen offers.
      const { token: authorToken } = (await (
        await page.request.get('/api/csrf', {
          headers: { 'x-api-key': API_KEY },
        })
      ).json()) as { token: string };
      const refused = await page.request.post('/api/posts', {
        headers: { 'x-api-key': API_KEY, 'X-CSRF-TOKEN': authorToken },
        multipart: {
          language: 'en',
          title: 'Not yet',
          slug: unique('Author post').slug,
          status: 'published',
          description: 'An author publishing',
          content: '<p>Body</p>',
          seo_title: 'Not yet',
          seo_description: 'An author publishing',
          published_at: new Date().toISOString().slice(0, 10),
        },
      });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toEqual({ message: 'publish_forbidden' });
    } finally {
      await context.close();
      // The account goes, as far as accounts go: deactivated (no delete yet).
      if (id)
        await api.patch(`/api/users/${id}`, { headers: { 'X-CSRF-TOKEN': token }, data: { active: false } });
      await api.dispose();
    }
  });

  test('an administrator opens the audit trail, sees their own sign-in and filters it by action', async ({
    browser,
    baseURL,
  }) => {
    const admin = await createAccount(baseURL, 'administrator');
    const { id } = admin;
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto('/login?next=%2Fposts');
      await page.getByLabel('E-mail', { exact: true }).fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/posts$/);
      await page
        .getByRole('navigation', { name: 'Editor navigation' })
        .getByRole('link', { name: 'Audit trail' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
      await page.getByLabel('Person').selectOption(String(id));
      await expect(page).toHaveURL(new RegExp(`/site/audit\\?actor=${id}$`));
      const table = page.getByRole('table', { name: 'Audit trail, newest first' });
      await expect(
        table.getByRole('row').filter({ hasText: 'Signed in' }).filter({ hasText: admin.email }),
      ).toHaveCount(1);
      await page.getByLabel('Action').selectOption({ label: 'Deleted a post' });
      await expect(page).toHaveURL(new RegExp(`/site/audit\\?actor=${id}&action=post_deleted$`));
      await expect(table).toContainText('No entries match these filters.');
    } finally {
      await context.close();
      await admin.remove();
    }
  });

  test('every editor screen names the window in the page language (WCAG 2.4.2)', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // The edit screen opens a post of the page's language.
    const ar = unique('Titled ar');
    // An Arabic post has an Arabic title: the blog's Arabic tests expect nothing else on the Arabic pages.
    const posts = { en: unique('Titled'), ar: { ...ar, title: `مقال معنون ${ar.slug.slice(-8)}` } };
    await createPostViaApi(baseURL, posts.en.title, posts.en.slug, 'en');
    await createPostViaApi(baseURL, posts.ar.title, posts.ar.slug, 'ar');
    for (const locale of ['en', 'ar'] as const) {
      const post = posts[locale];
      const screens: [string, string, string][] = [
        ['/posts', 'Posts', 'المقالات'],
        ['/new_blog', 'New post', 'مقال جديد'],
        [`/edit_blog/${encodeURIComponent(post.slug)}`, `Edit: ${post.title}`, `تعديل: ${post.title}`],
        ['/account', 'Your account', 'حسابك'],
        ['/messages', 'Messages', 'الرسائل'],
      ];
      const context = await browser.newContext({ storageState, locale });
      const page = await context.newPage();
      for (const [path, en, ar] of screens) {
        await page.goto(path);
        await expect(page).toHaveTitle(`${locale === 'en' ? en : ar} | Agency`);
      }
      await context.close();
      const anonymous = await browser.newContext({ locale });
      const login = await anonymous.newPage();
      await login.goto('/login');
      await expect(login).toHaveTitle(`${locale === 'en' ? 'Sign in' : 'تسجيل الدخول'} | Agency`);
      await anonymous.close();
    }
    // Other suites read the newest posts (with their posters): these go.
    const { api, token } = await editorApi(baseURL);
    for (const post of Object.values(posts)) {
      const gone = await api.delete(`/api/posts/${encodeURIComponent(post.slug)}`, {
        headers: { 'X-CSRF-TOKEN': token },
      });
      expect(gone.status()).toBe(200);
    }
    await api.dispose();
  });

  test('nothing that gets focus on the post form hides under its sticky save bar (WCAG 2.4.11)', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ storageState, viewport: { width, height: 720 } });
      const page = await context.newPage();
      await page.goto('/new_blog');
      await page.locator('.ql-editor').waitFor();
      await page.locator('#post-title').focus();
      const seen: string[] = [];
      for (let step = 0; step < 40; step++) {
        const state = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return { name: 'body', hit: 'body' };
          const box = element.getBoundingClientRect();
          const x = box.left + box.width / 2;
          // A tall element (the editor) is judged by its first line.
          const y = box.top + Math.min(box.height / 2, 16);
          const hit = document.elementFromPoint(x, y);
          const name =
            element.getAttribute('aria-label') || element.id || element.className || element.tagName;
          const ok = hit !== null && (hit === element || element.contains(hit));
          return { name: String(name), hit: ok ? 'itself' : String(hit?.className || hit?.tagName) };
        });
        seen.push(state.name);
        expect(state.hit, `${width} px: ${state.name} is covered`).toBe('itself');
        if (state.name.includes('button--primary')) break; // the bar's own button: the end of the form
        await page.keyboard.press('Tab');
      }
      expect(seen).toEqual(expect.arrayContaining(['Bold', 'post-seo_description']));
      await context.close();
    }
  });
});
