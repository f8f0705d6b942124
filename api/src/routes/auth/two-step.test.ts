import type { Role } from '@agency/core/roles';
import { eq, inArray } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createEditor } from '../../lib/users';
import { useTestApp } from '../../test/app';
import { EDITOR, ensureEditor, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';

const PASSWORD = 'violet tram under 9 lanterns';

interface Setup {
  secret: string;
  otpauth_uri: string;
  qr_code: string;
}

/** The code of the time step `steps` away from now (-1, 0, 1 are accepted). */
function code(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** Waits out the last seconds of a 30-second step, so that "now" stays one step through a test. */
async function awayFromStepEdge(): Promise<void> {
  const into = (Date.now() / 1000) % 30;
  if (into > 25) await new Promise((resolve) => setTimeout(resolve, (30.5 - into) * 1000));
}

describeEachDatabase('two-step sign-in', (database) => {
  const t = useTestApp(database);
  let accounts = 0;
  let addresses = 0;
  /** Every secret and code the server answered, to look for in the audit trail. */
  const secrets: string[] = [];

  beforeAll(async () => {
    await ensureEditor(database.db);
  });

  const browser = () =>
    new TestBrowser(t.app, `10.7.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`);

  async function newAccount(role: Exclude<Role, 'owner'> = 'editor') {
    accounts += 1;
    const email = `two-step-${accounts}@example.com`;
    await createEditor(database.db, { email, name: `Two Step ${accounts}`, password: PASSWORD, role });
    const b = browser();
    const res = await b.signIn(email, PASSWORD);
    expect(res.statusCode).toBe(200);
    return { email, browser: b };
  }

  /** Turns two-step on for the browser's account, with the code of the step before now. */
  async function turnOn(b: TestBrowser) {
    await awayFromStepEdge();
    const setup = await b.request({ method: 'POST', url: '/api/auth/two-step/setup' });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<Setup>();
    const confirm = await b.request({
      method: 'POST',
      url: '/api/auth/two-step/confirm',
      payload: { code: await code(secret, -1) },
    });
    expect(confirm.statusCode).toBe(200);
    const { recovery_codes } = confirm.json<{ recovery_codes: string[] }>();
    secrets.push(secret, ...recovery_codes);
    return { secret, recoveryCodes: recovery_codes };
  }

  async function secondStep(b: TestBrowser, payload: object) {
    const res = await b.request({ method: 'POST', url: '/api/auth/login/two-step', payload });
    if (res.statusCode === 200) b.csrf = res.json<{ csrf_token: string }>().csrf_token;
    return res;
  }

  async function signOut(b: TestBrowser) {
    const res = await b.request({ method: 'POST', url: '/api/auth/logout' });
    b.csrf = res.json<{ csrf_token: string }>().csrf_token;
  }

  it('sets up with a QR code and a code from the app, and answers ten recovery codes once', async () => {
    const { email, browser: b } = await newAccount();
    const setup = await b.request({ method: 'POST', url: '/api/auth/two-step/setup' });
    const body = setup.json<Setup>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_uri).toContain(`secret=${body.secret}`);
    expect(body.otpauth_uri).toContain(encodeURIComponent(email));
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qr_code.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    secrets.push(body.secret);

    const wrong = await b.request({
      method: 'POST',
      url: '/api/auth/two-step/confirm',
      payload: { code: '000000' === (await code(body.secret)) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: 'invalid_code' });
    let status = await b.request({ url: '/api/auth/two-step' });
    expect(status.json()).toMatchObject({ enabled: false, recovery_codes_left: 0 });

    const confirm = await b.request({
      method: 'POST',
      url: '/api/auth/two-step/confirm',
      payload: { code: await code(body.secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json<{ recovery_codes: string[] }>().recovery_codes;
    secrets.push(...codes);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    status = await b.request({ url: '/api/auth/two-step' });
    expect(status.json()).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    const me = await b.request({ url: '/api/auth/me' });
    expect(me.json()).toMatchObject({ two_step: { enabled: true, setup_required: false } });
    // A second setup is refused while it is on.
    const again = await b.request({ method: 'POST', url: '/api/auth/two-step/setup' });
    expect(again.statusCode).toBe(409);
  });

  it('asks for the code after the password, and opens the session only with it', async () => {
    const { email, browser: b } = await newAccount();
    const { secret } = await turnOn(b);
    await signOut(b);

    const first = await b.signIn(email, PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ two_step_required: true });
    expect(String(first.headers['set-cookie'])).not.toMatch(/(^|, )session=/);
    expect((await b.request({ url: '/api/auth/me' })).statusCode).toBe(401);

    const done = await secondStep(b, { code: await code(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ user: { email }, recovery_codes_left: 10 });
    const me = await b.request({ url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    // The pending sign-in is spent: the second step cannot be repeated.
    const repeat = await secondStep(b, { code: await code(secret, 1) });
    expect(repeat.json()).toEqual({ message: 'two_step_expired' });
  });

  it('refuses a wrong code (401) and, past five for one pending sign-in, answers 429', async () => {
    const { email, browser: b } = await newAccount();
    const { secret } = await turnOn(b);
    await signOut(b);
    await b.signIn(email, PASSWORD);
    const right = await code(secret);
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const res = await secondStep(b, { code: wrongCode });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid_code' });
    }
    const blocked = await secondStep(b, { code: right });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message: 'too_many_attempts', retry_after: expect.any(Number) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const rows = await database.db.select().from(auditLog).where(eq(auditLog.actorEmail, email));
    expect(rows.filter((r) => r.action === 'two_step_failed')).toHaveLength(5);
    expect(rows.filter((r) => r.action === 'sign_in')).toHaveLength(1); // only the first, before two-step
  });

  it('refuses a code already used (replay)', async () => {
    const { email, browser: b } = await newAccount();
    const { secret } = await turnOn(b);
    await signOut(b);
    const current = await code(secret);
    await b.signIn(email, PASSWORD);
    expect((await secondStep(b, { code: current })).statusCode).toBe(200);
    await signOut(b);
    await b.signIn(email, PASSWORD);
    const replay = await secondStep(b, { code: current });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'invalid_code' });
    // An earlier step than the one used is refused too; the next one still works.
    expect((await secondStep(b, { code: await code(secret, -1) })).statusCode).toBe(401);
    expect((await secondStep(b, { code: await code(secret, 1) })).statusCode).toBe(200);
  });

  it('takes a recovery code once, whatever its case and dashes', async () => {
    const { email, browser: b } = await newAccount();
    const { recoveryCodes } = await turnOn(b);
    await signOut(b);
    const [one = ''] = recoveryCodes;
    await b.signIn(email, PASSWORD);
    const used = await secondStep(b, { recovery_code: ` ${one.toUpperCase().replaceAll('-', ' ')} ` });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ recovery_codes_left: 9 });
    await signOut(b);
    await b.signIn(email, PASSWORD);
    const again = await secondStep(b, { recovery_code: one });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'invalid_code' });
  });

  it('regenerates the recovery codes and turns off only with the password', async () => {
    const { email, browser: b } = await newAccount();
    const { recoveryCodes } = await turnOn(b);
    const badRegen = await b.request({
      method: 'POST',
      url: '/api/auth/two-step/recovery-codes',
      payload: { password: 'not the password at all' },
    });
    expect(badRegen.statusCode).toBe(422);
    const regen = await b.request({
      method: 'POST',
      url: '/api/auth/two-step/recovery-codes',
      payload: { password: PASSWORD },
    });
    expect(regen.statusCode).toBe(200);
    const fresh = regen.json<{ recovery_codes: string[] }>().recovery_codes;
    secrets.push(...fresh);
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);

    const wrong = await b.request({
      method: 'POST',
      url: '/api/auth/two-step/disable',
      payload: { password: 'not the password at all' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: 'password_invalid' });
    expect((await b.request({ url: '/api/auth/two-step' })).json()).toMatchObject({ enabled: true });

    const off = await b.request({
      method: 'POST',
      url: '/api/auth/two-step/disable',
      payload: { password: PASSWORD },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    await signOut(b);
    const plain = await b.signIn(email, PASSWORD);
    expect(plain.json()).toMatchObject({ user: { email } });
  });

  it('lets only the owner require two-step sign-in of administrators, who must then set it up first', async () => {
    const admin = await newAccount('administrator');
    const editor = await newAccount('editor');
    const owner = browser();
    await owner.signIn(EDITOR.email, EDITOR.password);

    const byAdmin = await admin.browser.request({
      method: 'PUT',
      url: '/api/users/two-step-policy',
      payload: { require_two_step_for_administrators: true },
    });
    expect(byAdmin.statusCode).toBe(403);
    const early = await owner.request({
      method: 'PUT',
      url: '/api/users/two-step-policy',
      payload: { require_two_step_for_administrators: true },
    });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ message: 'two_step_needed_first' });

    const { secret: ownerSecret } = await turnOn(owner);
    const on = await owner.request({
      method: 'PUT',
      url: '/api/users/two-step-policy',
      payload: { require_two_step_for_administrators: true },
    });
    expect(on.statusCode).toBe(200);
    expect((await admin.browser.request({ url: '/api/users/two-step-policy' })).statusCode).toBe(403);

    try {
      // The administrator's session now serves only the setup.
      const list = await admin.browser.request({ url: '/api/users' });
      expect(list.statusCode).toBe(403);
      expect(list.json()).toEqual({ message: 'two_step_setup_required' });
      const me = await admin.browser.request({ url: '/api/auth/me' });
      expect(me.json()).toMatchObject({ two_step: { enabled: false, setup_required: true } });
      // An editor is not held to it.
      expect((await editor.browser.request({ url: '/api/auth/sessions' })).statusCode).toBe(200);

      // Signing in again says so, and still opens the setup.
      await signOut(admin.browser);
      const signIn = await admin.browser.signIn(admin.email, PASSWORD);
      expect(signIn.json()).toMatchObject({ two_step_setup_required: true });
      await turnOn(admin.browser);
      expect((await admin.browser.request({ url: '/api/users' })).statusCode).toBe(200);
      const accounts = (await owner.request({ url: '/api/users' })).json<{
        data: { email: string; two_step: boolean }[];
      }>().data;
      expect(accounts.find((a) => a.email === admin.email)?.two_step).toBe(true);
      expect(accounts.find((a) => a.email === editor.email)?.two_step).toBe(false);

      // Nor can it be turned off while required.
      const off = await admin.browser.request({
        method: 'POST',
        url: '/api/auth/two-step/disable',
        payload: { password: PASSWORD },
      });
      expect(off.statusCode).toBe(403);
      expect(off.json()).toEqual({ message: 'two_step_required_by_owner' });
    } finally {
      await owner.request({
        method: 'PUT',
        url: '/api/users/two-step-policy',
        payload: { require_two_step_for_administrators: false },
      });
    }
    expect((await owner.request({ url: '/api/users/two-step-policy' })).json()).toEqual({
      require_two_step_for_administrators: false,
    });
    // The owner's own sign-in now asks for a code.
    await signOut(owner);
    expect((await owner.signIn(EDITOR.email, EDITOR.password)).json()).toEqual({ two_step_required: true });
    expect((await secondStep(owner, { code: await code(ownerSecret) })).statusCode).toBe(200);
  });

  it('writes each change to the audit trail, never a secret or a code', async () => {
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(
        inArray(auditLog.action, [
          'two_step_enabled',
          'two_step_disabled',
          'recovery_codes_regenerated',
          'two_step_requirement_changed',
          'two_step_failed',
          'sign_in',
        ]),
      );
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      'two_step_enabled',
      'two_step_disabled',
      'recovery_codes_regenerated',
      'two_step_requirement_changed',
      'two_step_failed',
    ]) {
      expect(actions, action).toContain(action);
    }
    expect(rows.filter((r) => r.action === 'two_step_requirement_changed').map((r) => r.details)).toEqual([
      { required: true },
      { required: false },
    ]);
    expect(rows.some((r) => r.action === 'sign_in' && r.details.two_step === 'recovery_code')).toBe(true);
    const all = JSON.stringify(await database.db.select().from(auditLog));
    expect(secrets.length).toBeGreaterThan(20);
    for (const secret of secrets) {
      expect(all).not.toContain(secret);
      expect(all).not.toContain(secret.replaceAll('-', ''));
    }
  });
});
