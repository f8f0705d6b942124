import type { Role } from '@agency/core/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEditor } from '../../lib/users';
import { useTestApp } from '../../test/app';
import { EDITOR, multipart, TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';
import { inviteAndAccept } from '../../test/invitations';
import { postForm } from '../../test/posts';

const PASSWORD = 'violet tram under 9 lanterns';

/** One account per role; the first account made is the owner (EDITOR, made first). */
const ACCOUNTS = {
  administrator: { email: 'admin@example.com', name: 'Amal Admin' },
  editor: { email: 'editor2@example.com', name: 'Eli Editor' },
  author: { email: 'author@example.com', name: 'Ada Author' },
} as const;

type Caller = Role | 'anonymous';

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
  multipart?: Record<string, string>;
  /** The roles allowed; every other role is refused with 403, the anonymous with 401. */
  allowed: readonly Role[];
}

const EVERYONE: readonly Role[] = ['owner', 'administrator', 'editor', 'author'];
const EDITORS: readonly Role[] = ['owner', 'administrator', 'editor'];
const ADMINISTRATORS: readonly Role[] = ['owner', 'administrator'];

let drafts = 0;

// Each allowed call is refused later for its body (422, 404) or does something harmless (a new draft).
const CASES: Case[] = [
  {
    name: 'a post (draft)',
    method: 'POST',
    url: '/api/posts',
    multipart: {},
    allowed: EVERYONE,
  },
  // Refused for a post an author may not change (the posts' own test); the role table lets everyone through.
  { name: 'a post’s revisions', method: 'GET', url: '/api/posts/no-such-post/revisions', allowed: EVERYONE },
  { name: 'a revision', method: 'GET', url: '/api/posts/no-such-post/revisions/1', allowed: EVERYONE },
  {
    name: 'a revision restored',
    method: 'POST',
    url: '/api/posts/no-such-post/revisions/1/restore',
    payload: { version: '2026-01-01T00:00:00.000Z' },
    allowed: EVERYONE,
  },
  {
    name: 'a post previewed',
    method: 'POST',
    url: '/api/posts/preview',
    multipart: { post: 'no-such-post' },
    allowed: EVERYONE,
  },
  {
    name: 'a preview link',
    method: 'POST',
    url: '/api/posts/no-such-post/preview-links',
    payload: {},
    allowed: EVERYONE,
  },
  {
    name: 'the preview links',
    method: 'GET',
    url: '/api/posts/no-such-post/preview-links',
    allowed: EVERYONE,
  },
  { name: 'a preview link revoked', method: 'DELETE', url: '/api/preview-links/999999', allowed: EVERYONE },
  { name: 'an image upload', method: 'POST', url: '/api/upload-image', payload: {}, allowed: EVERYONE },
  { name: 'a service', method: 'POST', url: '/api/services', payload: {}, allowed: EDITORS },
  { name: 'a FAQ item', method: 'POST', url: '/api/faq/items', payload: {}, allowed: EDITORS },
  { name: 'a plan', method: 'POST', url: '/api/pricing/plans', payload: {}, allowed: EDITORS },
  { name: 'the plans’ order', method: 'PUT', url: '/api/pricing/order', payload: {}, allowed: EDITORS },
  { name: 'a portfolio item', method: 'POST', url: '/api/portfolio/items', payload: {}, allowed: EDITORS },
  { name: 'the home texts', method: 'PUT', url: '/api/home', payload: {}, allowed: EDITORS },
  { name: 'the FAQ editor list', method: 'GET', url: '/api/faq/items?language=en', allowed: EDITORS },
  { name: 'the settings', method: 'PUT', url: '/api/settings', payload: {}, allowed: ADMINISTRATORS },
  { name: 'the settings to edit', method: 'GET', url: '/api/settings/edit', allowed: ADMINISTRATORS },
  { name: 'the inbox', method: 'GET', url: '/api/contact-messages', allowed: ADMINISTRATORS },
  {
    name: 'a message’s status',
    method: 'PATCH',
    url: '/api/contact-messages/999999',
    payload: { status: 'handled' },
    allowed: ADMINISTRATORS,
  },
  { name: 'the accounts', method: 'GET', url: '/api/users', allowed: ADMINISTRATORS },
  { name: 'the invitations', method: 'GET', url: '/api/invitations', allowed: ADMINISTRATORS },
  { name: 'an invitation', method: 'POST', url: '/api/invitations', payload: {}, allowed: ADMINISTRATORS },
  {
    name: 'an invitation sent again',
    method: 'POST',
    url: '/api/invitations/999999/resend',
    payload: {},
    allowed: ADMINISTRATORS,
  },
  {
    name: 'an invitation revoked',
    method: 'DELETE',
    url: '/api/invitations/999999',
    allowed: ADMINISTRATORS,
  },
  {
    name: 'an account',
    method: 'PATCH',
    url: '/api/users/999999',
    payload: { active: true },
    allowed: ADMINISTRATORS,
  },
  { name: 'the audit trail', method: 'GET', url: '/api/audit', allowed: ADMINISTRATORS },
  {
    name: 'the two-step requirement',
    method: 'GET',
    url: '/api/users/two-step-policy',
    allowed: ADMINISTRATORS,
  },
  {
    name: 'the two-step requirement changed',
    method: 'PUT',
    url: '/api/users/two-step-policy',
    payload: { require_two_step_for_administrators: false },
    allowed: ['owner'],
  },
  { name: 'own sessions', method: 'GET', url: '/api/auth/sessions', allowed: EVERYONE },
  { name: 'own two-step sign-in', method: 'GET', url: '/api/auth/two-step', allowed: EVERYONE },
];

