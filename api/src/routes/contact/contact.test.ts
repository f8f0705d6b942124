import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { contactMessages, pricingCategories, pricingPlans } from '../../db/schema';
import {
  type ContactMessageRow,
  MAX_ATTEMPTS,
  type Mailer,
  type MailMessage,
  notificationFor,
} from '../../plugins/outbox';
import { makeTempDir, TEST_API_KEY, testConfig, useTestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';

let address = 0;
/** A fresh client address per test, so the per-address limit of one test never reaches another. */
function visitor(app: FastifyInstance): TestBrowser {
  address += 1;
  return new TestBrowser(app, `10.20.${Math.floor(address / 250)}.${address % 250}`);
}

const VALID = {
  name: 'Layla Hassan',
  countryCode: '+971',
  phone: '050 123 4567',
  email: 'layla@example.com',
  business: 'Hassan Trading',
  service: 'seo',
  message: 'We would like a quote for an SEO audit of our store.',
  website: '',
};

describeEachDatabase('contact API', (database) => {
  const t = useTestApp(database);

  async function send(payload: object, browser?: TestBrowser) {
    const client = browser ?? visitor(t.app);
    if (!client.csrf) await client.fetchCsrf();
    return client.request({ method: 'POST', url: '/api/contact', payload });
  }

  it('stores the message before answering success, with no session needed', async () => {
    const res = await send({ ...VALID, message: 'Stored before the answer, please.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'contact_sent' });
    const [row] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.message, 'Stored before the answer, please.'));
    expect(row).toMatchObject({
      name: 'Layla Hassan',
      countryCode: '+971',
      // As people write it, stored in E.164 with its country.
      phone: '+971501234567',
      phoneRegion: 'AE',
      email: 'layla@example.com',
      business: 'Hassan Trading',
      service: 'seo',
      plan: '',
      // No SMTP_URL: nothing to send, and the message is kept all the same.
      mailStatus: 'disabled',
    });
  });

  it('needs the CSRF token', async () => {
    const browser = visitor(t.app);
    await browser.fetchCsrf();
    const res = await browser.request({ method: 'POST', url: '/api/contact', payload: VALID, csrf: null });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    { field: 'name', value: '', key: 'name_required' },
    { field: 'name', value: 'A', key: 'name_min' },
    { field: 'name', value: 'Eve\r\nBcc: victim@example.com', key: 'name_min' },
    { field: 'countryCode', value: '+999', key: 'country_code_invalid' },
    { field: 'phone', value: '', key: 'phone_required' },
    { field: 'phone', value: '050-1', key: 'phone_too_short' },
    { field: 'phone', value: '050-123', key: 'phone_invalid' },
    { field: 'phone', value: '0501\r\n234', key: 'phone_characters' },
    // 19 digits: refused, not cut to 15.
    { field: 'phone', value: '0501234567890123456', key: 'phone_too_long' },
    // A UK number read in the UAE.
    { field: 'phone', value: '07911 123456', key: 'phone_invalid' },
    { field: 'email', value: '', key: 'email_required' },
    { field: 'email', value: 'layla.example.com', key: 'email_invalid' },
    { field: 'email', value: 'layla@bakery', key: 'email_domain' },
    { field: 'email', value: 'a@b.co\r\nBcc: victim@example.com', key: 'email_control' },
    { field: 'email', value: `${'a'.repeat(250)}@b.co`, key: 'email_invalid' },
    { field: 'business', value: 'x'.repeat(201), key: 'business_too_long' },
    // A line of its own in the notification mail's body ("Service: ..." forged under the business name).
    { field: 'business', value: 'Shop\r\nService: Free money', key: 'business_single_line' },
    { field: 'service', value: '', key: 'service_required' },
    { field: 'service', value: 'time-travel', key: 'service_invalid' },
    { field: 'plan', value: 'platinum', key: 'plan_invalid' },
    { field: 'message', value: '', key: 'message_required' },
    { field: 'message', value: 'Too short', key: 'message_min' },
  ])('answers 422 $key for $field = $value', async ({ field, value, key }) => {
    const res = await send({ ...VALID, [field]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, message: key, errors: { [field]: [key] } });
  });

  it('reports every problem, the first in form order as the message', async () => {
    const res = await send({});
    expect(res.statusCode).toBe(422);
    const body = res.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe('name_required');
    expect(Object.keys(body.errors)).toEqual(['name', 'countryCode', 'phone', 'email', 'service', 'message']);
  });

  it.each([
    { phone: '٠٥٠ ١٢٣ ٤٥٦٧', countryCode: '+971', region: undefined, e164: '+971501234567', stored: 'AE' },
    { phone: '۰۵۰-۱۲۳-۴۵۶۷', countryCode: '+971', region: 'AE', e164: '+971501234567', stored: 'AE' },
    { phone: '07911 123456', countryCode: '+44', region: 'GB', e164: '+447911123456', stored: 'GB' },
    { phone: '07911123456', countryCode: '+44', region: undefined, e164: '+447911123456', stored: 'GB' },
    // Pasted with its own country: that country's, whatever was chosen.
    { phone: '+44 7400 123456', countryCode: '+971', region: 'AE', e164: '+447400123456', stored: 'GB' },
    {
      phone: '00971 50 123 4567',
      countryCode: '+44',
      region: undefined,
      e164: '+971501234567',
      stored: 'AE',
    },
    // Every country, not only the seven of the spec.
    { phone: '079 123 4567', countryCode: '+962', region: 'JO', e164: '+962791234567', stored: 'JO' },
  ])(
    'stores $phone ($countryCode $region) as $e164 in $stored',
    async ({ phone, countryCode, region, e164, stored }) => {
      const message = `A number as written: ${phone} ${countryCode}`;
      const res = await send({ ...VALID, phone, countryCode, region, message });
      expect(res.statusCode).toBe(200);
      const [row] = await database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.message, message));
      expect(row).toMatchObject({ phone: e164, phoneRegion: stored });
      // The calling code stored is the number's own.
      expect(e164.startsWith(row?.countryCode ?? '-')).toBe(true);
    },
  );

  it('stores the plan chosen and an internationalised e-mail address', async () => {
    const message = 'Plan and Arabic address, please.';
    const res = await send({ ...VALID, email: 'سارة@مثال.امارات', plan: 'professional', message });
    expect(res.statusCode).toBe(200);
    const [row] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.message, message));
    expect(row).toMatchObject({ email: 'سارة@مثال.امارات', plan: 'professional', service: 'seo' });
  });

  it('takes a plan an editor added (by its key), keeps its names, and refuses a key no visible plan has', async () => {
    const [category] = await database.db
      .insert(pricingCategories)
      .values({ key: 'retainers', sortOrder: 900 })
      .returning({ id: pricingCategories.id });
    const plan = { categoryId: category?.id ?? 0, description: '', price: 900, sortOrder: 10 };
    await database.db.insert(pricingPlans).values([
      { ...plan, language: 'en', key: 'monthly-care', name: 'Monthly care' },
      { ...plan, language: 'ar', key: 'monthly-care', name: 'رعاية شهرية' },
      { ...plan, language: 'en', key: 'secret-plan', name: 'Secret', hidden: true },
    ]);
    try {
      const message = 'The monthly care plan for our shop, please.';
      const res = await send({ ...VALID, plan: 'monthly-care', message });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.message, message));
      expect(row).toMatchObject({
        service: 'seo',
        plan: 'monthly-care',
        planName: { en: 'Monthly care', ar: 'رعاية شهرية' },
      });
      // The notification mail (in English) names it, with its key.
      expect(notificationFor(row as ContactMessageRow, { from: 'a@b.co', to: 'c@d.co' }).text).toContain(
        'Plan: Monthly care (monthly-care)',
      );
      // A seeded tier is named by the chosen service's plan.
      const tier = 'The starter tier of SEO, please.';
      expect((await send({ ...VALID, plan: 'starter', message: tier })).statusCode).toBe(200);
      const [seo] = await database.db
        .select({ planName: contactMessages.planName })
        .from(contactMessages)
        .where(eq(contactMessages.message, tier));
      expect(seo?.planName).toEqual({ en: 'Starter', ar: 'الأساسية' });
      for (const key of ['secret-plan', 'no-such-plan', 'Monthly Care', 'x'.repeat(41)]) {
        const refused = await send({ ...VALID, plan: key });
        expect(refused.statusCode, key).toBe(422);
        expect(refused.json<{ message: string }>().message, key).toBe(
          key.length > 40 ? 'invalid_payload' : 'plan_invalid',
        );
      }
    } finally {
      await database.db.delete(pricingPlans).where(eq(pricingPlans.categoryId, category?.id ?? 0));
      await database.db.delete(pricingCategories).where(eq(pricingCategories.id, category?.id ?? 0));
    }
  });

  it('refuses a region whose calling code is not the one sent', async () => {
    const res = await send({ ...VALID, countryCode: '+971', region: 'GB' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      message: 'country_code_invalid',
      errors: { countryCode: ['country_code_invalid'] },
    });
  });

  it('answers a body of the wrong shape in the same shape', async () => {
    const res = await send({ ...VALID, phone: { digits: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, message: 'invalid_payload' });
  });

  it('pretends to accept what fills the honeypot, and keeps the message as spam', async () => {
    const res = await send({
      ...VALID,
      message: 'I am a robot filling every field.',
      website: 'https://spam.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'contact_sent' });
    const rows = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.message, 'I am a robot filling every field.'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'spam', mailStatus: 'disabled', mailNextAttemptAt: null });
  });

  it("keeps a robot's message as spam even when the form's rules would refuse it", async () => {
    const res = await send({ website: 'https://spam.example', message: 'x', service: 'time-travel' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'contact_sent' });
    const rows = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.service, 'time-travel'));
    expect(rows).toMatchObject([{ status: 'spam', message: 'x', name: '' }]);
  });

  it("stores a person's message as new", async () => {
    await send({ ...VALID, message: 'A person wrote this one, truly.' });
    const [row] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.message, 'A person wrote this one, truly.'));
    expect(row?.status).toBe('new');
  });

  it('stores every field trimmed, the same for a person and for a robot', async () => {
    const pad = (value: string) => ` \n\u00a0${value}\t `;
    const padded = Object.fromEntries(
      Object.entries(VALID).map(([field, value]) => [field, field === 'website' ? value : pad(value)]),
    );
    // Within the schema's 8 characters.
    padded.countryCode = `\u00a0${VALID.countryCode}\t `;
    const fields = (message: string) => ({ ...padded, message: pad(message) });
    expect((await send(fields('Trimmed for a person, please.'))).statusCode).toBe(200);
    expect((await send({ ...fields('Trimmed for a robot, please.'), website: 'x' })).statusCode).toBe(200);
    const stored = async (message: string) => {
      const [row] = await database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.message, message));
      if (!row) throw new Error(`not stored: ${message}`);
      const { name, countryCode, phone, email, business, service } = row;
      return { name, countryCode, phone, email, business, service };
    };
    const { website: _, ...trimmed } = VALID;
    const { message: __, ...rest } = trimmed;
    const expected = { ...rest, phone: '+971501234567' };
    expect(await stored('Trimmed for a person, please.')).toEqual(expected);
    expect(await stored('Trimmed for a robot, please.')).toEqual(expected);
  });

  it('limits each address to 10 requests in 15 minutes (429), others unaffected', async () => {
    const browser = visitor(t.app);
    await browser.fetchCsrf();
    for (let i = 0; i < 10; i++) expect((await send(VALID, browser)).statusCode).toBe(200);
    const limited = await send(VALID, browser);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: 'too_many_requests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Junk or invalid requests count too: a robot cannot probe its way around the limit.
    expect((await send({}, browser)).statusCode).toBe(429);
    expect((await send(VALID)).statusCode).toBe(200);
  });
});

