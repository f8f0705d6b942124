import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Paginated } from '@agency/core/types';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { migrationsDir } from '../../paths';
import { MAX_ATTEMPTS } from '../../plugins/outbox';
import { purgeContactMessages } from '../../plugins/retention';
import { useSmtpSink, useTestApp } from '../../test/app';
import { signedIn, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Mail {
  status: 'queued' | 'sent' | 'failed' | 'off';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
}
interface Message {
  id: number;
  name: string;
  country_code: string;
  phone: string;
  phone_region: string;
  email: string;
  business: string;
  service: string;
  plan: string;
  message: string;
  status: 'new' | 'handled' | 'spam';
  created_at: string;
  mail: Mail;
}
type List = { data: Paginated<Message>; new_count: number };

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

type Row = typeof contactMessages.$inferInsert;
let counter = 0;
function row(overrides: Partial<Row> = {}): Row {
  counter += 1;
  return {
    name: `Visitor ${counter}`,
    countryCode: '+971',
    phone: `+97150000${counter}`,
    phoneRegion: 'AE',
    email: `visitor${counter}@example.com`,
    business: '',
    service: 'seo',
    message: `Message number ${counter}, about a website.`,
    mailStatus: 'disabled',
    ...overrides,
  };
}

let address = 0;
function nextAddress(): string {
  address += 1;
  return `10.44.${Math.floor(address / 250)}.${address % 250}`;
}

describeEachDatabase('contact messages inbox', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.44.200.1');
  });
  beforeEach(async () => {
    await database.db.delete(contactMessages);
  });

  /** Inserts messages, received `daysAgo` days ago each (in order), and gives their ids. */
  async function insert(...rows: (Partial<Row> & { daysAgo?: number })[]): Promise<number[]> {
    const ids: number[] = [];
    for (const { daysAgo = 0, ...values } of rows) {
      const [inserted] = await database.db
        .insert(contactMessages)
        .values(row({ createdAt: new Date(Date.now() - daysAgo * DAY_MS), ...values }))
        .returning({ id: contactMessages.id });
      if (!inserted) throw new Error('not inserted');
      ids.push(inserted.id);
    }
    return ids;
  }

  async function list(query = ''): Promise<List> {
    const res = await editor.request({ url: `/api/contact-messages${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<List>();
  }
  const ids = (answer: List) => answer.data.data.map((m) => m.id);

  it('answers 401 to anyone without an editor session, on every route, bad queries included', async () => {
    const [id] = await insert({});
    const anonymous = new TestBrowser(t.app, nextAddress());
    await anonymous.fetchCsrf();
    const calls = [
      { method: 'GET', url: '/api/contact-messages' },
      { method: 'GET', url: '/api/contact-messages?status=bogus&page=0' },
      { method: 'GET', url: '/api/contact-messages/export.csv' },
      { method: 'GET', url: `/api/contact-messages/${id}` },
      { method: 'PATCH', url: `/api/contact-messages/${id}`, payload: { status: 'handled' } },
      { method: 'POST', url: `/api/contact-messages/${id}/retry-mail` },
      { method: 'DELETE', url: `/api/contact-messages/${id}` },
    ] as const;
    for (const call of calls) {
      const res = await anonymous.request({ ...call });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json()).toEqual({ message: 'unauthenticated' });
      expect(res.headers['cache-control'], `${call.method} ${call.url}`).toBe('private, no-store');
    }
    expect(await database.db.select().from(contactMessages)).toMatchObject([{ id, status: 'new' }]);
  });

  it('refuses writes without the CSRF token (403) and changes nothing', async () => {
    const [id] = await insert({ mailStatus: 'failed' });
    for (const call of [
      { method: 'PATCH', url: `/api/contact-messages/${id}`, payload: { status: 'spam' } },
      { method: 'POST', url: `/api/contact-messages/${id}/retry-mail` },
      { method: 'DELETE', url: `/api/contact-messages/${id}` },
    ] as const) {
      const res = await editor.request({ ...call, csrf: null });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json()).toEqual({ message: 'csrf_mismatch' });
    }
    expect(await database.db.select().from(contactMessages)).toMatchObject([
      { id, status: 'new', mailStatus: 'failed' },
    ]);
  });

  it('lists newest first, page by page, in the paginator shape, private and not stored', async () => {
    const inserted = await insert(
      { daysAgo: 5 },
      { daysAgo: 1 },
      { daysAgo: 3 },
      { daysAgo: 2 },
      { daysAgo: 4 },
    );
    const [d5, d1, d3, d2, d4] = inserted;
    const res = await editor.request({ url: '/api/contact-messages?per_page=2&page=2' });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const page2 = res.json<List>();
    expect(ids(page2)).toEqual([d3, d4]);
    expect(page2.data).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
    expect(page2.data.links.map((l) => l.url)).toContain('/api/contact-messages?per_page=2&page=3');
    expect(ids(await list('?per_page=2'))).toEqual([d1, d2]);
    expect(ids(await list('?per_page=2&page=3'))).toEqual([d5]);
    // The default page holds all five, newest first.
    const all = await list();
    expect(ids(all)).toEqual([d1, d2, d3, d4, d5]);
    expect(all.data.per_page).toBe(20);
  });

  it('filters by status and by service, keeping the filters in the page links, and counts new messages', async () => {
    const [a, b, c, d] = await insert(
      { status: 'new', service: 'seo', daysAgo: 4 },
      { status: 'handled', service: 'seo', daysAgo: 3 },
      { status: 'spam', service: 'web-development', daysAgo: 2 },
      { status: 'new', service: 'web-development', daysAgo: 1 },
    );
    expect(ids(await list('?status=new'))).toEqual([d, a]);
    expect(ids(await list('?status=handled'))).toEqual([b]);
    expect(ids(await list('?status=spam'))).toEqual([c]);
    expect(ids(await list('?service=web-development'))).toEqual([d, c]);
    const both = await list('?status=new&service=seo&per_page=1');
    expect(ids(both)).toEqual([a]);
    expect(both.data.links.at(1)?.url).toBe('/api/contact-messages?status=new&service=seo&per_page=1&page=1');
    // Every new message, whatever the filters.
    expect(both.new_count).toBe(2);
    expect((await list('?status=spam')).new_count).toBe(2);
    await insert({ status: 'new' });
    expect((await list('?status=handled')).new_count).toBe(3);
  });

  it('searches name, e-mail, phone, business and message in any case, Arabic as written', async () => {
    const [name, email, phone, business, arabic] = await insert(
      { name: 'Layla Hassan', daysAgo: 5 },
      { email: 'omar@stores.example', daysAgo: 4 },
      { phone: '+971559876543', daysAgo: 3 },
      { business: 'Desert Rose Bakery', daysAgo: 2 },
      { message: 'نريد موقعا جديدا لمتجرنا في دبي', name: 'سارة', daysAgo: 1 },
    );
    expect(ids(await list('?q=LAYLA'))).toEqual([name]);
    expect(ids(await list('?q=STORES.example'))).toEqual([email]);
    expect(ids(await list('?q=98765'))).toEqual([phone]);
    // The number as people write it: international, with 00, national (trunk 0), in Arabic-Indic digits.
    for (const written of [
      '+971 55 987 6543',
      '00971-55-987-6543',
      '055 987 6543',
      '(055) 987.6543',
      '٠٥٥٩٨٧٦٥٤٣',
    ])
      expect(ids(await list(`?q=${encodeURIComponent(written)}`)), written).toEqual([phone]);
    expect(ids(await list(`?q=${encodeURIComponent('055 987 6544')}`))).toEqual([]);
    expect(ids(await list('?q=rose%20bakery'))).toEqual([business]);
    expect(ids(await list(`?q=${encodeURIComponent('موقعا جديدا')}`))).toEqual([arabic]);
    expect(ids(await list(`?q=${encodeURIComponent('سارة')}`))).toEqual([arabic]);
    expect(ids(await list(`?q=${encodeURIComponent('  layla ')}`))).toEqual([name]);
    expect(ids(await list('?q=nobody-wrote-this'))).toEqual([]);
  });

  it('takes % and _ in a search literally', async () => {
    const [percent, , underscore] = await insert(
      { message: 'Can you give us 50% off the SEO audit?', daysAgo: 3 },
      { message: 'Can you give us 500 off the SEO audit?', daysAgo: 2 },
      { message: 'Our handle is shop_dubai on every network.', daysAgo: 1 },
      { message: 'Our handle is shopXdubai on every network.' },
    );
    expect(ids(await list(`?q=${encodeURIComponent('50%')}`))).toEqual([percent]);
    expect(ids(await list(`?q=${encodeURIComponent('shop_dubai')}`))).toEqual([underscore]);
    expect(ids(await list(`?q=${encodeURIComponent('%')}`))).toEqual([percent]);
  });

  it.each([
    { query: '?status=archived', field: 'status' },
    { query: '?status=', field: 'status' },
    { query: '?page=0', field: 'page' },
    { query: '?page=abc', field: 'page' },
    { query: '?page=1e309', field: 'page' },
    { query: '?page=99999999999999999999', field: 'page' },
    { query: '?per_page=1000', field: 'per_page' },
    { query: '?per_page=-1', field: 'per_page' },
    { query: '?q=a%00b', field: 'q' },
    { query: `?q=${'x'.repeat(201)}`, field: 'q' },
    { query: '?service=seo%00', field: 'service' },
    { query: `?service=${'s'.repeat(101)}`, field: 'service' },
  ])('answers 422 naming the field for $query', async ({ query, field }) => {
    for (const path of ['/api/contact-messages', '/api/contact-messages/export.csv']) {
      if (path.endsWith('.csv') && /page/.test(field)) continue;
      const res = await editor.request({ url: `${path}${query}` });
      expect(res.statusCode, `${path}${query}: ${res.body}`).toBe(422);
      const body = res.json<{ message: string; errors: Record<string, string[]> }>();
      expect(typeof body.message).toBe('string');
      expect(Object.keys(body.errors)).toEqual([field]);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('gives one message with its e-mail state', async () => {
    const [id] = await insert({
      name: 'Omar Saleh',
      business: 'Saleh & Sons',
      message: 'مرحبا، نحتاج إلى تحسين محركات البحث.',
      mailStatus: 'pending',
      mailAttempts: 2,
      mailLastError: 'connect ECONNREFUSED 127.0.0.1:25',
      mailNextAttemptAt: new Date('2030-01-01T10:00:00.000Z'),
      daysAgo: 1,
    });
    const res = await editor.request({ url: `/api/contact-messages/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const message = res.json<Message>();
    expect(message).toMatchObject({
      id,
      name: 'Omar Saleh',
      country_code: '+971',
      business: 'Saleh & Sons',
      service: 'seo',
      message: 'مرحبا، نحتاج إلى تحسين محركات البحث.',
      status: 'new',
      mail: {
        status: 'queued',
        attempts: 2,
        last_error: 'connect ECONNREFUSED 127.0.0.1:25',
        next_attempt_at: '2030-01-01T10:00:00.000Z',
        sent_at: null,
      },
    });
    expect(Date.now() - Date.parse(message.created_at)).toBeGreaterThan(DAY_MS - 60_000);
    const [off] = await insert({});
    expect((await editor.request({ url: `/api/contact-messages/${off}` })).json<Message>().mail).toEqual({
      status: 'off',
      attempts: 0,
      last_error: null,
      next_attempt_at: null,
      sent_at: null,
    });
  });

  it('answers 404 for ids no message has, on every route', async () => {
    const [id = 0] = await insert({ mailStatus: 'failed' });
    for (const bad of [String(id + 1000), '0', 'abc', '99999999999', '-1', '1.5', `${id}x`]) {
      for (const call of [
        { method: 'GET', url: `/api/contact-messages/${bad}` },
        { method: 'PATCH', url: `/api/contact-messages/${bad}`, payload: { status: 'handled' } },
        { method: 'POST', url: `/api/contact-messages/${bad}/retry-mail` },
        { method: 'DELETE', url: `/api/contact-messages/${bad}` },
      ] as const) {
        const res = await editor.request({ ...call });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
        expect(res.json(), `${call.method} ${call.url}`).toEqual({ message: 'contact_message_not_found' });
      }
    }
    expect(await database.db.select().from(contactMessages)).toMatchObject([{ id, status: 'new' }]);
  });

  it('changes the status of a message', async () => {
    const [id, other] = await insert({}, {});
    for (const status of ['handled', 'spam', 'new', 'handled'] as const) {
      const res = await editor.request({
        method: 'PATCH',
        url: `/api/contact-messages/${id}`,
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toMatchObject({ message: 'contact_message_updated', data: { id, status } });
      const [stored] = await database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, id ?? 0));
      expect(stored?.status).toBe(status);
    }
    const [untouched] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, other ?? 0));
    expect(untouched?.status).toBe('new');
    expect((await list('?status=handled')).data.data.map((m) => m.id)).toEqual([id]);
  });

  it.each([
    { payload: { status: 'archived' }, field: 'status' },
    { payload: { status: 'NEW' }, field: 'status' },
    { payload: { status: 1 }, field: 'status' },
    { payload: {}, field: 'status' },
    { payload: { status: 'handled ' }, field: 'status' },
    { payload: { status: 'new\u0000' }, field: 'status' },
  ])('answers 422 to the body $payload', async ({ payload, field }) => {
    const [id] = await insert({});
    const res = await editor.request({ method: 'PATCH', url: `/api/contact-messages/${id}`, payload });
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json<{ message: string; errors: Record<string, string[]> }>();
    expect(Object.keys(body.errors)).toEqual([field]);
    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, id ?? 0));
    expect(stored?.status).toBe('new');
  });

  it('erases a message with its e-mail outbox state', async () => {
    const [id, kept] = await insert(
      {
        mailStatus: 'pending',
        mailAttempts: 3,
        mailLastError: 'timeout',
        mailNextAttemptAt: new Date(Date.now() + DAY_MS),
      },
      {},
    );
    const res = await editor.request({ method: 'DELETE', url: `/api/contact-messages/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'contact_message_deleted' });
    const left = await database.db.select().from(contactMessages);
    expect(left.map((r) => r.id)).toEqual([kept]);
    // Nothing of it is left for the outbox to send.
    const due = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.mailStatus, 'pending'));
    expect(due).toEqual([]);
    expect((await editor.request({ url: `/api/contact-messages/${id}` })).statusCode).toBe(404);
    expect((await editor.request({ method: 'DELETE', url: `/api/contact-messages/${id}` })).statusCode).toBe(
      404,
    );
  });

  it('refuses to retry an e-mail when no SMTP server is configured (409 mail_off)', async () => {
    const [id] = await insert({ mailStatus: 'failed', mailAttempts: MAX_ATTEMPTS, mailLastError: 'gone' });
    const res = await editor.request({ method: 'POST', url: `/api/contact-messages/${id}/retry-mail` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'mail_off' });
    const [stored] = await database.db.select().from(contactMessages);
    expect(stored).toMatchObject({ mailStatus: 'failed', mailAttempts: MAX_ATTEMPTS });
  });

  it('purges messages past the retention days, keeping recent ones', async () => {
    const [old, older, recent, today] = await insert(
      { daysAgo: 366 },
      { daysAgo: 1000 },
      { daysAgo: 364 },
      { daysAgo: 0 },
    );
    expect(await purgeContactMessages(database.db, 365)).toBe(2);
    const left = (await database.db.select().from(contactMessages)).map((r) => r.id);
    expect(left.sort()).toEqual([recent, today].sort());
    expect(left).not.toContain(old);
    expect(left).not.toContain(older);
    expect(await purgeContactMessages(database.db, 365)).toBe(0);
    expect(await purgeContactMessages(database.db, 30)).toBe(1);
    expect((await database.db.select().from(contactMessages)).map((r) => r.id)).toEqual([today]);
  });

  async function exportCsv(query = ''): Promise<LightMyRequestResponse> {
    const res = await editor.request({ url: `/api/contact-messages/export.csv${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  it('exports the filtered inbox as CSV: BOM, CRLF, quoted, Arabic intact, formulas neutralised', async () => {
    const [formula, arabic] = await insert(
      {
        name: '@SUM(A1:A9)',
        business: 'Quote "Best" Ltd',
        message: '=HYPERLINK("http://x")',
        phone: '-501234567',
        plan: 'starter',
        planName: { en: 'Starter', ar: 'الأساسية' },
        daysAgo: 2,
      },
      {
        name: 'سارة',
        message: 'نريد موقعا جديدا\nمع متجر',
        status: 'handled',
        plan: 'gold',
        planName: { ar: 'الذهبية' },
        daysAgo: 1,
      },
    );
    await insert({ status: 'spam', message: 'spam spam', daysAgo: 3 });
    const res = await exportCsv('?status=new');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="contact-messages-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines[0]).toBe(
      '"id","received_at","status","name","country_code","phone","phone_region","email","business","service",' +
        '"service_name","plan","plan_name","message","mail_status"',
    );
    // The plan's name in the reader's language (English unless asked), else in the other.
    expect(lines[1]).toContain('"starter","Starter",');
    expect((await exportCsv('?status=new&language=ar')).rawPayload.toString('utf8')).toContain(
      '"starter","الأساسية",',
    );
    // Only the new message: the filter applies.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${formula}",`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain(`"'@SUM(A1:A9)"`);
    expect(lines[1]).toContain(`"'+971"`);
    expect(lines[1]).toContain(`"'-501234567"`);
    expect(lines[1]).toContain(`"Quote ""Best"" Ltd"`);
    expect(lines[1]).not.toMatch(/(^|,)"[=+\-@]/);

    const all = (await exportCsv()).rawPayload.subarray(3).toString('utf8');
    expect(all).toContain('"سارة"');
    expect(all).toContain('"نريد موقعا جديدا\nمع متجر"');
    expect(all).toContain(`"${arabic}",`);
    expect(all).toContain('"spam spam"');
    expect(all).toContain('"gold","الذهبية",');
    // Newest first.
    expect(all.indexOf('"سارة"')).toBeLessThan(all.indexOf('HYPERLINK'));

    const searched = (await exportCsv(`?q=${encodeURIComponent('موقعا')}`)).rawPayload
      .subarray(3)
      .toString('utf8');
    expect(searched.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(searched).toContain('"سارة"');
    const byService = (await exportCsv('?service=no-such-service')).rawPayload.subarray(3).toString('utf8');
    expect(byService.split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('answers 422 naming the field for an export in a language the site has not', async () => {
    const res = await editor.request({ url: '/api/contact-messages/export.csv?language=fr' });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['language']);
  });

  it("writes the service's and the plan's names the message was sent with, in the export's language", async () => {
    const names = { en: 'SEO Services', ar: 'خدمات تحسين محركات البحث' };
    const [kept, oneLanguage, older] = await insert(
      {
        serviceName: names,
        plan: 'professional',
        planName: { en: 'Professional', ar: 'الباقة الاحترافية' },
        daysAgo: 1,
      },
      { serviceName: { ar: 'خدمة محذوفة' }, service: 'gone', daysAgo: 2 },
      { serviceName: {}, service: 'older', daysAgo: 3 },
    );
    const cells = (csv: string, id: number | undefined) => {
      const line = csv.split('\r\n').find((l) => l.startsWith(`"${id}",`)) ?? '';
      const values = line.split('","');
      return [values[9], values[10], values[11], values[12]];
    };
    const csv = async (query: string, headers?: Record<string, string>) => {
      const res = await editor.request({ url: `/api/contact-messages/export.csv${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.rawPayload.subarray(3).toString('utf8');
    };
    const ar = await csv('?language=ar');
    expect(cells(ar, kept)).toEqual(['seo', names.ar, 'professional', 'الباقة الاحترافية']);
    expect(cells(ar, oneLanguage)).toEqual(['gone', 'خدمة محذوفة', '', '']);
    expect(cells(ar, older)).toEqual(['older', '', '', '']);
    const en = await csv('?language=en');
    expect(cells(en, kept)).toEqual(['seo', names.en, 'professional', 'Professional']);
    // A name kept in one language only is written in that one.
    expect(cells(en, oneLanguage)).toEqual(['gone', 'خدمة محذوفة', '', '']);
    // Without one, the editor's language: the site's cookie, else the browser's Accept-Language.
    expect(cells(await csv('', { 'accept-language': 'ar-AE,ar;q=0.9' }), kept)[1]).toBe(names.ar);
    expect(cells(await csv('', { 'accept-language': 'en-GB' }), kept)[1]).toBe(names.en);
  });

  it('shows a message as sent: the phone number in E.164 with its country, and the plan chosen', async () => {
    const visitor = new TestBrowser(t.app, nextAddress());
    await visitor.fetchCsrf();
    const sent = await visitor.request({
      method: 'POST',
      url: '/api/contact',
      payload: { ...VALID, region: 'AE', phone: '٠٥٠ ١٢٣ ٤٥٦٧', plan: 'professional' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [shown] = (await list()).data.data;
    expect(shown).toMatchObject({
      country_code: '+971',
      phone: '+971501234567',
      phone_region: 'AE',
      service: 'seo',
      plan: 'professional',
    });
    expect(
      (await editor.request({ url: `/api/contact-messages/${shown?.id}` })).json<Message>(),
    ).toMatchObject({
      phone: '+971501234567',
      phone_region: 'AE',
      plan: 'professional',
    });
    const [, line] = (await exportCsv()).rawPayload.subarray(3).toString('utf8').split('\r\n');
    // The + of E.164 is a formula character to a spreadsheet: the leading ' shows it as text.
    expect(line).toContain(`"'+971","'+971501234567","AE","layla@example.com","Hassan Trading","seo",`);
  });

  it('rewrites the phone numbers of messages stored before (migration 0009) as E.164 with their country', async () => {
    const old = [
      { countryCode: '+44', phone: '07911123456' },
      { countryCode: '+44', phone: '7911123456' },
      { countryCode: '+971', phone: '0501234567' },
      { countryCode: '+1', phone: '12025550123' },
      { countryCode: '+1', phone: '2025550123' },
      { countryCode: '+49', phone: '030123456' },
      // A robot's, caught by the honeypot: left as it was.
      { countryCode: '+7', phone: '123', status: 'spam' as const },
      { countryCode: '+44', phone: 'call me', status: 'spam' as const },
    ];
    const ids = await insert(...old.map((values) => ({ ...values, phoneRegion: '' })));
    const migration = await readFile(path.join(migrationsDir, '0009_contact_phone_region_plan.sql'), 'utf8');
    // Its data step (the columns it adds are there already).
    const update = migration.split('--> statement-breakpoint').at(-1) ?? '';
    await database.db.execute(sql.raw(update));
    const rows = await database.db
      .select({ id: contactMessages.id, phone: contactMessages.phone, region: contactMessages.phoneRegion })
      .from(contactMessages)
      .orderBy(contactMessages.id);
    expect(rows).toEqual(
      [
        { phone: '+447911123456', region: 'GB' },
        { phone: '+447911123456', region: 'GB' },
        { phone: '+971501234567', region: 'AE' },
        { phone: '+12025550123', region: 'US' },
        { phone: '+12025550123', region: 'US' },
        { phone: '+4930123456', region: 'DE' },
        { phone: '123', region: '' },
        { phone: 'call me', region: '' },
      ].map((expected, i) => ({ id: ids[i], ...expected })),
    );
    // Run again (a second process, a retried deploy): nothing changes.
    await database.db.execute(sql.raw(update));
    expect(
      await database.db
        .select({ id: contactMessages.id, phone: contactMessages.phone, region: contactMessages.phoneRegion })
        .from(contactMessages)
        .orderBy(contactMessages.id),
    ).toEqual(rows);
  });

  it('neutralises a formula in a cell starting with a tab or a carriage return', async () => {
    await insert({ name: '\t=1+1', message: '\r=cmd|calc', business: 'plain' });
    const text = (await exportCsv()).rawPayload.subarray(3).toString('utf8');
    expect(text).toContain(`"'\t=1+1"`);
    expect(text).toContain(`"'\r=cmd|calc"`);
    expect(text).toContain('"plain"');
  });

  it('shows a message caught by the honeypot as spam, with no e-mail', async () => {
    const robot = new TestBrowser(t.app, nextAddress());
    await robot.fetchCsrf();
    const sent = await robot.request({
      method: 'POST',
      url: '/api/contact',
      payload: { ...VALID, message: 'Buy cheap followers now!!!', website: 'https://spam.example' },
    });
    expect(sent.json()).toEqual({ success: true, message: 'contact_sent' });
    const spam = await list('?status=spam');
    expect(spam.data.data).toMatchObject([
      { message: 'Buy cheap followers now!!!', status: 'spam', mail: { status: 'off', attempts: 0 } },
    ]);
    expect(spam.new_count).toBe(0);
  });
});

describeEachDatabase('contact messages retention at start', (database) => {
  beforeAll(async () => {
    await database.db
      .insert(contactMessages)
      .values([row({ createdAt: new Date(Date.now() - 40 * DAY_MS) }), row({ message: 'Recent enough.' })]);
  });
  const t = useTestApp(database, {
    env: () => ({ CONTACT_RETENTION_DAYS: '30' }),
    build: () => ({ retentionTimer: true }),
  });

  it('purges once when the server starts', async () => {
    expect(t.app.server).toBeDefined();
    for (let i = 0; i < 100; i++) {
      const rows = await database.db.select().from(contactMessages);
      if (rows.length === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const rows = await database.db.select().from(contactMessages);
    expect(rows.map((r) => r.message)).toEqual(['Recent enough.']);
  });
});

describeEachDatabase('contact messages e-mail state and retry', (database) => {
  const sink = useSmtpSink();
  const t = useTestApp(database, {
    env: () => ({
      SMTP_URL: sink.url,
      SITE_EMAIL: 'hello@agency.example',
      CONTACT_EMAIL: 'sales@agency.example',
    }),
  });
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.44.201.1');
  });
  beforeEach(async () => {
    sink.received.length = 0;
    sink.refuse = null;
    await database.db.delete(contactMessages);
  });

  async function submit(message: string): Promise<number> {
    const visitor = new TestBrowser(t.app, nextAddress());
    await visitor.fetchCsrf();
    const res = await visitor.request({
      method: 'POST',
      url: '/api/contact',
      payload: { ...VALID, message },
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.message, message));
    if (!stored) throw new Error('not stored');
    return stored.id;
  }
  async function read(id: number): Promise<Message> {
    const res = await editor.request({ url: `/api/contact-messages/${id}` });
    expect(res.statusCode).toBe(200);
    return res.json<Message>();
  }

  it('shows a notification the mail server took as sent', async () => {
    const id = await submit('Please call me about a new website.');
    await t.app.outbox.run();
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.to).toEqual(['<sales@agency.example>']);
    expect(sink.received[0]?.data).toContain('Please call me about a new website.');
    const { mail } = await read(id);
    expect(mail).toMatchObject({ status: 'sent', attempts: 1, last_error: null, next_attempt_at: null });
    expect(Date.parse(mail.sent_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Only a failed notification is retried.
    const again = await editor.request({ method: 'POST', url: `/api/contact-messages/${id}/retry-mail` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'mail_not_failed' });
  });

  it('shows a refused notification as queued, then failed, and sends it again on retry', async () => {
    sink.refuse = '451 4.3.0 Mailbox temporarily unavailable';
    const id = await submit('The mail server refuses this one for now.');
    await t.app.outbox.run();
    const queued = await read(id);
    expect(queued.mail).toMatchObject({ status: 'queued', attempts: 1, sent_at: null });
    expect(queued.mail.last_error).toContain('Mailbox temporarily unavailable');
    expect(Date.parse(queued.mail.next_attempt_at ?? '')).toBeGreaterThan(Date.now());
    // A queued notification is not retried by hand.
    const early = await editor.request({ method: 'POST', url: `/api/contact-messages/${id}/retry-mail` });
    expect(early.statusCode).toBe(409);

    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      await database.db.update(contactMessages).set({ mailNextAttemptAt: sql`now()` });
      await t.app.outbox.run();
    }
    const failed = await read(id);
    expect(failed.mail).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null });
    expect(failed.mail.last_error).toContain('451');
    expect(sink.received).toHaveLength(0);

    sink.refuse = null;
    const res = await editor.request({ method: 'POST', url: `/api/contact-messages/${id}/retry-mail` });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({
      message: 'mail_retry_queued',
      data: { id, mail: { status: 'queued' } },
    });
    // The retry started a round already; this waits for it.
    await t.app.outbox.run();
    for (let i = 0; i < 50 && sink.received.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await t.app.outbox.run();
    }
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.data).toContain('The mail server refuses this one for now.');
    expect((await read(id)).mail).toMatchObject({ status: 'sent', last_error: null });
  });

  it('fails again after a retry the mail server still refuses', async () => {
    const [inserted] = await database.db
      .insert(contactMessages)
      .values(row({ mailStatus: 'failed', mailAttempts: MAX_ATTEMPTS, mailLastError: 'old error' }))
      .returning();
    const id = inserted?.id ?? 0;
    sink.refuse = '554 5.7.1 Rejected';
    const res = await editor.request({ method: 'POST', url: `/api/contact-messages/${id}/retry-mail` });
    expect(res.statusCode).toBe(202);
    await t.app.outbox.run();
    for (let i = 0; i < 50 && (await read(id)).mail.status === 'queued'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await t.app.outbox.run();
    }
    const { mail } = await read(id);
    expect(mail).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS + 1 });
    expect(mail.last_error).toContain('Rejected');
  });
});
