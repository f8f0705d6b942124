import { AUDIT_ACTIONS } from '@agency/core/audit';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, contactMessages } from '../../db/schema';
import { createEditor } from '../../lib/users';
import { purgeAuditLog } from '../../plugins/retention';
import { useTestApp } from '../../test/app';
import { EDITOR, multipart, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { DAY_MS, postForm } from '../../test/posts';

const PASSWORD = 'violet tram under 9 lanterns';
const NEW_PASSWORD = 'amber kite over 7 harbours';

const ADMIN = { email: 'audit-admin@example.com', name: 'Amal Admin', role: 'administrator' } as const;
const EDITOR2 = { email: 'audit-editor@example.com', name: 'Eli Editor', role: 'editor' } as const;
const AUTHOR = { email: 'audit-author@example.com', name: 'Ada Author', role: 'author' } as const;

interface Entry {
  id: number;
  at: string;
  actor: { id: number | null; email: string; name: string | null } | null;
  action: string;
  target: { type: string; id: string; label: string | null } | null;
  details: Record<string, unknown>;
  ip: string | null;
}
interface Page {
  data: Entry[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

describeEachDatabase('audit trail', (database) => {
  const t = useTestApp(database);
  const ids = new Map<string, number>();
  let owner: TestBrowser;
  let admin: TestBrowser;

  async function signIn(email: string, password: string, ip: string): Promise<TestBrowser> {
    const browser = new TestBrowser(t.app, ip);
    const res = await browser.signIn(email, password);
    expect(res.statusCode, res.body).toBe(200);
    return browser;
  }

  async function trail(browser: TestBrowser, query = ''): Promise<Page> {
    const res = await browser.request({ url: `/api/audit${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Page }>().data;
  }

  /** The newest entry of `action`. */
  async function latest(action: string): Promise<Entry | undefined> {
    return (await trail(owner, `?action=${action}`)).data[0];
  }

  beforeAll(async () => {
    // The first account made is the owner.
    const first = await createEditor(database.db, { ...EDITOR, role: 'administrator' });
    ids.set('owner', first?.id ?? 0);
    for (const account of [ADMIN, EDITOR2, AUTHOR]) {
      const made = await createEditor(database.db, { ...account, password: PASSWORD });
      ids.set(account.role, made?.id ?? 0);
    }
    owner = await signIn(EDITOR.email, EDITOR.password, '10.61.0.1');
    admin = await signIn(ADMIN.email, PASSWORD, '10.61.0.2');
  });

  describe('what it records', () => {
    it('a sign-in, with the account and its address', async () => {
      const entry = await latest('sign_in');
      expect(entry).toMatchObject({
        action: 'sign_in',
        actor: { id: ids.get('administrator'), email: ADMIN.email, name: ADMIN.name },
        ip: '10.61.0.2',
        target: null,
      });
    });

    it('a password change, without the password', async () => {
      const author = await signIn(AUTHOR.email, PASSWORD, '10.61.1.1');
      const res = await author.request({
        method: 'POST',
        url: '/api/auth/password',
        payload: { current_password: PASSWORD, new_password: NEW_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await latest('password_changed')).toMatchObject({
        actor: { id: ids.get('author'), email: AUTHOR.email },
        target: { type: 'user', id: String(ids.get('author')), label: AUTHOR.email },
        ip: '10.61.1.1',
      });
    });

    it('a role change with its from and to, a deactivation and a reactivation', async () => {
      const url = `/api/users/${ids.get('editor')}`;
      const target = { type: 'user', id: String(ids.get('editor')), label: EDITOR2.email };
      const actor = { id: ids.get('administrator'), email: ADMIN.email };
      expect((await admin.request({ method: 'PATCH', url, payload: { role: 'author' } })).statusCode).toBe(
        200,
      );
      expect(await latest('role_changed')).toMatchObject({
        actor,
        target,
        details: { from: 'editor', to: 'author' },
        ip: '10.61.0.2',
      });
      expect((await admin.request({ method: 'PATCH', url, payload: { active: false } })).statusCode).toBe(
        200,
      );
      expect(await latest('account_deactivated')).toMatchObject({ actor, target, ip: '10.61.0.2' });
      expect((await admin.request({ method: 'PATCH', url, payload: { active: true } })).statusCode).toBe(200);
      expect(await latest('account_reactivated')).toMatchObject({ actor, target, ip: '10.61.0.2' });
      // A change that changes nothing records nothing.
      const before = (await trail(owner, '?action=role_changed')).total;
      await admin.request({ method: 'PATCH', url, payload: { role: 'author' } });
      expect((await trail(owner, '?action=role_changed')).total).toBe(before);
      await admin.request({ method: 'PATCH', url, payload: { role: 'editor' } });
    });

    it("a post's publication, scheduled or not, its unpublishing and its deletion, by id and title", async () => {
      const created = await owner.request({
        method: 'POST',
        url: '/api/posts',
        ...(await multipart(postForm({ title: 'Audited', slug: 'audited', status: 'draft' }))),
      });
      expect(created.statusCode, created.body).toBe(201);
      const post = created.json<{ data: { id: number; updated_at: string } }>().data;
      const target = { type: 'post', id: String(post.id), label: 'Audited' };
      expect((await trail(owner, '?action=post_published')).total).toBe(0);

      const published = await owner.request({
        method: 'PUT',
        url: '/api/posts/audited',
        ...(await multipart(postForm({ title: 'Audited', slug: 'audited', version: post.updated_at }))),
      });
      expect(published.statusCode, published.body).toBe(200);
      expect(await latest('post_published')).toMatchObject({
        actor: { id: ids.get('owner'), email: EDITOR.email },
        target,
        ip: '10.61.0.1',
      });
      const version = published.json<{ data: { updated_at: string } }>().data.updated_at;
      const unpublished = await owner.request({
        method: 'PUT',
        url: '/api/posts/audited',
        ...(await multipart(postForm({ title: 'Audited', slug: 'audited', status: 'draft', version }))),
      });
      expect(unpublished.statusCode, unpublished.body).toBe(200);
      expect(await latest('post_unpublished')).toMatchObject({ target, ip: '10.61.0.1' });

      // A new post published for a date to come counts as published when it is saved.
      const later = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
      const scheduled = await owner.request({
        method: 'POST',
        url: '/api/posts',
        ...(await multipart(postForm({ title: 'Later', slug: 'later', published_at: later }))),
      });
      expect(scheduled.statusCode, scheduled.body).toBe(201);
      const laterId = scheduled.json<{ data: { id: number } }>().data.id;
      expect(await latest('post_published')).toMatchObject({
        target: { type: 'post', id: String(laterId), label: 'Later' },
      });
      expect((await trail(owner, '?action=post_published')).total).toBe(2);

      expect((await owner.request({ method: 'DELETE', url: '/api/posts/audited' })).statusCode).toBe(200);
      expect(await latest('post_deleted')).toMatchObject({ target, ip: '10.61.0.1' });
    });

    it('an export of the contact messages with its count, and an erased message by its number only', async () => {
      const [message] = await database.db
        .insert(contactMessages)
        .values(
          ['one', 'two'].map((n) => ({
            name: `Visitor ${n}`,
            countryCode: '+971',
            phone: '+971500000001',
            phoneRegion: 'AE',
            email: `visitor-${n}@example.com`,
            business: '',
            service: 'seo',
            message: `Message ${n}`,
            mailStatus: 'disabled' as const,
          })),
        )
        .returning();
      const exported = await admin.request({ url: '/api/contact-messages/export.csv' });
      expect(exported.statusCode).toBe(200);
      expect(await latest('messages_exported')).toMatchObject({
        actor: { id: ids.get('administrator') },
        details: { count: 2 },
        ip: '10.61.0.2',
      });
      const erased = await admin.request({ method: 'DELETE', url: `/api/contact-messages/${message?.id}` });
      expect(erased.statusCode, erased.body).toBe(200);
      expect(await latest('message_erased')).toMatchObject({
        actor: { id: ids.get('administrator') },
        target: { type: 'contact_message', id: String(message?.id), label: null },
      });
      // What the sender wrote is not kept by the trail.
      expect(JSON.stringify(await latest('message_erased'))).not.toContain('visitor-one');
    });

    it('the ownership handed over, after which the trail still answers its new administrator', async () => {
      // Last in this group: the owner becomes an administrator.
      const res = await owner.request({
        method: 'POST',
        url: `/api/users/${ids.get('administrator')}/ownership`,
        payload: { password: EDITOR.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await latest('ownership_transferred')).toMatchObject({
        actor: { id: ids.get('owner'), email: EDITOR.email },
        target: { type: 'user', id: String(ids.get('administrator')), label: ADMIN.email },
        ip: '10.61.0.1',
      });
    });

    it('never a password or a token in any entry', async () => {
      const wrong = new TestBrowser(t.app, '10.61.9.9');
      expect((await wrong.signIn(ADMIN.email, 'not the password at all')).statusCode).toBe(401);
      const rows = await database.db.select().from(auditLog);
      expect(rows.length).toBeGreaterThan(5);
      const stored = JSON.stringify(rows);
      for (const secret of [PASSWORD, NEW_PASSWORD, EDITOR.password, 'not the password at all', owner.csrf]) {
        expect(stored).not.toContain(secret);
      }
      for (const cookie of [...owner.cookies.values(), ...admin.cookies.values()]) {
        expect(stored).not.toContain(cookie);
      }
    });
  });

  describe('reading it', () => {
    it('filters by person and by action, newest first', async () => {
      const mine = await trail(admin, `?actor=${ids.get('administrator')}`);
      expect(mine.total).toBeGreaterThan(0);
      expect(mine.data.every((e) => e.actor?.id === ids.get('administrator'))).toBe(true);
      const signIns = await trail(admin, `?actor=${ids.get('owner')}&action=sign_in`);
      expect(signIns.data.map((e) => [e.action, e.actor?.email])).toEqual([['sign_in', EDITOR.email]]);
      const all = await trail(admin);
      const times = all.data.map((e) => e.at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(all.data.map((e) => e.id)).toEqual([...all.data.map((e) => e.id)].sort((a, b) => b - a));
    });

    it('pages by 50', async () => {
      await database.db.delete(auditLog);
      await database.db.insert(auditLog).values(
        Array.from({ length: 53 }, (_, i) => ({
          action: 'sign_in',
          actorId: ids.get('author') ?? null,
          actorEmail: AUTHOR.email,
          at: new Date(Date.now() - (i + 1) * 60_000),
          ip: `10.62.0.${i}`,
        })),
      );
      const first = await trail(admin, `?actor=${ids.get('author')}`);
      expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 50, total: 53 });
      expect(first.data).toHaveLength(50);
      expect(first.data[0]?.ip).toBe('10.62.0.0');
      const second = await trail(admin, `?actor=${ids.get('author')}&page=2`);
      expect(second.data.map((e) => e.ip)).toEqual(['10.62.0.50', '10.62.0.51', '10.62.0.52']);
      const res = await admin.request({ url: `/api/audit?actor=${ids.get('author')}&page=2` });
      expect(res.json<{ data: { links: { url: string | null }[] } }>().data.links[0]?.url).toBe(
        `/api/audit?actor=${ids.get('author')}&page=1`,
      );
    });

    it.each(['?action=made_up', '?actor=abc', '?actor=0', '?page=0', '?page=two'])(
      'refuses %s with 422',
      async (query) => {
        const res = await admin.request({ url: `/api/audit${query}` });
        expect(res.statusCode, res.body).toBe(422);
      },
    );

    it('knows every action', async () => {
      for (const action of AUDIT_ACTIONS) {
        expect((await admin.request({ url: `/api/audit?action=${action}` })).statusCode).toBe(200);
      }
    });

    it('is refused to editors and authors, and to the signed-out', async () => {
      const editor = await signIn(EDITOR2.email, PASSWORD, '10.61.3.1');
      const author = await signIn(AUTHOR.email, NEW_PASSWORD, '10.61.3.2');
      for (const browser of [editor, author]) {
        const res = await browser.request({ url: '/api/audit' });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'forbidden' });
      }
      const anonymous = new TestBrowser(t.app, '10.61.3.3');
      expect((await anonymous.request({ url: '/api/audit' })).statusCode).toBe(401);
    });
  });

  describe('retention', () => {
    beforeEach(async () => {
      await database.db.delete(auditLog);
    });

    it('deletes entries past the retention days and keeps recent ones', async () => {
      const at = (days: number) => new Date(Date.now() - days * DAY_MS);
      const rows = await database.db
        .insert(auditLog)
        .values([366, 1000, 364, 0].map((days) => ({ action: 'sign_in', at: at(days) })))
        .returning({ id: auditLog.id });
      expect(await purgeAuditLog(database.db, 365)).toBe(2);
      const left = (await database.db.select().from(auditLog)).map((r) => r.id).sort();
      expect(left).toEqual([rows[2]?.id, rows[3]?.id].sort());
      expect(await purgeAuditLog(database.db, 30)).toBe(1);
      expect((await database.db.select().from(auditLog)).map((r) => r.id)).toEqual([rows[3]?.id]);
    });
  });
});
