import { type Browser, type BrowserContext, type Page, request } from '@playwright/test';
import { type ReceivedMail, readMail, SmtpSink } from '../../api/src/test/smtp';
import { createAccount, type TestAccount, totpCode } from '../support/accounts';
import { startServer } from '../support/servers';
import { expect, test } from '../support/test';

// The server of this run is started with EDITOR_EMAIL / EDITOR_PASSWORD (see the README's test command).
const EDITOR = {
  email: process.env.EDITOR_EMAIL ?? 'editor@example.com',
  password: process.env.EDITOR_PASSWORD ?? 'correct-horse-battery',
};
const NEW_PASSWORD = 'amber kettle drifts past 4 moons';
const API_KEY = 'e2e-key';

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const LAPTOP_UA = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Signs in on /login, in the context's language. */
async function signIn(page: Page, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^(E-mail|البريد الإلكتروني)$/).fill(EDITOR.email);
  await page.getByLabel(/^(Password|كلمة المرور)$/).fill(password);
  await page.getByRole('button', { name: /^(Sign in|تسجيل الدخول)$/ }).click();
  await expect(page).toHaveURL(/\/posts$/);
}

async function device(
  browser: Browser,
  userAgent: string,
  options: { locale?: string; width?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    userAgent,
    locale: options.locale ?? 'en-US',
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  const page = await context.newPage();
  return { context, page };
}

/** Whether the page's session is still open, as the editor finds out: /posts, or sent to /login. */
async function stillSignedIn(page: Page): Promise<boolean> {
  await page.goto('/posts');
  await page.waitForURL(/\/(posts|login\?next=%2Fposts)$/);
  await page.locator('h1').first().waitFor();
  return !page.url().includes('/login');
}

/** Puts the run's password back through the API, whatever the test left, for the tests after this one. */
async function restorePassword(baseURL: string | undefined): Promise<void> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': API_KEY } });
  try {
    const { token } = (await (await api.get('/api/csrf')).json()) as { token: string };
    const login = await api.post('/api/auth/login', {
      headers: { 'X-CSRF-TOKEN': token },
      data: { email: EDITOR.email, password: NEW_PASSWORD },
    });
    if (login.status() !== 200) return; // never changed
    const { csrf_token } = (await login.json()) as { csrf_token: string };
    const back = await api.post('/api/auth/password', {
      headers: { 'X-CSRF-TOKEN': csrf_token },
      data: { current_password: NEW_PASSWORD, new_password: EDITOR.password },
    });
    expect(back.status(), await back.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

test('an editor sees where they are signed in, signs a phone out, and changes the password, which signs out the rest', async ({
  browser,
  baseURL,
}) => {
  // Three browsers, four sign-ins and a dozen pages.
  test.setTimeout(90_000);
  const desktop = await device(browser, DESKTOP_UA);
  const phone = await device(browser, PHONE_UA, { locale: 'ar', width: 390 });
  const laptop = await device(browser, LAPTOP_UA);
  try {
    await signIn(desktop.page, EDITOR.password);
    await signIn(phone.page, EDITOR.password);
    await signIn(laptop.page, EDITOR.password);

    // The phone, in Arabic at 390 px: its own session is first and marked.
    await phone.page.getByRole('link', { name: 'الحساب' }).click();
    await expect(phone.page).toHaveURL(/\/account$/);
    await expect(phone.page).toHaveTitle(/^حسابك \| /);
    const phoneList = phone.page.getByRole('region', { name: 'الأماكن التي سجّلت الدخول منها' });
    await expect(phoneList.getByRole('listitem').first()).toContainText('Chrome على Android');
    await expect(phoneList.getByRole('listitem').first()).toContainText('هذا المتصفح');
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    // The desktop signs the phone out by keyboard: the result is said where focus lands.
    await desktop.page.getByRole('link', { name: 'Account' }).click();
    const list = desktop.page.getByRole('region', { name: "Where you're signed in" });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').first()).toContainText('Chrome on Windows');
    await expect(list.getByRole('listitem').first()).toContainText('This browser');
    const phoneRow = list.getByRole('listitem').filter({ hasText: 'Chrome on Android' });
    await phoneRow.getByRole('button', { name: 'Sign out' }).focus();
    await desktop.page.keyboard.press('Enter');
    const said = list.getByRole('status');
    await expect(said).toHaveText('Chrome on Android was signed out.');
    await expect(said).toBeFocused();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    expect(await stillSignedIn(phone.page)).toBe(false);
    await expect(phone.page.getByRole('heading', { level: 1 })).toHaveText('تسجيل الدخول');

    // A wrong current password is refused at its field; the right one changes it and ends the laptop's session.
    await desktop.page.goto('/account');
    const form = desktop.page.getByRole('region', { name: 'Change your password' });
    await form.getByLabel('Current password', { exact: true }).fill('not the password at all');
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('New password, again').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    const current = form.getByLabel('Current password', { exact: true });
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('The current password is not right.')).toBeVisible();

    await current.fill(EDITOR.password);
    await form.getByLabel('New password, again').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'Your password was changed, and 1 other session was signed out.',
    );
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText('You are not signed in anywhere else.')).toBeVisible();

    expect(await stillSignedIn(laptop.page)).toBe(false);
    // This browser goes on, and its next write is accepted (its token was renewed with the cookie).
    expect(await stillSignedIn(desktop.page)).toBe(true);
    await desktop.page.goto('/account');
    await desktop.page
      .getByRole('region', { name: "Where you're signed in" })
      .getByText('You are not signed in anywhere else.')
      .waitFor();

    // The old password no longer opens a session; the new one does.
    await laptop.page.getByLabel('E-mail').fill(EDITOR.email);
    await laptop.page.getByLabel('Password').fill(EDITOR.password);
    await laptop.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(laptop.page.getByRole('alert')).toContainText('The e-mail or password is not correct.');
    await laptop.page.getByLabel('Password').fill(NEW_PASSWORD);
    await laptop.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(laptop.page).toHaveURL(/\/posts$/);

    // And from the laptop, every other session ends at once.
    await laptop.page.getByRole('link', { name: 'Account' }).click();
    const laptopList = laptop.page.getByRole('region', { name: "Where you're signed in" });
    await expect(laptopList.getByRole('listitem')).toHaveCount(2);
    await laptopList.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(laptopList.getByRole('status')).toHaveText('1 other session was signed out.');
    expect(await stillSignedIn(desktop.page)).toBe(false);
  } finally {
    await Promise.all([desktop.context.close(), phone.context.close(), laptop.context.close()]);
    await restorePassword(baseURL);
  }
});

