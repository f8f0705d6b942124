import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, invitations } from '../../db/schema';
import { createEditor } from '../../lib/users';
import { useSmtpSink, useTestApp } from '../../test/app';
import { EDITOR, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { tokenOf } from '../../test/invitations';
import { readMail } from '../../test/smtp';

const PASSWORD = 'violet tram under 9 lanterns';
const ADMIN = { email: 'amal@example.com', name: 'Amal Admin', password: PASSWORD };

interface Invitation {
  id: number;
  email: string;
  role: string;
  invited_by: { id: number; name: string } | null;
  created_at: string;
  expires_at: string;
  status: string;
  url?: string;
}

let addresses = 0;
function nextAddress(): string {
  addresses += 1;
  return `10.71.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

async function browserFor(
  app: TestBrowser['app'],
  email?: string,
  password = PASSWORD,
): Promise<TestBrowser> {
  const browser = new TestBrowser(app, nextAddress());
  if (email) {
    const res = await browser.signIn(email, password);
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  } else await browser.fetchCsrf();
  return browser;
}

describeEachDatabase('invitations without SMTP', (database) => {
  const t = useTestApp(database);
  let admin: TestBrowser;

  beforeAll(async () => {
    await createEditor(database.db, EDITOR);
    await createEditor(database.db, { ...ADMIN, role: 'administrator' });
    await createEditor(database.db, {
      email: 'eli@example.com',
      name: 'Eli',
      password: PASSWORD,
      role: 'editor',
    });
    await createEditor(database.db, {
      email: 'ada@example.com',
      name: 'Ada',
      password: PASSWORD,
      role: 'author',
    });
    admin = await browserFor(t.app, ADMIN.email);
  });

  async function invite(email: string, role = 'author'): Promise<Invitation> {
    const res = await admin.request({ method: 'POST', url: '/api/invitations', payload: { email, role } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: Invitation }>().data;
  }

  async function accept(token: string, name = 'Nour New', password = PASSWORD) {
    const visitor = await browserFor(t.app);
    const res = await visitor.request({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, name, password },
    });
    return { visitor, res };
  }

  async function check(token: string) {
    const visitor = await browserFor(t.app);
    return visitor.request({ method: 'POST', url: '/api/invitations/check', payload: { token } });
  }

  async function auditOf(action: string) {
    return database.db.select().from(auditLog).where(eq(auditLog.action, action));
  }

  it('makes the account with the invited role and signs it in, once', async () => {
    const invitation = await invite('Nour@Example.com', 'editor');
    expect(invitation).toMatchObject({
      email: 'nour@example.com',
      role: 'editor',
      invited_by: { name: ADMIN.name },
      status: 'pending',
    });
    // Valid 72 hours; the link names the public origin and holds the token in its fragment only.
    expect(Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)).toBe(72 * 3600 * 1000);
    expect(invitation.url).toMatch(/^http:\/\/localhost:\d+\/login\/invitation#token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(invitation.url ?? '');

    const checked = await check(token);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({
      email: 'nour@example.com',
      role: 'editor',
      invited_by: { name: ADMIN.name },
      status: 'pending',
    });

    const { visitor, res } = await accept(token, '  Nour New ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: object }>().user).toMatchObject({
      email: 'nour@example.com',
      name: 'Nour New',
      role: 'editor',
    });
    const me = await visitor.request({ url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ user: { role: string } }>().user.role).toBe('editor');
    // The new CSRF token works for the new session's writes.
    visitor.csrf = res.json<{ csrf_token: string }>().csrf_token;
    const sessions = await visitor.request({ method: 'POST', url: '/api/auth/sessions/end-others' });
    expect(sessions.statusCode, sessions.body).toBe(200);
    // It signs in with the password chosen.
    expect(
      (await new TestBrowser(t.app, nextAddress()).signIn('nour@example.com', PASSWORD)).statusCode,
    ).toBe(200);

    // Single use.
    const again = await accept(token, 'Someone Else');
    expect(again.res.statusCode).toBe(410);
    expect(again.res.json()).toEqual({ message: 'invitation_used' });
    expect((await check(token)).json<{ status: string }>().status).toBe('used');
    const list = await admin.request({ url: '/api/invitations' });
    expect(list.json<{ data: Invitation[] }>().data.map((i) => i.email)).not.toContain('nour@example.com');

    const sent = await auditOf('invitation_sent');
    expect(sent.find((row) => row.targetLabel === 'nour@example.com')).toMatchObject({
      targetType: 'invitation',
      targetId: String(invitation.id),
      actorEmail: ADMIN.email,
    });
    const accepted = await auditOf('invitation_accepted');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({
      actorEmail: 'nour@example.com',
      targetType: 'invitation',
      targetLabel: 'nour@example.com',
      details: { role: 'editor' },
    });
  });

  it('keeps only the hash of the token: it is nowhere in the database', async () => {
    const invitation = await invite('hash@example.com');
    const token = tokenOf(invitation.url ?? '');
    await admin.request({ method: 'POST', url: `/api/invitations/${invitation.id}/resend`, payload: {} });
    const rows = await database.db.select().from(invitations);
    const trail = await database.db.select().from(auditLog);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(trail)).not.toContain(token);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('refuses an expired link clearly, lists it as expired, and a resend gives a new link for 72 hours', async () => {
    const invitation = await invite('late@example.com');
    const old = tokenOf(invitation.url ?? '');
    // The clock moves past the 72 hours.
    await database.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(invitations.id, invitation.id));
    expect((await check(old)).json<{ status: string }>().status).toBe('expired');
    const late = await accept(old, 'Late Comer');
    expect(late.res.statusCode).toBe(410);
    expect(late.res.json()).toEqual({ message: 'invitation_expired' });
    const listed = (await admin.request({ url: '/api/invitations' })).json<{ data: Invitation[] }>().data;
    expect(listed.find((i) => i.id === invitation.id)?.status).toBe('expired');

    const resent = await admin.request({
      method: 'POST',
      url: `/api/invitations/${invitation.id}/resend`,
      payload: {},
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = resent.json<{ data: Invitation }>().data;
    expect(fresh.status).toBe('pending');
    expect(Date.parse(fresh.expires_at) - Date.now()).toBeGreaterThan(71.9 * 3600 * 1000);
    const token = tokenOf(fresh.url ?? '');
    expect(token).not.toBe(old);
    const dead = await accept(old, 'Late Comer');
    expect(dead.res.statusCode).toBe(404);
    expect(dead.res.json()).toEqual({ message: 'invitation_invalid' });
    expect((await accept(token, 'Late Comer')).res.statusCode).toBe(200);
    expect(await auditOf('invitation_resent')).not.toHaveLength(0);
  });

  it('kills the old link when a pending invitation is sent again or replaced', async () => {
    const first = await invite('twice@example.com');
    const resent = await admin.request({ method: 'POST', url: `/api/invitations/${first.id}/resend` });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = resent.json<{ data: Invitation }>().data;
    expect((await check(tokenOf(first.url ?? ''))).statusCode).toBe(404);

    // Inviting the address again replaces the invitation: one listed, with the new role, the old link dead.
    const replaced = await invite('twice@example.com', 'editor');
    const listed = (await admin.request({ url: '/api/invitations' })).json<{ data: Invitation[] }>().data;
    expect(listed.filter((i) => i.email === 'twice@example.com').map((i) => i.role)).toEqual(['editor']);
    const dead = await accept(tokenOf(second.url ?? ''), 'Twice');
    expect(dead.res.json()).toEqual({ message: 'invitation_invalid' });
    const ok = await accept(tokenOf(replaced.url ?? ''), 'Twice');
    expect(ok.res.json<{ user: { role: string } }>().user.role).toBe('editor');
  });

  it('revokes: the link stops working and the invitation leaves the list', async () => {
    const invitation = await invite('revoked@example.com');
    const revoked = await admin.request({ method: 'DELETE', url: `/api/invitations/${invitation.id}` });
    expect(revoked.statusCode, revoked.body).toBe(204);
    const res = await accept(tokenOf(invitation.url ?? ''), 'Rev Oked');
    expect(res.res.statusCode).toBe(404);
    expect(res.res.json()).toEqual({ message: 'invitation_invalid' });
    const listed = (await admin.request({ url: '/api/invitations' })).json<{ data: Invitation[] }>().data;
    expect(listed.map((i) => i.id)).not.toContain(invitation.id);
    const twice = await admin.request({ method: 'DELETE', url: `/api/invitations/${invitation.id}` });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ message: 'invitation_not_found' });
    const trail = await auditOf('invitation_revoked');
    expect(trail.map((row) => row.targetLabel)).toContain('revoked@example.com');
  });

  it('refuses an address with an account, a bad address, an unknown token and a weak password', async () => {
    const taken = await admin.request({
      method: 'POST',
      url: '/api/invitations',
      payload: { email: EDITOR.email.toUpperCase(), role: 'editor' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'email_taken' });
    const bad = await admin.request({
      method: 'POST',
      url: '/api/invitations',
      payload: { email: 'not an address', role: 'editor' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: 'email_invalid', errors: { email: ['email_invalid'] } });

    for (const token of ['x'.repeat(43), 'short']) {
      const res = await accept(token);
      expect(res.res.statusCode).toBe(404);
      expect(res.res.json()).toEqual({ message: 'invitation_invalid' });
    }

    const invitation = await invite('careful@example.com');
    const token = tokenOf(invitation.url ?? '');
    const short = await accept(token, 'Careful', 'short');
    expect(short.res.json()).toMatchObject({ message: 'password_too_short' });
    const weak = await accept(token, 'Careful', 'password1234');
    expect(weak.res.statusCode).toBe(422);
    expect(weak.res.json<{ message: string; errors: { password: string[] } }>()).toMatchObject({
      message: 'password_weak',
    });
    const mine = await accept(token, 'Careful', 'careful@example.com');
    expect(mine.res.json<{ errors: { password: string[] } }>().errors.password).toEqual(['userInputs']);
    const noName = await accept(token, '  ');
    expect(noName.res.json()).toMatchObject({ message: 'name_invalid' });
    // Without the CSRF token nothing happens.
    const anonymous = new TestBrowser(t.app, nextAddress());
    const forged = await anonymous.request({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, name: 'Careful', password: PASSWORD },
    });
    expect(forged.statusCode).toBe(403);
    // Still unused after all that.
    expect((await check(token)).json<{ status: string }>().status).toBe('pending');
  });

  it('is for administrators: an editor and an author are refused', async () => {
    const invitation = await invite('forbidden@example.com');
    for (const email of ['eli@example.com', 'ada@example.com']) {
      const browser = await browserFor(t.app, email);
      const calls = [
        { method: 'GET' as const, url: '/api/invitations' },
        {
          method: 'POST' as const,
          url: '/api/invitations',
          payload: { email: 'x@example.com', role: 'author' },
        },
        { method: 'POST' as const, url: `/api/invitations/${invitation.id}/resend`, payload: {} },
        { method: 'DELETE' as const, url: `/api/invitations/${invitation.id}` },
      ];
      for (const call of calls) {
        const res = await browser.request(call);
        expect(res.statusCode, `${email} ${call.method} ${call.url}`).toBe(403);
      }
    }
    // The stopgap that made accounts with a password is gone.
    const gone = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: { email: 'x@example.com', name: 'X', password: PASSWORD, role: 'author' },
    });
    expect(gone.statusCode).toBe(404);
  });
});

describeEachDatabase('invitations mailed', (database) => {
  const sink = useSmtpSink();
  const t = useTestApp(database, {
    env: () => ({ SMTP_URL: sink.url, SITE_EMAIL: 'hello@agency.example', SITE_NAME: 'Sunrise Studio' }),
  });
  let admin: TestBrowser;
  beforeAll(async () => {
    await createEditor(database.db, EDITOR);
    await createEditor(database.db, { ...ADMIN, role: 'administrator' });
    admin = await browserFor(t.app, ADMIN.email);
  });

  async function mailTo(email: string, count = 1) {
    for (let waited = 0; waited < 10_000; waited += 20) {
      const mails = sink.received.filter((mail) => mail.to.includes(`<${email}>`));
      if (mails.length >= count) return readMail(mails[count - 1] ?? { data: '', to: [] });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no mail to ${email}`);
  }

  it('mails the link in the inviter’s language and does not answer it', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/invitations',
      payload: { email: 'layla@example.com', role: 'editor', language: 'ar' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: Invitation }>().data.url).toBeUndefined();
    const mail = await mailTo('layla@example.com');
    expect(mail.subject).toContain(ADMIN.name);
    expect(mail.subject).toMatch(/دعوة/);
    expect(mail.text).toContain(`دعاك ${ADMIN.name}`);
    expect(mail.text).toContain('بصفة محرر');
    const link = /^(http\S+#token=\S+)$/m.exec(mail.text)?.[1] ?? '';
    expect(link).toMatch(/\/login\/invitation#token=[A-Za-z0-9_-]{43}$/);

    // The link from the mail makes the account.
    const visitor = await browserFor(t.app);
    const accepted = await visitor.request({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token: tokenOf(link), name: 'Layla', password: PASSWORD },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<{ user: { role: string } }>().user.role).toBe('editor');
  });

  it('writes in the language of the inviter’s screen when it is not sent, and again on a resend', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/invitations',
      payload: { email: 'sam@example.com', role: 'author' },
      headers: { cookie: `${admin.cookieHeader()}; lng=en`, 'accept-language': 'ar' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const first = await mailTo('sam@example.com');
    expect(first.subject).toBe(`${ADMIN.name} invited you to Sunrise Studio`);
    expect(first.text).toContain('as an author');
    expect(first.text).toContain('72 hours');
    const { id } = res.json<{ data: Invitation }>().data;
    const resent = await admin.request({
      method: 'POST',
      url: `/api/invitations/${id}/resend`,
      payload: { language: 'ar' },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<{ data: Invitation }>().data.url).toBeUndefined();
    const second = await mailTo('sam@example.com', 2);
    expect(second.text).toContain('بصفة كاتب');
    const oldLink = /^(http\S+)$/m.exec(first.text)?.[1] ?? '';
    const newLink = /^(http\S+)$/m.exec(second.text)?.[1] ?? '';
    expect(newLink).not.toBe(oldLink);
    const visitor = await browserFor(t.app);
    const dead = await visitor.request({
      method: 'POST',
      url: '/api/invitations/check',
      payload: { token: tokenOf(oldLink) },
    });
    expect(dead.statusCode).toBe(404);
  });
});