describeEachDatabase('roles', (database) => {
  const t = useTestApp(database);
  const browsers = new Map<Caller, TestBrowser>();
  let address = 0;

  async function signIn(email: string, password = PASSWORD): Promise<TestBrowser> {
    address += 1;
    const browser = new TestBrowser(t.app, `10.19.${address}.1`);
    const res = await browser.signIn(email, password);
    expect(res.statusCode, res.body).toBe(200);
    return browser;
  }

  async function idOf(email: string): Promise<number> {
    const res = await browsers.get('owner')?.request({ url: '/api/users' });
    const user = res?.json<{ data: { id: number; email: string }[] }>().data.find((u) => u.email === email);
    if (!user) throw new Error(`no account ${email}`);
    return user.id;
  }

  async function send(browser: TestBrowser, call: Omit<Case, 'name' | 'allowed'>) {
    if (call.multipart) {
      drafts += 1;
      const body = await multipart(
        postForm({ title: `Draft ${drafts}`, slug: `draft-${drafts}`, status: 'draft', ...call.multipart }),
      );
      return browser.request({ method: call.method, url: call.url, ...body });
    }
    return browser.request({ method: call.method, url: call.url, payload: call.payload });
  }

  beforeAll(async () => {
    // The first account becomes the owner, whatever role it is given.
    const owner = await createEditor(database.db, { ...EDITOR, role: 'author' });
    expect(owner?.role).toBe('owner');
    for (const [role, account] of Object.entries(ACCOUNTS)) {
      const made = await createEditor(database.db, {
        ...account,
        password: PASSWORD,
        role: role as keyof typeof ACCOUNTS,
      });
      expect(made?.role).toBe(role);
    }
    browsers.set('owner', await signIn(EDITOR.email, EDITOR.password));
    for (const [role, account] of Object.entries(ACCOUNTS)) {
      browsers.set(role as Role, await signIn(account.email));
    }
    const anonymous = new TestBrowser(t.app, '10.19.250.1');
    await anonymous.fetchCsrf();
    browsers.set('anonymous', anonymous);
  });

  it('says the role in /api/auth/me', async () => {
    for (const role of EVERYONE) {
      const res = await browsers.get(role)?.request({ url: '/api/auth/me' });
      expect(res?.json<{ user: { role: string } }>().user.role).toBe(role);
    }
  });

  const callers: Caller[] = ['anonymous', ...EVERYONE];
  describe.each(CASES)('$method $url ($name)', (call) => {
    it.each(callers)('as %s', async (caller) => {
      const browser = browsers.get(caller);
      if (!browser) throw new Error('no browser');
      const res = await send(browser, call);
      if (caller === 'anonymous') {
        expect(res.statusCode, res.body).toBe(401);
      } else if (call.allowed.includes(caller)) {
        expect([401, 403], res.body).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ message: 'forbidden' });
      }
    });
  });

  describe('an author', () => {
    it('saves drafts but cannot publish, nor touch another’s post', async () => {
      const author = browsers.get('author') as TestBrowser;
      const editor = browsers.get('editor') as TestBrowser;
      const published = await author.request({
        method: 'POST',
        url: '/api/posts',
        ...(await multipart(postForm({ title: 'Mine', slug: 'author-published' }))),
      });
      expect(published.statusCode, published.body).toBe(403);
      expect(published.json()).toEqual({ message: 'publish_forbidden' });

      const draft = await author.request({
        method: 'POST',
        url: '/api/posts',
        ...(await multipart(postForm({ title: 'Mine', slug: 'author-draft', status: 'draft' }))),
      });
      expect(draft.statusCode, draft.body).toBe(201);
      const version = draft.json<{ data: { updated_at: string } }>().data.updated_at;

      const publish = await author.request({
        method: 'PUT',
        url: '/api/posts/author-draft',
        ...(await multipart(postForm({ title: 'Mine', slug: 'author-draft', version }))),
      });
      expect(publish.statusCode, publish.body).toBe(403);
      expect(publish.json()).toEqual({ message: 'publish_forbidden' });

      const keep = await author.request({
        method: 'PUT',
        url: '/api/posts/author-draft',
        ...(await multipart(
          postForm({ title: 'Mine again', slug: 'author-draft', status: 'draft', version }),
        )),
      });
      expect(keep.statusCode, keep.body).toBe(200);

      const theirs = await editor.request({
        method: 'POST',
        url: '/api/posts',
        ...(await multipart(postForm({ title: 'Theirs', slug: 'editor-post', status: 'draft' }))),
      });
      expect(theirs.statusCode, theirs.body).toBe(201);
      const theirVersion = theirs.json<{ data: { updated_at: string } }>().data.updated_at;
      const edit = await author.request({
        method: 'PUT',
        url: '/api/posts/editor-post',
        ...(await multipart(
          postForm({ title: 'Taken', slug: 'editor-post', status: 'draft', version: theirVersion }),
        )),
      });
      expect(edit.statusCode, edit.body).toBe(403);
      expect(edit.json()).toEqual({ message: 'forbidden' });
      const remove = await author.request({ method: 'DELETE', url: '/api/posts/editor-post' });
      expect(remove.statusCode, remove.body).toBe(403);

      // An editor publishes the author's draft; the author can no longer change or delete it.
      const kept = keep.json<{ data: { updated_at: string } }>().data.updated_at;
      const published2 = await editor.request({
        method: 'PUT',
        url: '/api/posts/author-draft',
        ...(await multipart(
          postForm({
            title: 'Mine again',
            slug: 'author-draft',
            version: kept,
          }),
        )),
      });
      expect(published2.statusCode, published2.body).toBe(200);
      const removeOwn = await author.request({ method: 'DELETE', url: '/api/posts/author-draft' });
      expect(removeOwn.statusCode, removeOwn.body).toBe(403);
      expect(removeOwn.json()).toEqual({ message: 'publish_forbidden' });

      const ownDraft = await author.request({
        method: 'POST',
        url: '/api/posts',
        ...(await multipart(postForm({ title: 'Gone', slug: 'author-gone', status: 'draft' }))),
      });
      expect(ownDraft.statusCode).toBe(201);
      expect((await author.request({ method: 'DELETE', url: '/api/posts/author-gone' })).statusCode).toBe(
        200,
      );
    });
  });

  describe('deactivation', () => {
    it('ends the account’s sessions at once and refuses its sign-in; its posts stay', async () => {
      const admin = browsers.get('administrator') as TestBrowser;
      const account = { email: 'leaving@example.com', name: 'Lee Leaving', password: PASSWORD };
      await createEditor(database.db, { ...account, role: 'author' });
      const leaving = await signIn(account.email);
      const post = await leaving.request({
        method: 'POST',
        url: '/api/posts',
        ...(await multipart(postForm({ title: 'Kept', slug: 'kept-draft', status: 'draft' }))),
      });
      expect(post.statusCode).toBe(201);
      const id = await idOf(account.email);

      const off = await admin.request({
        method: 'PATCH',
        url: `/api/users/${id}`,
        payload: { active: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json<{ data: { active: boolean } }>().data.active).toBe(false);
      expect((await leaving.request({ url: '/api/auth/me' })).statusCode).toBe(401);
      const again = new TestBrowser(t.app, '10.19.240.1');
      const refused = await again.signIn(account.email, PASSWORD);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'account_deactivated' });
      expect((await admin.request({ url: '/api/posts/kept-draft' })).statusCode).toBe(200);

      const on = await admin.request({ method: 'PATCH', url: `/api/users/${id}`, payload: { active: true } });
      expect(on.statusCode).toBe(200);
      expect((await again.signIn(account.email, PASSWORD)).statusCode).toBe(200);
      const list = await admin.request({ url: '/api/users' });
      const row = list.json<{ data: { email: string; last_sign_in_at: string | null }[] }>().data;
      expect(row.find((u) => u.email === account.email)?.last_sign_in_at).toMatch(/^\d{4}-/);
    });
  });

  describe('a new account', () => {
    it('is invited by an administrator with a role, and signs in with it', async () => {
      const admin = browsers.get('administrator') as TestBrowser;
      address += 1;
      const joined = await inviteAndAccept(
        admin,
        { email: 'New@Example.com', name: 'Nour New', password: PASSWORD, role: 'author' },
        `10.19.${address}.1`,
      );
      const me = await joined.request({ url: '/api/auth/me' });
      expect(me.json<{ user: { email: string; role: string } }>().user).toMatchObject({
        email: 'new@example.com',
        role: 'author',
      });
      expect((await (await signIn('new@example.com')).request({ url: '/api/auth/me' })).statusCode).toBe(200);
      const owner = await admin.request({
        method: 'POST',
        url: '/api/invitations',
        payload: { email: 'owner2@example.com', role: 'owner' },
      });
      expect(owner.statusCode).toBe(422);
    });
  });

  describe('the owner', () => {
    it('is not demoted nor deactivated, and hands the ownership over with the password', async () => {
      const owner = browsers.get('owner') as TestBrowser;
      const admin = browsers.get('administrator') as TestBrowser;
      const ownerId = await idOf(EDITOR.email);
      const adminId = await idOf(ACCOUNTS.administrator.email);

      for (const payload of [{ role: 'editor' }, { active: false }]) {
        const res = await admin.request({ method: 'PATCH', url: `/api/users/${ownerId}`, payload });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json<{ message: string }>().message).toBe('owner_protected');
      }
      const asOwner = await admin.request({
        method: 'PATCH',
        url: `/api/users/${adminId}`,
        payload: { role: 'owner' },
      });
      expect(asOwner.statusCode).toBe(422);
      const self = await admin.request({
        method: 'PATCH',
        url: `/api/users/${adminId}`,
        payload: { active: false },
      });
      expect(self.json<{ message: string }>().message).toBe('own_account');

      const notOwner = await admin.request({
        method: 'POST',
        url: `/api/users/${ownerId}/ownership`,
        payload: { password: PASSWORD },
      });
      expect(notOwner.statusCode).toBe(403);
      const wrong = await owner.request({
        method: 'POST',
        url: `/api/users/${adminId}/ownership`,
        payload: { password: 'not the password at all' },
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json<{ message: string }>().message).toBe('password_invalid');

      const handed = await owner.request({
        method: 'POST',
        url: `/api/users/${adminId}/ownership`,
        payload: { password: EDITOR.password },
      });
      expect(handed.statusCode, handed.body).toBe(200);
      expect(handed.json<{ user: { role: string } }>().user.role).toBe('administrator');
      const list = (await admin.request({ url: '/api/users' })).json<{
        data: { id: number; role: string }[];
      }>();
      expect(list.data.filter((u) => u.role === 'owner').map((u) => u.id)).toEqual([adminId]);
      expect(list.data[0]?.id).toBe(adminId);
      expect(list.data.find((u) => u.id === ownerId)?.role).toBe('administrator');

      // And back, so the accounts are as they were.
      const back = await admin.request({
        method: 'POST',
        url: `/api/users/${ownerId}/ownership`,
        payload: { password: PASSWORD },
      });
      expect(back.statusCode, back.body).toBe(200);
    });
  });
});