// The e2e servers send no e-mail (no SMTP_URL), so no real link reaches the browser here: the API tests
// follow a link mailed to an SMTP sink. Here: the way to the forgot page and its answer, and a link's page as
// the browser handles it (token out of the address bar, no Referer, never kept, a dead link refused).
test('a forgotten password: from the sign-in page to the confirmation, and a link that no longer works', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/login\/forgot$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('E-mail').fill('nobody-with-this-address@example.com');
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account has this address, a link is on its way; it is valid for one hour.',
  );

  const token = 'Q'.repeat(43);
  const answer = await page.goto(`/login/reset?lng=en#token=${token}`);
  expect(answer?.headers()['referrer-policy']).toBe('no-referrer');
  expect(answer?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  // The token left the address bar as soon as the page read it.
  await expect.poll(() => page.evaluate(() => window.location.href)).not.toContain(token);
  expect(page.url()).toMatch(/\/login\/reset\?lng=en$/);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('New password, again').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText(/This link does not work any more/)).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/login\/forgot$/);
});

// The suite's servers send no e-mail; this one mails through an SMTP sink the test runs, so the link travels as
// a reader's would: from the sign-in page, through the mail, to a new password and a sign-in with it.
test('a forgotten password, by e-mail: the mailed link sets a new password that then signs in', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const sink = new SmtpSink();
  await sink.start();
  const port = Number(process.env.E2E_PORT ?? 8181) + 12;
  const account = { email: 'forgetful@example.com', password: 'violet harbour 8 lanterns' };
  const server = await startServer(port, {
    SMTP_URL: sink.url,
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    EDITOR_EMAIL: account.email,
    EDITOR_PASSWORD: account.password,
  });
  try {
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('status')).toContainText('a link is on its way');
    await expect.poll(() => sink.received.length, { timeout: 20_000 }).toBe(1);
    const mail = readMail(sink.received[0] as ReceivedMail);
    expect(mail.to).toEqual([`<${account.email}>`]);
    const link = mail.text.match(/http:\/\/\S+/)?.[0] ?? '';
    expect(link).toMatch(new RegExp(`^${server.url}/login/reset\\?lng=en#token=[\\w-]{43}$`));

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('New password, again').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status')).toContainText('Your password has been changed');
    await page.getByLabel('E-mail', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/posts$/);

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('copper meadow 5 whistles');
    await page.getByLabel('New password, again').fill('copper meadow 5 whistles');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByText(/This link does not work any more/)).toBeVisible();
  } finally {
    await server.stop();
    await sink.stop();
  }
});

test.describe('two-step sign-in', () => {
  let account: TestAccount | undefined;
  test.afterAll(async () => {
    await account?.remove();
  });

  test('is turned on with the QR code, then asks for a code or takes a recovery code', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    account = await createAccount(baseURL);
    const { email, password } = account;
    const signInWithPassword = async (page: Page) => {
      await page.goto('/login');
      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };

    const first = await device(browser, DESKTOP_UA);
    await signInWithPassword(first.page);
    await expect(first.page).toHaveURL(/\/posts$/);
    await first.page.goto('/account');
    await first.page.getByRole('button', { name: 'Turn on' }).click();
    await expect(first.page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const key = (await first.page.locator('.two-step-card__key code').textContent()) ?? '';
    await first.page.getByLabel('Code from the app').fill(await totpCode(key, -1));
    await first.page.getByRole('button', { name: 'Confirm and turn on' }).click();
    // The codes come with the server's answer: wait for them (allTextContents reads at once).
    const shown = first.page.locator('.two-step-card__codes code');
    await expect(shown).toHaveCount(10);
    const codes = await shown.allTextContents();
    await first.page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(first.page.getByText('Two-step sign-in is on.')).toBeVisible();
    await first.context.close();

    const second = await device(browser, PHONE_UA, { width: 390 });
    await signInWithPassword(second.page);
    const code = second.page.getByRole('textbox', { name: 'Code' });
    await expect(code).toBeFocused();
    await code.fill(await totpCode(key));
    await second.page.getByRole('button', { name: 'Verify' }).click();
    await expect(second.page).toHaveURL(/\/posts$/);
    await second.context.close();

    const third = await device(browser, LAPTOP_UA);
    await signInWithPassword(third.page);
    await third.page.getByRole('button', { name: 'Use a recovery code' }).click();
    await third.page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0] ?? '');
    await third.page.getByRole('button', { name: 'Verify' }).click();
    await expect(third.page).toHaveURL(/\/posts$/);
    await third.context.close();
  });
});
