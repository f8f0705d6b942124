import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../db/schema';
import { newToken } from '../../lib/one-time-tokens';
import { createEditor } from '../../lib/users';
import { useTestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface SessionRow {
  id: string;
  browser: string | null;
  os: string | null;
  signed_in_at: string;
  last_seen_at: string;
  current: boolean;
}

let accounts = 0;

describeEachDatabase("an editor's password and sessions", (database) => {
  const t = useTestApp(database);

  /** A new editor account per test, so that changing its password or its sessions touches no other test. */
  async function newAccount(password = 'violet tram under 9 lanterns') {
    accounts += 1;
    const account = { email: `account${accounts}@example.com`, name: `Rana Account${accounts}`, password };
    await createEditor(database.db, account);
    return account;
  }

  /** A browser signed in to `account` from `address`, sending `userAgent`. */
  async function browserOf(
    account: { email: string; password: string },
    userAgent: string,
    address = `10.9.${accounts}.1`,
  ): Promise<TestBrowser> {
    const browser = new TestBrowser(t.app, address);
    await browser.fetchCsrf();
    const res = await browser.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
      headers: { 'user-agent': userAgent },
    });
    expect(res.statusCode, res.body).toBe(200);
    browser.csrf = res.json<{ csrf_token: string }>().csrf_token;
    return browser;
  }

  async function sessionsOf(browser: TestBrowser): Promise<SessionRow[]> {
    const res = await browser.request({ url: '/api/auth/sessions' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json<{ sessions: SessionRow[] }>().sessions;
  }

  async function signedInStill(browser: TestBrowser): Promise<boolean> {
    const res = await browser.request({ url: '/api/auth/me' });
    return res.statusCode === 200;
  }

  beforeAll(async () => {
    await t.app.ready();
  });

  describe('without a session', () => {
    it('answers 401 to every call, and 403 to a write without a CSRF token', async () => {
      const anonymous = new TestBrowser(t.app, '10.9.200.1');
      await anonymous.fetchCsrf();
      expect((await anonymous.request({ url: '/api/auth/sessions' })).statusCode).toBe(401);
      for (const [method, url] of [
        ['POST', '/api/auth/sessions/end-others'],
        ['DELETE', '/api/auth/sessions/00000000-0000-4000-8000-000000000000'],
        ['POST', '/api/auth/password'],
      ] as const) {
        const payload = method === 'POST' ? { current_password: 'x', new_password: 'y' } : undefined;
        const res = await anonymous.request({ method, url, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'unauthenticated' });
      }
      const account = await newAccount();
      const editor = await browserOf(account, MAC_SAFARI);
      const noToken = await editor.request({
        method: 'POST',
        url: '/api/auth/sessions/end-others',
        csrf: null,
      });
      expect(noToken.statusCode).toBe(403);
    });
  });

  describe('GET /api/auth/sessions', () => {
    it("lists the editor's own live sessions, this one first, with browser and system, never a token", async () => {
      const account = await newAccount();
      const phone = await browserOf(account, ANDROID_CHROME);
      const desktop = await browserOf(account, WINDOWS_FIREFOX);
      const other = await browserOf(await newAccount(), MAC_SAFARI);

      const seen = await sessionsOf(desktop);
      expect(seen.map(({ browser, os, current }) => ({ browser, os, current }))).toEqual([
        { browser: 'Firefox', os: 'Windows', current: true },
        { browser: 'Chrome', os: 'Android', current: false },
      ]);
      for (const row of seen) {
        expect(row.id).toMatch(UUID);
        expect(Date.parse(row.signed_in_at)).toBeLessThanOrEqual(Date.now());
        expect(Date.parse(row.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(row.signed_in_at) - 1000);
      }
      const cookies = [...phone.cookies.values(), ...desktop.cookies.values()];
      const body = JSON.stringify(seen);
      for (const cookie of cookies) expect(body).not.toContain(cookie);

      expect((await sessionsOf(phone))[0]).toMatchObject({ browser: 'Chrome', os: 'Android', current: true });
      expect(await sessionsOf(other)).toHaveLength(1);
    });

    it('leaves out sessions that were signed out', async () => {
      const account = await newAccount();
      const first = await browserOf(account, ANDROID_CHROME);
      const second = await browserOf(account, WINDOWS_FIREFOX);
      await second.request({ method: 'POST', url: '/api/auth/logout' });
      expect(await sessionsOf(first)).toHaveLength(1);
    });
  });

  describe('DELETE /api/auth/sessions/{id}', () => {
    it("signs out one other session of the editor's, and only that one", async () => {
      const account = await newAccount();
      const desktop = await browserOf(account, WINDOWS_FIREFOX);
      const phone = await browserOf(account, ANDROID_CHROME);
      const laptop = await browserOf(account, MAC_SAFARI);
      const phoneId = (await sessionsOf(phone))[0]?.id;

      const res = await desktop.request({ method: 'DELETE', url: `/api/auth/sessions/${phoneId}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ signed_out: 1 });
      expect(await signedInStill(phone)).toBe(false);
      expect(await signedInStill(laptop)).toBe(true);
      expect(await signedInStill(desktop)).toBe(true);
      expect((await sessionsOf(desktop)).map((row) => row.browser)).toEqual(['Firefox', 'Safari']);

      const again = await desktop.request({ method: 'DELETE', url: `/api/auth/sessions/${phoneId}` });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'session_not_found' });
    });

    it("refuses this session (sign-out does that), another editor's, and ids that name nothing", async () => {
      const account = await newAccount();
      const mine = await browserOf(account, WINDOWS_FIREFOX);
      const theirs = await browserOf(await newAccount(), ANDROID_CHROME);
      const ownId = (await sessionsOf(mine))[0]?.id;
      const theirId = (await sessionsOf(theirs))[0]?.id;

      const own = await mine.request({ method: 'DELETE', url: `/api/auth/sessions/${ownId}` });
      expect(own.statusCode).toBe(422);
      expect(own.json()).toEqual({ message: 'session_current' });
      const other = await mine.request({ method: 'DELETE', url: `/api/auth/sessions/${theirId}` });
      expect(other.statusCode).toBe(404);
      expect(await signedInStill(theirs)).toBe(true);
      for (const id of ['not-a-uuid', "1' OR '1'='1", '00000000-0000-4000-8000-000000000000']) {
        const res = await mine.request({
          method: 'DELETE',
          url: `/api/auth/sessions/${encodeURIComponent(id)}`,
        });
        expect(res.statusCode, id).toBe(404);
      }
      expect(await signedInStill(mine)).toBe(true);
    });
  });

  describe('POST /api/auth/sessions/end-others', () => {
    it('signs out every other session of the editor, and no other editor', async () => {
      const account = await newAccount();
      const here = await browserOf(account, WINDOWS_FIREFOX);
      const phone = await browserOf(account, ANDROID_CHROME);
      const laptop = await browserOf(account, MAC_SAFARI);
      const someoneElse = await browserOf(await newAccount(), MAC_SAFARI);

      const res = await here.request({ method: 'POST', url: '/api/auth/sessions/end-others' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ signed_out: 2 });
      expect(await signedInStill(phone)).toBe(false);
      expect(await signedInStill(laptop)).toBe(false);
      expect(await signedInStill(here)).toBe(true);
      expect(await signedInStill(someoneElse)).toBe(true);
      expect(await sessionsOf(here)).toHaveLength(1);

      const none = await here.request({ method: 'POST', url: '/api/auth/sessions/end-others' });
      expect(none.json()).toEqual({ signed_out: 0 });
    });
  });

  describe('POST /api/auth/password', () => {
    async function change(browser: TestBrowser, current_password: string, new_password: string) {
      return browser.request({
        method: 'POST',
        url: '/api/auth/password',
        payload: { current_password, new_password },
      });
    }

    it('changes the password: other sessions end, this one goes on under a new cookie and token', async () => {
      const account = await newAccount();
      const here = await browserOf(account, WINDOWS_FIREFOX);
      const phone = await browserOf(account, ANDROID_CHROME);
      const oldCookies = new Map(here.cookies);
      const oldToken = here.csrf;
      const next = 'amber kettle drifts past 4 moons';

      const res = await change(here, account.password, next);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ user: { email: string }; csrf_token: string; signed_out: number }>();
      expect(body.user.email).toBe(account.email);
      expect(body.signed_out).toBe(1);
      expect(body.csrf_token).not.toBe(oldToken);
      expect(res.headers['cache-control']).toBe('private, no-store');
      here.csrf = body.csrf_token;

      expect(await signedInStill(phone)).toBe(false);
      expect(await signedInStill(here)).toBe(true);
      const stolen = new TestBrowser(t.app);
      for (const [name, value] of oldCookies) stolen.cookies.set(name, value);
      expect(await signedInStill(stolen)).toBe(false);

      expect(
        (await new TestBrowser(t.app, '10.9.201.1').signIn(account.email, account.password)).statusCode,
      ).toBe(401);
      expect((await new TestBrowser(t.app, '10.9.201.2').signIn(account.email, next)).statusCode).toBe(200);
    });

    it('ends the reset links asked for before the change: a link from then cannot undo it', async () => {
      const account = await newAccount();
      const here = await browserOf(account, WINDOWS_FIREFOX);
      const [user] = await database.db.select().from(users).where(eq(users.email, account.email));
      const link = newToken();
      await database.db.insert(passwordResets).values({
        userId: user?.id ?? 0,
        tokenHash: link.hash,
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      });
      const res = await change(here, account.password, 'copper lantern hums 9 tides');
      expect(res.statusCode, res.body).toBe(200);
      const stranger = new TestBrowser(t.app, '10.9.202.1');
      await stranger.fetchCsrf();
      const confirm = await stranger.request({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token: link.token, password: 'willow engine sings 3 rooftops' },
      });
      expect(confirm.statusCode).toBe(400);
      expect(confirm.json()).toEqual({ message: 'reset_invalid' });
    });

    it('refuses, field by field: no current password, a wrong one, a short, unchanged or weak new one', async () => {
      const account = await newAccount();
      const here = await browserOf(account, WINDOWS_FIREFOX);
      const phone = await browserOf(account, ANDROID_CHROME);
      const cases: [string, string, string, string, string][] = [
        ['', 'amber kettle drifts past 4 moons', 'current_password_required', 'current_password', ''],
        [
          'wrong password here',
          'amber kettle drifts past 4 moons',
          'current_password_invalid',
          'current_password',
          '',
        ],
        [account.password, 'short1', 'password_too_short', 'new_password', ''],
        [account.password, account.password, 'password_unchanged', 'new_password', ''],
        [account.password, 'password1234', 'password_weak', 'new_password', ''],
        [account.password, '123456789012', 'password_weak', 'new_password', ''],
        [
          account.password,
          `${account.email.split('@')[0]}!!2026`,
          'password_weak',
          'new_password',
          'userInputs',
        ],
        [account.password, 'Agency Agency 2026', 'password_weak', 'new_password', ''],
        [account.password, 'Summer2026!!', 'password_weak', 'new_password', 'monthOrSeasonYear'],
        [account.password, 'correcthorsebatterystaple', 'password_weak', 'new_password', 'knownPhrase'],
      ];
      for (const [current, next, message, field, reason] of cases) {
        const res = await change(here, current, next);
        expect(res.statusCode, `${current} → ${next}: ${res.body}`).toBe(422);
        const body = res.json<{ message: string; errors: Record<string, string[]> }>();
        expect(body.message, next).toBe(message);
        expect(Object.keys(body.errors)).toEqual([field]);
        const detail = body.errors[field]?.[0];
        if (message === 'password_weak') {
          expect(detail).not.toBe('password_weak');
          if (reason) expect(detail, next).toBe(reason);
        } else expect(detail).toBe(message);
      }
      // Nothing changed: both sessions go on, and the password is the same.
      expect(await signedInStill(phone)).toBe(true);
      expect(await signedInStill(here)).toBe(true);
      expect(
        (await new TestBrowser(t.app, '10.9.202.1').signIn(account.email, account.password)).statusCode,
      ).toBe(200);
    });

    it('counts a wrong current password as a failed sign-in: the sixth guess gets 429, the right one too', async () => {
      const account = await newAccount();
      const here = await browserOf(account, WINDOWS_FIREFOX, '10.9.203.1');
      for (let i = 0; i < 5; i++) {
        expect((await change(here, `wrong guess ${i}`, 'amber kettle drifts past 4 moons')).statusCode).toBe(
          422,
        );
      }
      const blocked = await change(here, account.password, 'amber kettle drifts past 4 moons');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ message: 'too_many_attempts' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // The sign-in page from that address is held back as well.
      const signIn = await new TestBrowser(t.app, '10.9.203.1').signIn(account.email, account.password);
      expect(signIn.statusCode).toBe(429);
    });
  });
});
