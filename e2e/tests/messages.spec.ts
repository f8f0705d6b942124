import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { tabTo } from '../support/focus';
import { expect, test } from '../support/test';
import { messageId, signInCookies } from '../support/walk';

// The contact-messages inbox: what a visitor sends from /contact reaches the editors' /messages screen.
test.use({ serviceWorkers: 'block' });

const EDITOR = {
  email: process.env.EDITOR_EMAIL ?? 'editor@example.com',
  password: process.env.EDITOR_PASSWORD ?? 'correct-horse-battery',
};

/** The number in the link's name "Messages 3 new", or 0 when the link has no count. */
async function newCount(page: Page): Promise<number> {
  const link = page
    .getByRole('navigation', { name: 'Editor navigation' })
    .getByRole('link', { name: /^Messages/ });
  const name = (await link.textContent()) ?? '';
  return Number(/^Messages (\d+) new$/.exec(name.replace(/\s+/g, ' ').trim())?.[1] ?? 0);
}

/** RFC 4180 rows: quoted cells, doubled quotes, line breaks inside a cell. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** A visitor sends a message from /contact, in Arabic; resolves once the server took it. */
async function sendInArabic(browser: Browser, name: string, text: string) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
  await page.goto('/contact');
  const form = page.locator('form.contact-form');
  await form.getByLabel('الاسم').fill(name);
  await form.getByLabel('البريد الإلكتروني').fill('layla@example.com');
  await form.getByLabel('الدولة', { exact: true }).selectOption('AE');
  // As an Arabic keyboard types it: stored and shown in E.164.
  await form.getByLabel('رقم الهاتف').fill('٠٥٠ ١٢٣ ٤٥٦٧');
  await form.getByLabel('اسم النشاط التجاري (اختياري)').fill('مخبز حداد');
  await form.getByLabel('الخدمة التي تهمك').selectOption('seo');
  await form.getByLabel('رسالتك').fill(text);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
  await form.getByRole('button', { name: 'إرسال الرسالة' }).click();
  expect((await answer).status()).toBe(200);
  await expect(form.getByRole('status')).toContainText('تم إرسال رسالتك');
  await context.close();
}