class FakeMailer implements Mailer {
  sent: MailMessage[] = [];
  failuresLeft = 0;
  async send(message: MailMessage): Promise<void> {
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    }
    this.sent.push(message);
  }
}

describeEachDatabase('contact e-mail outbox', (database) => {
  const mailer = new FakeMailer();
  const t = useTestApp(database, {
    env: () => ({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SITE_EMAIL: 'hello@agency.example',
      CONTACT_EMAIL: 'sales@agency.example',
    }),
    build: () => ({ mailer }),
  });

  beforeEach(async () => {
    mailer.sent = [];
    mailer.failuresLeft = 0;
    await database.db.delete(contactMessages);
  });

  async function submit(message: string) {
    const browser = visitor(t.app);
    await browser.fetchCsrf();
    const res = await browser.request({
      method: 'POST',
      url: '/api/contact',
      payload: { ...VALID, message },
    });
    expect(res.statusCode).toBe(200);
  }

  async function row() {
    const [found] = await database.db.select().from(contactMessages);
    if (!found) throw new Error('no message stored');
    return found;
  }

  it('mails a notification after storing the message, replying to the visitor', async () => {
    await submit('Please call me about a new website.');
    await t.app.outbox.run();
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      from: 'hello@agency.example',
      to: 'sales@agency.example',
      replyTo: 'layla@example.com',
      subject: 'Contact form: Layla Hassan',
    });
    expect(mailer.sent[0]?.text).toContain('Please call me about a new website.');
    expect(mailer.sent[0]?.text).toContain('Phone: +971501234567 (AE)\n');
    expect(await row()).toMatchObject({ mailStatus: 'sent', mailAttempts: 1, mailLastError: null });
  });

  it('keeps the message when the mail server fails, and retries later', async () => {
    mailer.failuresLeft = 1;
    await submit('The mail server is down today.');
    await t.app.outbox.run();
    const failed = await row();
    expect(failed).toMatchObject({ mailStatus: 'pending', mailAttempts: 1 });
    expect(failed.mailLastError).toContain('ECONNREFUSED');
    expect(failed.mailNextAttemptAt?.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: a round now sends nothing.
    await t.app.outbox.run();
    expect(mailer.sent).toHaveLength(0);
    // Time passes.
    await database.db.update(contactMessages).set({ mailNextAttemptAt: sql`now()` });
    await t.app.outbox.run();
    expect(mailer.sent).toHaveLength(1);
    expect(await row()).toMatchObject({ mailStatus: 'sent', mailAttempts: 2 });
  });

  it('marks the message failed after the last try, and never deletes it', async () => {
    mailer.failuresLeft = MAX_ATTEMPTS;
    await submit('Nobody will ever get this by mail.');
    // Storing the message already asked for a round; then each retry is made due at once.
    await t.app.outbox.run();
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      expect(await row()).toMatchObject({ mailStatus: 'pending', mailAttempts: i });
      await database.db.update(contactMessages).set({ mailNextAttemptAt: sql`now()` });
      await t.app.outbox.run();
    }
    expect(await row()).toMatchObject({
      mailStatus: 'failed',
      mailAttempts: MAX_ATTEMPTS,
      mailNextAttemptAt: null,
      message: 'Nobody will ever get this by mail.',
    });
    expect(mailer.sent).toHaveLength(0);
  });

  it('queues no e-mail for a message caught by the honeypot', async () => {
    const browser = visitor(t.app);
    await browser.fetchCsrf();
    const res = await browser.request({
      method: 'POST',
      url: '/api/contact',
      payload: { ...VALID, message: 'Robots get no e-mail sent.', website: 'x' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.outbox.run();
    expect(mailer.sent).toHaveLength(0);
    expect(await row()).toMatchObject({ status: 'spam', mailStatus: 'disabled', mailAttempts: 0 });
  });

  it('sends each message once even when rounds overlap', async () => {
    await submit('Only one e-mail for this one.');
    await Promise.all([t.app.outbox.run(), t.app.outbox.run(), t.app.outbox.run()]);
    await t.app.outbox.run();
    expect(mailer.sent).toHaveLength(1);
  });
});

describeEachDatabase('contact Idempotency-Key', (database) => {
  const mailer = new FakeMailer();
  const mailEnv = {
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SITE_EMAIL: 'hello@agency.example',
    CONTACT_EMAIL: 'sales@agency.example',
  };
  const t = useTestApp(database, { env: () => mailEnv, build: () => ({ mailer }) });

  beforeEach(() => {
    mailer.sent = [];
  });

  async function sendWithKey(key: string, message: string, browser: TestBrowser, app = t.app) {
    return app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: browser.remoteAddress,
      headers: {
        'x-api-key': TEST_API_KEY,
        cookie: browser.cookieHeader(),
        'x-csrf-token': browser.csrf,
        'idempotency-key': key,
      },
      payload: { ...VALID, message },
    });
  }

  async function stored(message: string) {
    return database.db.select().from(contactMessages).where(eq(contactMessages.message, message));
  }

  it('stores one message and sends one e-mail for a key sent 5 times at once, each answered as the first', async () => {
    const browser = visitor(t.app);
    await browser.fetchCsrf();
    const key = randomUUID();
    const message = 'Five tries of the same message, all at once.';
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendWithKey(key, message, browser)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ success: true, message: 'contact_sent' });
    }
    // All but the one that stored it say they are answering an earlier try.
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    const rows = await stored(message);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idempotencyKey).toBe(key);
    await t.app.outbox.run();
    await t.app.outbox.run();
    expect(mailer.sent.filter((mail) => mail.text.includes(message))).toHaveLength(1);
  });

  it('answers a key sent again later, in capitals too, as the first time, and ignores the new body', async () => {
    const browser = visitor(t.app);
    await browser.fetchCsrf();
    const key = randomUUID();
    expect((await sendWithKey(key, 'The first try of this message.', browser)).statusCode).toBe(200);
    const again = await sendWithKey(key.toUpperCase(), 'A different body under the same key.', browser);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: 'contact_sent' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await stored('The first try of this message.')).toHaveLength(1);
    expect(await stored('A different body under the same key.')).toHaveLength(0);
  });

  it('stores two messages with two keys, and messages sent without a key as before', async () => {
    const browser = visitor(t.app);
    await browser.fetchCsrf();
    const message = 'Same words, two different messages.';
    for (const key of [randomUUID(), randomUUID()])
      expect((await sendWithKey(key, message, browser)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await browser.request({
        method: 'POST',
        url: '/api/contact',
        payload: { ...VALID, message },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await stored(message)).toHaveLength(4);
  });

  it("keeps a robot's key too: its replay stores no second spam message", async () => {
    const browser = visitor(t.app);
    await browser.fetchCsrf();
    const key = randomUUID();
    const payload = { ...VALID, message: 'A robot retrying with its key.', website: 'x' };
    const headers = {
      'x-api-key': TEST_API_KEY,
      cookie: browser.cookieHeader(),
      'x-csrf-token': browser.csrf,
      'idempotency-key': key,
    };
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: browser.remoteAddress,
        headers,
        payload,
      });
      expect(res.json()).toEqual({ success: true, message: 'contact_sent' });
    }
    expect(await stored('A robot retrying with its key.')).toMatchObject([{ status: 'spam' }]);
  });

  it('answers the first result after a restart, without a second message or e-mail', async () => {
    const browser = visitor(t.app);
    await browser.fetchCsrf();
    const key = randomUUID();
    const message = 'Sent before the server restarted.';
    expect((await sendWithKey(key, message, browser)).statusCode).toBe(200);
    await t.app.outbox.run();
    // Another process on the same database: nothing of the first one's memory, only what the database keeps.
    const dir = await makeTempDir('restart');
    const restarted = await buildApp({
      config: testConfig({ DATA_DIR: path.join(dir, 'data'), WEB_ROOT: dir, ...mailEnv }),
      db: database.db,
      logger: false,
      outboxTimer: false,
      retentionTimer: false,
      mailer,
    });
    try {
      await restarted.ready();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => sendWithKey(key, message, browser, restarted)),
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['idempotent-replayed']).toBe('true');
      }
      await restarted.outbox.run();
    } finally {
      await restarted.close();
    }
    expect(await stored(message)).toHaveLength(1);
    expect(mailer.sent.filter((mail) => mail.text.includes(message))).toHaveLength(1);
  });

  it.each([
    { why: 'not a UUID', key: 'hello' },
    { why: 'a UUID with a letter that is no hex digit', key: 'g23e4567-e89b-12d3-a456-426614174000' },
    { why: 'too long', key: `${randomUUID()}-${'a'.repeat(300)}` },
    { why: 'two keys', key: `${randomUUID()}, ${randomUUID()}` },
    { why: 'empty', key: '' },
  ])('answers 400 idempotency_key_invalid for a key that is $why, and stores nothing', async ({ key }) => {
    const browser = visitor(t.app);
    await browser.fetchCsrf();
    const res = await sendWithKey(key, 'A message under a bad key.', browser);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'idempotency_key_invalid',
      errors: { 'Idempotency-Key': ['idempotency_key_invalid'] },
    });
    expect(await stored('A message under a bad key.')).toHaveLength(0);
  });
});
