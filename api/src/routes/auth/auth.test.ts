import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { auditLog, sessions } from '../../db/schema';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { EDITOR, ensureEditor, signedIn, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

describeEachDatabase('editor sign-in, sessions and CSRF', (database) => {
  const t = useTestApp(database);
  beforeAll(async () => {
    await ensureEditor(database.db);
  });

  describe('GET /api/csrf', () => {
    it('answers a token tied to an HttpOnly cookie, the same while the cookie lasts', async () => {
      const browser = new TestBrowser(t.app);
      const res = await browser.request({ url: '/api/csrf' });
      expect(res.statusCode).toBe(200);
      const { token } = res.json<{ token: string }>();
      expect(token).toMatch(TOKEN);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(String(res.headers['set-cookie'])).toMatch(
        /^csrf=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
      );
      const again = await browser.request({ url: '/api/csrf' });
      expect(again.json()).toEqual({ token });
      expect(again.headers['set-cookie']).toBeUndefined();
      expect(await new TestBrowser(t.app).fetchCsrf()).not.toBe(token);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in: the editor, a new token and an HttpOnly SameSite session cookie', async () => {
      const browser = new TestBrowser(t.app, '10.1.0.1');
      const before = await browser.fetchCsrf();
      const res = await browser.signIn();
      expect(res.statusCode).toBe(200);
      const body = res.json<{ user: { id: number; email: string; name: string }; csrf_token: string }>();
      expect(body.user).toEqual({
        id: expect.any(Number),
        email: EDITOR.email,
        name: EDITOR.name,
        role: 'owner',
      });
      expect(body.csrf_token).toMatch(TOKEN);
      expect(body.csrf_token).not.toBe(before);
      const session = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('session='));
      expect(session).toMatch(/^session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/);
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('answers an unknown e-mail and a wrong password alike', async () => {
      const wrong = await new TestBrowser(t.app, '10.1.0.2').signIn(EDITOR.email, 'not-the-password');
      const unknown = await new TestBrowser(t.app, '10.1.0.2').signIn('nobody@example.com', EDITOR.password);
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'invalid_credentials' });
        expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/session=/);
      }
      expect(Object.keys(wrong.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    });

    it('writes each sign-in, and each failure with the e-mail tried, to the audit trail without the password', async () => {
      const ip = '10.1.0.9';
      await new TestBrowser(t.app, ip).signIn('someone.else@example.com', 'Wrong horse 1234!');
      await new TestBrowser(t.app, ip).signIn();
      const rows = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.ip, ip))
        .orderBy(asc(auditLog.id));
      expect(rows.map((r) => [r.action, r.actorEmail, r.details])).toEqual([
        ['sign_in_failed', 'someone.else@example.com', { reason: 'unknown_email' }],
        ['sign_in', EDITOR.email, {}],
      ]);
      expect(rows[1]?.actorId).toEqual(expect.any(Number));
      expect(JSON.stringify(rows)).not.toContain('Wrong horse');
      expect(JSON.stringify(rows)).not.toContain(EDITOR.password);
    });

    it('ignores the case and spaces of the e-mail', async () => {
      const res = await new TestBrowser(t.app, '10.1.0.3').signIn(`  ${EDITOR.email.toUpperCase()} `);
      expect(res.statusCode).toBe(200);
    });

    it.each([
      { name: 'no token', csrf: null },
      { name: 'a wrong token', csrf: 'x'.repeat(43) },
      { name: 'an empty token', csrf: '' },
    ])('is refused with $name (403)', async ({ csrf }) => {
      const browser = new TestBrowser(t.app, '10.1.0.4');
      await browser.fetchCsrf();
      const res = await browser.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: EDITOR.email, password: EDITOR.password },
        csrf,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'csrf_mismatch' });
    });

    it("is refused with another browser's token (a token is bound to its cookie)", async () => {
      const mine = new TestBrowser(t.app, '10.1.0.5');
      await mine.fetchCsrf();
      const theirs = new TestBrowser(t.app, '10.1.0.5');
      theirs.csrf = await new TestBrowser(t.app).fetchCsrf();
      theirs.cookies.set('csrf', 'A'.repeat(43));
      const res = await theirs.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: EDITOR.email, password: EDITOR.password },
      });
      expect(res.statusCode).toBe(403);
    });

    it('answers 422 for a body that is not an e-mail and a password', async () => {
      const browser = new TestBrowser(t.app, '10.1.0.6');
      await browser.fetchCsrf();
      for (const payload of [
        {},
        { email: EDITOR.email },
        { email: 1, password: [] },
        { email: 'a', password: 'x'.repeat(1025) },
      ]) {
        const res = await browser.request({ method: 'POST', url: '/api/auth/login', payload });
        expect(res.statusCode).toBe(422);
      }
    });

    it('renews the session at every sign-in: the old cookie stops working', async () => {
      const browser = await signedIn(t.app, database.db, '10.1.0.7');
      const first = browser.cookies.get('session');
      await browser.signIn();
      const second = browser.cookies.get('session');
      expect(second).toMatch(TOKEN);
      expect(second).not.toBe(first);
      const stale = await t.app.inject({
        url: '/api/auth/me',
        headers: { 'x-api-key': TEST_API_KEY, cookie: `session=${first}` },
      });
      expect(stale.statusCode).toBe(401);
    });

    it('stores only a hash of the session id', async () => {
      const browser = await signedIn(t.app, database.db, '10.1.0.8');
      const token = browser.cookies.get('session') ?? '';
      const rows = await database.db.select().from(sessions);
      expect(rows.some((r) => r.id === token)).toBe(false);
      expect(rows.some((r) => r.id === createHash('sha256').update(token).digest('hex'))).toBe(true);
    });
  });

  describe('sessions', () => {
    it('GET /api/auth/me answers the editor with a session and 401 without', async () => {
      const browser = await signedIn(t.app, database.db, '10.2.0.1');
      const me = await browser.request({ url: '/api/auth/me' });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({
        user: { id: expect.any(Number), email: EDITOR.email, name: EDITOR.name, role: 'owner' },
        two_step: { enabled: false, setup_required: false },
      });
      const anonymous = await new TestBrowser(t.app).request({ url: '/api/auth/me' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'unauthenticated' });
    });

    it('ignores a made-up or malformed session cookie', async () => {
      for (const cookie of [`session=${'a'.repeat(43)}`, 'session=../../etc', 'session=']) {
        const res = await t.app.inject({
          url: '/api/auth/me',
          headers: { 'x-api-key': TEST_API_KEY, cookie },
        });
        expect(res.statusCode).toBe(401);
      }
    });

    it('is shared through the database: another API process accepts it', async () => {
      const browser = await signedIn(t.app, database.db, '10.2.0.2');
      const other = await buildApp({ config: t.config, db: database.db, logger: false, outboxTimer: false });
      try {
        const res = await other.inject({
          url: '/api/auth/me',
          headers: { 'x-api-key': TEST_API_KEY, cookie: browser.cookieHeader() },
        });
        expect(res.statusCode).toBe(200);
        // The CSRF key is shared too: a token from one process is good at the other.
        const write = await other.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: {
            'x-api-key': TEST_API_KEY,
            cookie: browser.cookieHeader(),
            'x-csrf-token': browser.csrf,
          },
        });
        expect(write.statusCode).toBe(200);
      } finally {
        await other.close();
      }
    });

    it('ends after two idle hours', async () => {
      const browser = await signedIn(t.app, database.db, '10.2.0.3');
      const id = createHash('sha256')
        .update(browser.cookies.get('session') ?? '')
        .digest('hex');
      await database.db.execute(
        sql`UPDATE sessions SET last_seen_at = now() - interval '121 minutes' WHERE id = ${id}`,
      );
      expect((await browser.request({ url: '/api/auth/me' })).statusCode).toBe(401);
    });

    it('ends at its absolute limit however active it is', async () => {
      const browser = await signedIn(t.app, database.db, '10.2.0.4');
      const id = createHash('sha256')
        .update(browser.cookies.get('session') ?? '')
        .digest('hex');
      await database.db.execute(
        sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ${id}`,
      );
      expect((await browser.request({ url: '/api/auth/me' })).statusCode).toBe(401);
    });

    it('logs out: the session ends, the cookie is cleared and a new token comes back', async () => {
      const browser = await signedIn(t.app, database.db, '10.2.0.5');
      const session = browser.cookies.get('session');
      const signedInToken = browser.csrf;
      const res = await browser.request({ method: 'POST', url: '/api/auth/logout' });
      expect(res.statusCode).toBe(200);
      const { csrf_token } = res.json<{ csrf_token: string }>();
      expect(csrf_token).toMatch(TOKEN);
      expect(csrf_token).not.toBe(signedInToken);
      expect(browser.cookies.has('session')).toBe(false);
      const replay = await t.app.inject({
        url: '/api/auth/me',
        headers: { 'x-api-key': TEST_API_KEY, cookie: `session=${session}` },
      });
      expect(replay.statusCode).toBe(401);
      // Signed out, the old token is no good, and logging out again needs a session.
      browser.csrf = csrf_token;
      expect((await browser.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    });
  });

  describe('sign-in rate limit', () => {
    async function attempt(browser: TestBrowser, email: string, password: string, extra: object = {}) {
      return browser.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password, ...extra },
      });
    }

    it('answers 429 with Retry-After after 5 failures for one account from one address, even to the right password', async () => {
      const browser = new TestBrowser(t.app, '10.3.0.1');
      await browser.fetchCsrf();
      for (let i = 0; i < 5; i++)
        expect((await attempt(browser, EDITOR.email, `wrong-${i}`)).statusCode).toBe(401);
      const limited = await attempt(browser, EDITOR.email, EDITOR.password);
      expect(limited.statusCode).toBe(429);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(limited.json()).toEqual({ message: 'too_many_attempts', retry_after: retryAfter });
    });

    it('is not reset by junk fields, another letter case or failures on other names', async () => {
      const browser = new TestBrowser(t.app, '10.3.0.2');
      await browser.fetchCsrf();
      for (let i = 0; i < 5; i++) await attempt(browser, EDITOR.email, `wrong-${i}`, { [`junk${i}`]: i });
      await attempt(browser, 'someone-else@example.com', 'whatever');
      for (const [email, extra] of [
        [EDITOR.email, { remember: true, email2: 'x@example.com' }],
        [EDITOR.email.toUpperCase(), {}],
        [` ${EDITOR.email}`, { password2: EDITOR.password }],
      ] as const) {
        expect((await attempt(browser, email, EDITOR.password, extra)).statusCode).toBe(429);
      }
    });

    it('counts per address: another address may still sign in', async () => {
      const blocked = new TestBrowser(t.app, '10.3.0.3');
      await blocked.fetchCsrf();
      for (let i = 0; i < 6; i++) await attempt(blocked, EDITOR.email, 'wrong');
      expect((await attempt(blocked, EDITOR.email, EDITOR.password)).statusCode).toBe(429);
      expect((await new TestBrowser(t.app, '10.3.0.4').signIn()).statusCode).toBe(200);
    });

    it('forgets the failures of an account after a successful sign-in', async () => {
      const browser = new TestBrowser(t.app, '10.3.0.5');
      await browser.fetchCsrf();
      for (let i = 0; i < 4; i++) await attempt(browser, EDITOR.email, 'wrong');
      expect((await browser.signIn()).statusCode).toBe(200);
      for (let i = 0; i < 5; i++)
        expect((await attempt(browser, EDITOR.email, 'wrong')).statusCode).toBe(401);
      expect((await attempt(browser, EDITOR.email, 'wrong')).statusCode).toBe(429);
    });

    it('stops one address that tries many accounts after 20 failures', async () => {
      const browser = new TestBrowser(t.app, '10.3.0.6');
      await browser.fetchCsrf();
      for (let i = 0; i < 20; i++) {
        expect((await attempt(browser, `user${i}@example.com`, 'guess')).statusCode).toBe(401);
      }
      expect((await attempt(browser, 'user99@example.com', 'guess')).statusCode).toBe(429);
      expect((await attempt(browser, EDITOR.email, EDITOR.password)).statusCode).toBe(429);
    });

    it('counts 40 wrong sign-ins sent at once from one address exactly: 20 are checked, 20 refused', async () => {
      const browser = new TestBrowser(t.app, '10.3.0.7');
      await browser.fetchCsrf();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => attempt(browser, `parallel${i}@example.com`, 'guess')),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(20);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    });

    it('counts one client however its address is written: IPv4-mapped, or any address of one IPv6 /64', async () => {
      const failures = async (addresses: string[], count: number) => {
        for (let i = 0; i < count; i++) {
          const browser = new TestBrowser(t.app, addresses[i % addresses.length]);
          await browser.fetchCsrf();
          expect((await attempt(browser, `rotate${i}@example.com`, 'guess')).statusCode).toBe(401);
        }
      };
      await failures(['10.3.0.9', '::ffff:10.3.0.9'], 20);
      const mapped = new TestBrowser(t.app, '::ffff:10.3.0.9');
      await mapped.fetchCsrf();
      expect((await attempt(mapped, 'rotate-over@example.com', 'guess')).statusCode).toBe(429);

      const network = Array.from({ length: 20 }, (_, i) => `2001:db8:77:1:${(i + 1).toString(16)}::${i + 2}`);
      await failures(network, 20);
      const sameNetwork = new TestBrowser(t.app, '2001:db8:77:1:ffff:1:2:3');
      await sameNetwork.fetchCsrf();
      expect((await attempt(sameNetwork, 'rotate-v6@example.com', 'guess')).statusCode).toBe(429);
      // The next /64 is another client.
      const otherNetwork = new TestBrowser(t.app, '2001:db8:77:2::1');
      await otherNetwork.fetchCsrf();
      expect((await attempt(otherNetwork, 'rotate-v6@example.com', 'guess')).statusCode).toBe(401);
    });

    it('does not count a successful sign-in against its address', async () => {
      const browser = new TestBrowser(t.app, '10.3.0.8');
      await browser.fetchCsrf();
      for (let i = 0; i < 19; i++) await attempt(browser, `typo${i}@example.com`, 'guess');
      // The 20th try is the right one: it signs in, and the address still has its 20th failure to spend.
      const signedInRes = await attempt(browser, EDITOR.email, EDITOR.password);
      expect(signedInRes.statusCode).toBe(200);
      // Signing in gives a new token.
      browser.csrf = signedInRes.json<{ csrf_token: string }>().csrf_token;
      expect((await attempt(browser, 'typo-last@example.com', 'guess')).statusCode).toBe(401);
      expect((await attempt(browser, 'typo-over@example.com', 'guess')).statusCode).toBe(429);
    });
  });

  describe('caching', () => {
    it.each(['/api/posts', '/api/services', '/api/posts/nope', '/api/auth/me'])(
      'an answer computed with an editor session is private, no-store and varies by Cookie: %s',
      async (url) => {
        const browser = await signedIn(t.app, database.db, '10.4.0.1');
        const res = await browser.request({ url });
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(String(res.headers.vary)).toMatch(/\bCookie\b/);
      },
    );

    it('a public read is no-cache', async () => {
      const res = await new TestBrowser(t.app).request({ url: '/api/posts' });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary)).toMatch(/\bCookie\b/);
    });

    it('the page of a signed-in editor is never stored, and holds the session-bound token', async () => {
      const dist = path.join(t.config.webRoot, 'root-config', 'dist');
      await mkdir(dist, { recursive: true });
      await writeFile(
        path.join(dist, 'index.html'),
        '<html><head><!--app-meta--></head><body></body></html>',
      );
      const browser = await signedIn(t.app, database.db, '10.4.0.2');
      const res = await browser.request({ url: '/posts' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toContain(`<meta name="csrf-token" content="${browser.csrf}">`);
      // A public page too: for an editor it is theirs, for everyone else the same page without a token.
      const own = await browser.request({ url: '/about' });
      expect(own.headers['cache-control']).toBe('private, no-store');
      expect(own.body).toContain(`<meta name="csrf-token" content="${browser.csrf}">`);
      const anonymous = await new TestBrowser(t.app).request({ url: '/about' });
      expect(anonymous.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=60\b/);
      expect(anonymous.body).toContain('<meta name="csrf-token" content="">');
    });
  });
});

describeEachDatabase('editor sessions over HTTPS', (database) => {
  // One proxy in front, on loopback, as the README says to set it.
  const t = useTestApp(database, { env: () => ({ TRUST_PROXY: '1' }) });
  beforeAll(async () => {
    await ensureEditor(database.db);
  });

  it('uses __Host- cookies marked Secure, and HSTS', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const csrf = await t.app.inject({ url: '/api/csrf', headers: { 'x-api-key': TEST_API_KEY, ...https } });
    expect(String(csrf.headers['set-cookie'])).toMatch(
      /^__Host-csrf=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(csrf.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(csrf.headers['content-security-policy'])).toMatch(/upgrade-insecure-requests$/);
    const cookie = String(csrf.headers['set-cookie']).split(';')[0] ?? '';
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        'x-api-key': TEST_API_KEY,
        ...https,
        cookie,
        'x-csrf-token': csrf.json<{ token: string }>().token,
      },
      payload: { email: EDITOR.email, password: EDITOR.password },
    });
    expect(login.statusCode).toBe(200);
    const session = [login.headers['set-cookie']].flat().find((c) => String(c).startsWith('__Host-session='));
    expect(session).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    // A plain-HTTP request does not read the HTTPS cookie.
    const plain = await t.app.inject({
      url: '/api/auth/me',
      headers: { 'x-api-key': TEST_API_KEY, cookie: String(session).split(';')[0] ?? '' },
    });
    expect(plain.statusCode).toBe(401);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('counts the address the proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    const csrf = await t.app.inject({ url: '/api/csrf', headers: { 'x-api-key': TEST_API_KEY } });
    const cookie = String(csrf.headers['set-cookie']).split(';')[0] ?? '';
    const token = csrf.json<{ token: string }>().token;
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        // The client makes up a new address each time; the proxy appends the one it saw (10.9.9.9).
        headers: {
          'x-api-key': TEST_API_KEY,
          cookie,
          'x-csrf-token': token,
          'x-forwarded-for': `198.51.100.${i}, 10.9.9.9`,
        },
        remoteAddress: '127.0.0.1',
        payload: { email: `made-up${i}@example.com`, password: 'guess' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});
