import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { signInCookies } from '../support/walk';

// A visitor's phone number as they write it, and the plan they chose, reach the editors' inbox: in both
// languages, on a phone and a desktop.
test.use({ serviceWorkers: 'block' });

const RUNS = [
  {
    lang: 'ar',
    // An Arabic visitor in the UAE starts on the UAE (before, every visitor started on +44).
    locale: 'ar-AE',
    width: 390,
    region: 'AE',
    getStarted: /ابدأ الآن.*الاحترافية/,
    // As an Arabic keyboard types it, with the UAE's trunk 0.
    phone: '٠٥٠ ١٢٣ ٤٥٦٧',
    e164: '+971501234567',
    labels: {
      name: 'الاسم',
      email: 'البريد الإلكتروني',
      country: 'الدولة',
      phone: 'رقم الهاتف',
      service: 'الخدمة التي تهمك',
      plan: 'الباقة (اختياري)',
      message: 'رسالتك',
      submit: 'إرسال الرسالة',
      sent: 'تم إرسال رسالتك',
      notValid: 'هذا ليس رقم هاتف صحيحًا في المملكة المتحدة.',
    },
  },
  {
    lang: 'en',
    locale: 'en-GB',
    width: 1280,
    region: 'GB',
    getStarted: /Get started.*Professional/,
    // Arabic-Indic digits on an English page too (a visitor's keyboard is theirs), with the UK's trunk 0.
    phone: '٠٧٩١١ ١٢٣٤٥٦',
    e164: '+447911123456',
    labels: {
      name: 'Your name',
      email: 'E-mail',
      country: 'Country',
      phone: 'Phone number',
      service: 'Service you are interested in',
      plan: 'Plan (optional)',
      message: 'Your message',
      submit: 'Send message',
      sent: 'Your message has been sent',
      notValid: 'This is not a valid phone number in United Kingdom.',
    },
  },
] as const;

for (const run of RUNS) {
  test(`${run.lang} at ${run.width} px: a plan chosen on /pricing and a number in Arabic-Indic digits reach the inbox in E.164`, async ({
    browser,
    baseURL,
  }) => {
    const { labels } = run;
    const stamp = `${run.lang}-${Date.now().toString(36)}`;
    const name = `Layla ${stamp}`;
    const visitor = await browser.newContext({
      locale: run.locale,
      viewport: { width: run.width, height: 900 },
      serviceWorkers: 'block',
    });
    const page = await visitor.newPage();
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), run.lang);
    await page.goto('/pricing');
    // The page is the same for every visitor: no token in it; the form fetches one when it sends.
    await expect(page.locator('meta[name="csrf-token"]')).toHaveAttribute('content', '');
    await page.getByRole('tabpanel').getByRole('link', { name: run.getStarted }).click();
    await expect(page).toHaveURL(
      new RegExp(`/contact\\?service=web-development&plan=professional&lng=${run.lang}$`),
    );
    const form = page.locator('form.contact-form');
    await expect(form.getByLabel(labels.service)).toHaveValue('web-development');
    await expect(form.getByLabel(labels.plan)).toHaveValue('professional');
    await expect(form.getByLabel(labels.country, { exact: true })).toHaveValue(run.region);

    await form.getByLabel(labels.name).fill(name);
    await form.getByLabel(labels.email).fill('layla@example.com');
    await form.getByLabel(labels.message).fill(`A new website for our bakery, ${stamp}.`);
    // A number of a range kept for drama is refused, in the page's language, naming the country; none is sent.
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact')) posted += 1;
    });
    await form.getByLabel(labels.country, { exact: true }).selectOption('GB');
    await form.getByLabel(labels.phone).fill('07700 900123');
    await form.getByRole('button', { name: labels.submit }).click();
    await expect(form.locator('.contact-form__error', { hasText: labels.notValid })).toBeVisible();
    await expect(form.getByLabel(labels.phone)).toBeFocused();
    expect(posted).toBe(0);

    await form.getByLabel(labels.country, { exact: true }).selectOption(run.region);
    await form.getByLabel(labels.phone).fill(run.phone);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
    await form.getByRole('button', { name: labels.submit }).click();
    expect((await answer).status()).toBe(200);
    await expect(form.getByRole('status')).toContainText(labels.sent);
    await visitor.close();

    // The editor's inbox shows the number in E.164 with its country, and the plan chosen.
    const editor = await browser.newContext({
      viewport: { width: run.width, height: 900 },
      serviceWorkers: 'block',
      acceptDownloads: true,
    });
    await editor.addCookies(await signInCookies(baseURL));
    const inbox = await editor.newPage();
    await inbox.goto('/messages');
    const open = inbox.getByRole('link', { name: `Open the message from ${name}` });
    const row = inbox.getByRole('row').filter({ has: open });
    await expect(row.getByRole('link', { name: `${run.e164} (${run.region})` })).toHaveAttribute(
      'href',
      `tel:${run.e164}`,
    );
    // The plan by the names it had when the visitor chose it (kept if it is renamed later), in the editor's
    // language (English here) whatever the visitor's.
    await expect(row.getByText('Professional', { exact: true })).toBeVisible();
    const download = inbox.waitForEvent('download');
    await inbox.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path()) as string, 'utf8');
    const line = csv.split('\r\n').find((l) => l.includes(name)) ?? '';
    expect(line).toContain(
      `"'${run.e164}","${run.region}","layla@example.com","","web-development","Web Development","professional",` +
        '"Professional"',
    );
    await open.click();
    await expect(inbox.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(inbox.getByRole('link', { name: `${run.e164} (${run.region})` })).toBeVisible();
    await expect(inbox.locator('.message-view__details')).toContainText('Professional');
    await editor.close();
  });
}
