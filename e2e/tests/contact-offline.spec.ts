import { type APIRequestContext, type Cookie, type Page, request } from '@playwright/test';
import { waitForServiceWorker } from '../support/pwa';
import { expect, test } from '../support/test';
import { signInCookies } from '../support/walk';

// The message kept offline is the service worker's to send.
test.use({ serviceWorkers: 'allow' });

// A message written offline is kept by the service worker and sent once the visitor is online again, once.
// The tests send four messages in all: the contact form allows 10 per address in 15 minutes, and every
// browser of the run comes from 127.0.0.1.

let cookies: Cookie[];
let inbox: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  cookies = await signInCookies(baseURL);
  inbox = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-api-key': 'e2e-key' },
    storageState: { cookies, origins: [] },
  });
});

test.afterAll(async () => {
  await inbox.dispose();
});

/** How many messages in the editors' inbox hold `text`. */
async function inInbox(text: string): Promise<number> {
  const res = await inbox.get(`/api/contact-messages?q=${encodeURIComponent(text)}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { total: number } }).data.total;
}

async function fill(page: Page, message: string) {
  const form = page.locator('form.contact-form');
  await form.getByLabel('Your name').fill('Layla Haddad');
  await form.getByLabel('E-mail').fill('layla@example.com');
  // With its country code: the form's country comes from the browser's locale (United States here).
  await form.getByLabel('Phone number').fill('+44 7911 123456');
  await form.getByLabel('Service you are interested in').selectOption('seo');
  await form.getByLabel('Your message').fill(message);
}

/** Opens /contact with the worker installed and in control, as for a visitor who has been here before. */
async function contactPage(page: Page) {
  await page.goto('/contact');
  await waitForServiceWorker(page);
}

test('a message sent offline goes once when the visitor is online again, after the page was closed', async ({
  context,
  page,
  baseURL,
}) => {
  const text = `Written on a train with no signal ${Date.now().toString(36)}.`;
  await contactPage(page);
  await context.setOffline(true);
  await fill(page, text);
  await page.getByRole('button', { name: 'Send message' }).click();
  const form = page.locator('form.contact-form');
  await expect(form.getByRole('status')).toHaveText(
    'Saved. You are offline: your message will be sent when you are back online.',
  );
  // Kept by the worker, not by the form: nothing left to send twice.
  await expect(form.getByLabel('Your message')).toHaveValue('');
  await page.close();
  expect(await inInbox(text)).toBe(0);

  await context.setOffline(false);
  // The browser's Background Sync, as Chromium fires it once the connection is back, with no page of the site
  // open (a blank tab only carries the DevTools session that fires it).
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registration = new Promise<{ registrationId: string; scopeURL: string }>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = (
        registrations as { registrationId: string; scopeURL: string; isDeleted: boolean }[]
      ).find((r) => !r.isDeleted && r.scopeURL.startsWith(new URL(baseURL ?? '').origin));
      if (found) resolve(found);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const { registrationId, scopeURL } = await registration;
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(scopeURL).origin,
    registrationId,
    tag: 'workbox-background-sync:agency-contact',
    lastChance: false,
  });
  await expect.poll(() => inInbox(text)).toBe(1);

  // The next visit is told it went, and asks the worker for its queue again: still one.
  const next = await context.newPage();
  await next.goto('/');
  await expect(
    next.getByText('You are back online: the message you wrote offline has been sent.'),
  ).toBeVisible();
  await next.reload();
  await expect(next.locator('html[data-app-ready]')).toBeAttached();
  expect(await inInbox(text)).toBe(1);
});

test('a message sent offline goes at the next visit where no Background Sync came', async ({
  context,
  page,
}) => {
  const text = `Written offline, sent at the next visit ${Date.now().toString(36)}.`;
  await contactPage(page);
  await context.setOffline(true);
  await fill(page, text);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('form.contact-form').getByRole('status')).toContainText('Saved.');
  await page.close();
  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto('/about');
  // The visit asks the worker to send its queue, which tries again 1, 3 and 6 s later when the network the
  // browser just got back does not carry it yet: the news may come after the default wait on a busy machine.
  await expect(
    next.getByText('You are back online: the message you wrote offline has been sent.'),
  ).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => inInbox(text)).toBe(1);
});

test('two messages written offline both arrive, once each, when the connection comes back', async ({
  context,
  page,
}) => {
  const stamp = Date.now().toString(36);
  const texts = [`First of two offline messages ${stamp}.`, `Second of two offline messages ${stamp}.`];
  await contactPage(page);
  await context.setOffline(true);
  const form = page.locator('form.contact-form');
  for (const text of texts) {
    await fill(page, text);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('status')).toContainText('Saved.');
    await expect(form.getByLabel('Your message')).toHaveValue('');
  }
  await context.setOffline(false);
  // The page stayed open: the form says the last one went, and the shell says so for each.
  await expect(form.getByRole('status')).toHaveText(
    'Thank you! Your message has been sent. We will reply within one working day.',
  );
  await expect.poll(() => Promise.all(texts.map(inInbox))).toEqual([1, 1]);
});