test.describe('contact messages inbox', () => {
  test('a message sent in Arabic is read, handled, found under its filter and exported by an editor', async ({
    browser,
  }) => {
    const stamp = Date.now().toString(36);
    const name = `ليلى حداد ${stamp}`;
    const text = `مرحبًا،\nنريد موقعًا جديدًا لمخبزنا <b>${stamp}</b>.\nشكرًا`;
    await sendInArabic(browser, name, text);

    // The editor signs in on the sign-in screen, sent there by the inbox itself.
    const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: true });
    const page = await context.newPage();
    await page.goto('/messages');
    await expect(page).toHaveURL(/\/login\?next=%2Fmessages$/);
    await page.getByLabel('E-mail').fill(EDITOR.email);
    await page.getByLabel('Password').fill(EDITOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

    // The badge counts it among the new ones.
    await expect.poll(() => newCount(page)).toBeGreaterThan(0);
    const before = await newCount(page);

    // Newest first: it is in the list, with its service by name and its links.
    const open = page.getByRole('link', { name: `Open the message from ${name}` });
    const row = page.getByRole('row').filter({ has: open });
    await expect(row.getByText('New', { exact: true })).toBeVisible();
    await expect(row.getByText('SEO', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: '+971501234567 (AE)' })).toHaveAttribute(
      'href',
      'tel:+971501234567',
    );
    await open.click();

    // The whole message, as plain text: the markup the visitor typed is shown, not applied.
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('.message-view__text')).toHaveText(text);
    await expect(page.locator('.message-view__text b')).toHaveCount(0);
    await expect(page.getByText('مخبز حداد')).toBeVisible();
    const reply = page.getByRole('link', { name: `Reply by e-mail to ${name}` });
    expect(await reply.getAttribute('href')).toMatch(
      /^mailto:layla@example\.com\?subject=Your%20message%20to%20/,
    );

    const handled = page.getByRole('button', { name: /^(Mark handled|Back to new)$/ });
    await expect(handled).toHaveText('Mark handled');
    await handled.click();
    await expect(page.getByRole('status').filter({ hasText: 'Marked as handled.' })).toBeVisible();
    await expect(handled).toHaveText('Back to new');
    await expect(handled).toBeFocused();
    await expect.poll(() => newCount(page)).toBe(before - 1);

    // Back in the list, under the "Handled" filter.
    await page.getByRole('link', { name: 'Back to all messages' }).click();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('handled');
    await expect(page).toHaveURL(/\/messages\?status=handled$/);
    const handledRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Open the message from ${name}` }) });
    await expect(handledRow.getByText('Handled', { exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('new');
    await expect(page.getByRole('link', { name: `Open the message from ${name}` })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('handled');
    await expect(handledRow).toBeVisible();

    // The export: the handled messages, as a CSV file Excel opens with its Arabic intact.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^contact-messages-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path()) as string, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header = [], ...rows] = parseCsv(csv.slice(1));
    expect(header).toEqual([
      'id',
      'received_at',
      'status',
      'name',
      'country_code',
      'phone',
      'phone_region',
      'email',
      'business',
      'service',
      'service_name',
      'plan',
      'plan_name',
      'message',
      'mail_status',
    ]);
    const mine = rows.find((row) => row[3] === name);
    // Arabic intact, line breaks kept, and the country code and E.164 number kept from being read as formulas.
    expect(mine?.slice(2, 14)).toEqual([
      'handled',
      name,
      "'+971",
      "'+971501234567",
      'AE',
      'layla@example.com',
      'مخبز حداد',
      'seo',
      // The service by the name it had when the message was sent, in the editor's language; no plan chosen.
      'SEO',
      '',
      '',
      text,
    ]);
    // Only what the filter shows: every row is handled.
    expect(rows.map((row) => row[2])).toEqual(rows.map(() => 'handled'));
    await expect(page.getByRole('status').filter({ hasText: /^Downloaded contact-messages-/ })).toBeFocused();
    await context.close();
  });

  test('deletes a message for good, after a confirmation, in Arabic', async ({ browser, baseURL }) => {
    const stamp = Date.now().toString(36);
    const name = `سامي ${stamp}`;
    await sendInArabic(browser, name, `أود حذف بياناتي بعد الرد ${stamp}.`);
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addCookies(await signInCookies(baseURL));
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
    await page.goto('/messages');
    await page.getByRole('searchbox', { name: 'بحث' }).fill(stamp);
    await page.getByRole('searchbox', { name: 'بحث' }).press('Enter');
    await expect(page.getByText('رسالة واحدة', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: `افتح الرسالة من ${name}` }).click();
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'احذف الرسالة' }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?q=${stamp}$`));
    expect(asked).toContain(name);
    await expect(page.getByRole('status').filter({ hasText: 'حُذفت الرسالة.' })).toBeFocused();
    await expect(page.getByText('لا رسائل تطابق عوامل التصفية هذه.')).toBeVisible();
    await context.close();
  });

  test('works with the keyboard alone on a phone, focus always seen', async ({ browser, baseURL }) => {
    const cookies = await signInCookies(baseURL);
    const id = await messageId(baseURL, cookies);
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 390, height: 800 },
    });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto('/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    // Through the filters to the newest message, and into it.
    const status = page.getByRole('combobox', { name: 'Status' });
    await tabTo(page, status);
    await tabTo(page, page.getByRole('searchbox', { name: 'Search' }));
    const first = page.locator(`a[href="/messages/${id}"]`);
    await tabTo(page, first);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/messages/${id}$`));
    // Its actions, each reached and used by key; the one pressed keeps focus.
    const spam = page.getByRole('button', { name: /^(Mark as spam|Not spam)$/ });
    await tabTo(page, spam);
    const before = await spam.textContent();
    await page.keyboard.press('Enter');
    await expect(spam).not.toHaveText(before ?? '');
    await expect(spam).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(spam).toHaveText(before ?? '');
    await tabTo(page, page.getByRole('link', { name: 'Back to all messages' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/messages$/);
    // Several at once: tick it with the space bar, then act on the selection.
    const tick = page.locator(`tr:has(a[href="/messages/${id}"]) input[type="checkbox"]`);
    await tabTo(page, tick);
    await page.keyboard.press('Space');
    await expect(tick).toBeChecked();
    const group = page.getByRole('group', { name: 'With the selected messages' });
    await expect(group.getByText('1 selected')).toBeVisible();
    // The actions come before the list: back up to them.
    await tabTo(page, group.getByRole('button', { name: 'Mark handled' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: '1 message marked as handled.' })).toBeFocused();
    await expect(page.locator(`tr:has(a[href="/messages/${id}"]) .status-pill`)).toHaveText('Handled');
    await context.close();
  });
});
