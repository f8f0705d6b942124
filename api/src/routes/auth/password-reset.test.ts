import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { auditLog, passwordResets, users } from '../../db/schema';
import { hashToken, isTokenShaped } from '../../lib/one-time-tokens';
import { createEditor } from '../../lib/users';
import { useSmtpSink, useTestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { type ReceivedMail, readMail } from '../../test/smtp';
import {
  passwordResetsSettled,
  RESET_CONFIRM_ADDRESS_LIMIT,
  RESET_EMAIL_LIMIT,
  RESET_REQUEST_ADDRESS_LIMIT,
} from './password-reset';

const ORIGIN = 'https://agency.example';
const SITE = 'Sunrise Studio';
const PASSWORD = 'Tangerine-orbit-quilt-77';
const NEW_PASSWORD = 'Lantern-harbour-violet-52';

/** The token of the reset link in a mail, and the link itself. */
function linkIn(mail: ReceivedMail): { link: string; token: string } {
  const link = readMail(mail).text.match(/https:\/\/\S+/)?.[0] ?? '';
  return { link, token: link.split('#token=')[1] ?? '' };
}

describeEachDatabase('forgotten password: reset links by e-mail', (database) => {
  const sink = useSmtpSink();
  const t = useTestApp(database, {
    env: () => ({
      SMTP_URL: sink.url,
      SITE_EMAIL: 'hello@agency.example',
      PUBLIC_ORIGIN: ORIGIN,
      SITE_NAME: SITE,
    }),
  });
  beforeEach(() => {
    sink.received.length = 0;
    sink.refuse = null;
  });

  let accounts = 0;
  /** A new account of its own for each test (the per-e-mail limit counts per address). */
  async function account(name = 'Rana Haddad') {
    accounts += 1;
    const email = `reset-${accounts}@example.com`;
    const row = await createEditor(database.db, { email, name, password: PASSWORD, role: 'editor' });
    if (!row) throw new Error('the account exists');
    return row;
  }

  let addresses = 0;
  /** A browser from an address of its own (the per-address limits count per address). */
  async function visitor(): Promise<TestBrowser> {
    addresses += 1;
    const browser = new TestBrowser(t.app, `10.77.${Math.floor(addresses / 200)}.${addresses % 200}`);
    await browser.fetchCsrf();
    return browser;
  }

  async function ask(browser: TestBrowser, email: string, language?: string) {
    return browser.request({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: language ? { email, language } : { email },
    });
  }

  async function confirm(browser: TestBrowser, token: string, password = NEW_PASSWORD) {
    return browser.request({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password },
    });
  }

  /** Asks for a link for `email` and answers the mail that brought it. */
  async function linkFor(email: string, language?: string) {
    const res = await ask(await visitor(), email, language);
    expect(res.statusCode).toBe(202);
    await passwordResetsSettled();
    const mails = sink.received.filter((mail) => mail.to.includes(`<${email}>`));
    expect(mails).toHaveLength(1);
    sink.received.length = 0;
    return linkIn(mails[0] as ReceivedMail);
  }

  it('answers 202 alike for a known and an unknown e-mail, before anything is looked up', async () => {
    const known = await account();
    const a = await ask(await visitor(), known.email);
    // The answer is out before the link is made: nothing sent yet.
    expect(sink.received).toHaveLength(0);
    const b = await ask(await visitor(), 'nobody-here@example.com');
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(a.body).toBe(b.body);
    expect(a.json()).toEqual({ message: 'reset_requested' });
    // The date and the request's own id differ for any two requests; nothing else may.
    const headers = (res: typeof a) => {
      const { date: _date, 'x-request-id': _id, ...rest } = res.headers;
      return rest;
    };
    expect(headers(a)).toEqual(headers(b));
    expect(a.headers['cache-control']).toBe('private, no-store');
    await passwordResetsSettled();
    expect(sink.received.map((mail) => mail.to)).toEqual([[`<${known.email}>`]]);
  });

  it('takes the same time for a known and an unknown e-mail: medians within 50 ms over 20 tries each', async () => {
    const known = await account();
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 20; i++) {
      // Alternating, and each one's later work settled before the next, so neither kind meets the other's.
      for (const kind of ['known', 'unknown'] as const) {
        const browser = await visitor();
        const started = performance.now();
        const res = await ask(browser, kind === 'known' ? known.email : `nobody-${i}@example.com`);
        times[kind].push(performance.now() - started);
        expect(res.statusCode).toBe(202);
        await passwordResetsSettled();
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(50);
    sink.received.length = 0;
  });

  it('needs the CSRF token, like sign-in', async () => {
    const browser = await visitor();
    const res = await browser.request({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'x@example.com' },
      csrf: null,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'csrf_mismatch' });
  });

  it('mails a link to the reset page in the language asked, with the site name and the one-hour limit', async () => {
    const user = await account('Layla Hassan');
    const res = await ask(await visitor(), user.email.toUpperCase(), 'ar');
    expect(res.statusCode).toBe(202);
    await passwordResetsSettled();
    expect(sink.received).toHaveLength(1);
    const mail = readMail(sink.received[0] as ReceivedMail);
    expect(mail.subject).toBe(`إعادة تعيين كلمة المرور في ${SITE}`);
    expect(mail.text).toContain('مرحبًا Layla Hassan،');
    expect(mail.text).toContain('خلال ساعة واحدة');
    const { link, token } = linkIn(sink.received[0] as ReceivedMail);
    expect(link).toBe(`${ORIGIN}/login/reset?lng=ar#token=${token}`);
    expect(isTokenShaped(token)).toBe(true);

    sink.received.length = 0;
    const english = await linkFor(user.email);
    expect(english.link).toBe(`${ORIGIN}/login/reset?lng=en#token=${english.token}`);
  });

  it('keeps only the hash of the token', async () => {
    const user = await account();
    const { token } = await linkFor(user.email);
    const rows = await database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    const everything = await database.db.execute(sql`SELECT * FROM password_resets`);
    expect(JSON.stringify(everything)).not.toContain(token);
    const audit = await database.db.select().from(auditLog);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('sets the new password, signs out every session, signs nobody in, and works once', async () => {
    const user = await account();
    const sessions = await Promise.all(
      [1, 2].map(async () => {
        const browser = await visitor();
        expect((await browser.signIn(user.email, PASSWORD)).statusCode).toBe(200);
        return browser;
      }),
    );
    const { token } = await linkFor(user.email);
    const browser = await visitor();
    const res = await confirm(browser, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signed_out: 2 });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(browser.cookies.has('session')).toBe(false);
    for (const session of sessions) {
      expect((await session.request({ url: '/api/auth/me' })).statusCode).toBe(401);
    }
    expect((await (await visitor()).signIn(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await (await visitor()).signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await confirm(await visitor(), token, 'Another-quiet-meadow-31');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'reset_invalid' });
    expect((await (await visitor()).signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link after its hour', async () => {
    const user = await account();
    const { token } = await linkFor(user.email);
    await database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, user.id));
    const res = await confirm(await visitor(), token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'reset_invalid' });
    expect((await (await visitor()).signIn(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an unknown or malformed token the same way', async () => {
    for (const token of ['x'.repeat(43), 'not a token', '']) {
      const res = await confirm(await visitor(), token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'reset_invalid' });
    }
  });

  it('ends the older link when a new one is asked for', async () => {
    const user = await account();
    const first = await linkFor(user.email);
    const second = await linkFor(user.email);
    expect((await confirm(await visitor(), first.token)).json()).toEqual({ message: 'reset_invalid' });
    expect((await confirm(await visitor(), second.token)).statusCode).toBe(200);
  });

  it('refuses a weak password with its reason, like the account page, and keeps the link usable', async () => {
    const user = await account();
    const { token } = await linkFor(user.email);
    const weak = await confirm(await visitor(), token, 'password1234');
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toMatchObject({
      message: 'password_weak',
      errors: { password: [expect.any(String)] },
    });
    const short = await confirm(await visitor(), token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ message: 'password_too_short' });
    const mine = await confirm(await visitor(), token, `${user.email}!!`);
    expect(mine.json()).toEqual({ message: 'password_weak', errors: { password: ['userInputs'] } });
    expect((await confirm(await visitor(), token)).statusCode).toBe(200);
  });

  it(`sends at most ${RESET_EMAIL_LIMIT.max} links an hour to one e-mail, and still answers 202`, async () => {
    const user = await account();
    for (let i = 0; i < RESET_EMAIL_LIMIT.max; i++) await linkFor(user.email);
    const res = await ask(await visitor(), user.email);
    expect(res.statusCode).toBe(202);
    await passwordResetsSettled();
    expect(sink.received).toHaveLength(0);
    const [last] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, user.id))
      .orderBy(asc(auditLog.id))
      .then((rows) => rows.slice(-1));
    expect(last?.details).toEqual({ sent: false, reason: 'too_many_requests' });
  });

  it(`answers 429 after ${RESET_REQUEST_ADDRESS_LIMIT.max} requests from one address, known e-mail or not`, async () => {
    const browser = await visitor();
    for (let i = 0; i < RESET_REQUEST_ADDRESS_LIMIT.max; i++) {
      expect((await ask(browser, `someone-${i}@example.com`)).statusCode).toBe(202);
    }
    const res = await ask(browser, 'someone-else@example.com');
    expect(res.statusCode).toBe(429);
    const body = res.json<{ message: string; retry_after: number }>();
    expect(body.message).toBe('too_many_attempts');
    expect(body.retry_after).toBeGreaterThan(0);
    expect(res.headers['retry-after']).toBe(String(body.retry_after));
    // Another address is not held back.
    expect((await ask(await visitor(), 'someone-else@example.com')).statusCode).toBe(202);
    await passwordResetsSettled();
  });

  it(`limits setting a password from one address to ${RESET_CONFIRM_ADDRESS_LIMIT.max} tries`, async () => {
    const browser = await visitor();
    for (let i = 0; i < RESET_CONFIRM_ADDRESS_LIMIT.max; i++) {
      expect((await confirm(browser, 'y'.repeat(43))).statusCode).toBe(400);
    }
    const res = await confirm(browser, 'y'.repeat(43));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ message: 'too_many_attempts' });
  });

  it('sends no link to a deactivated account, and a link sent before it was deactivated stops working', async () => {
    const user = await account();
    const { token } = await linkFor(user.email);
    await database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect((await ask(await visitor(), user.email)).statusCode).toBe(202);
    await passwordResetsSettled();
    expect(sink.received).toHaveLength(0);
    expect((await confirm(await visitor(), token)).json()).toEqual({ message: 'reset_invalid' });
  });

  it('writes the request and the reset to the audit trail, from the address, never the token', async () => {
    const user = await account();
    const { token } = await linkFor(user.email);
    const browser = await visitor();
    expect((await confirm(browser, token)).statusCode).toBe(200);
    await ask(await visitor(), 'unknown-person@example.com');
    await passwordResetsSettled();
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.action, ['password_reset_requested', 'password_reset']),
          eq(auditLog.targetId, String(user.id)),
        ),
      )
      .orderBy(asc(auditLog.id));
    expect(
      rows.map((row) => [row.action, row.actorId, row.actorEmail, row.targetLabel, row.details]),
    ).toEqual([
      ['password_reset_requested', user.id, user.email, user.email, { sent: true, language: 'en' }],
      ['password_reset', user.id, user.email, user.email, { signed_out: 0 }],
    ]);
    expect(rows[1]?.ip).toBe(browser.remoteAddress);
    expect(rows[0]?.ip).toMatch(/^10\.77\./);
    expect(JSON.stringify(rows)).not.toContain(token);
    const unknown = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, 'unknown-person@example.com'));
    expect(unknown).toEqual([]);
  });
});
