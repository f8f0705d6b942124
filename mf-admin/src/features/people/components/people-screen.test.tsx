import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Editor, EditorContext } from '../../../hooks/use-editor';
import { stubConfirm } from '../../../testing/confirm';
import { json, mockFetch } from '../../../testing/fetch';
import { renderAdmin } from '../../../testing/render';
import type { Invitation } from '../api/invitations';
import type { Account } from '../api/people';
import { PeopleScreen } from './people-screen';

const account = (over: Partial<Account>): Account => ({
  id: 1,
  email: 'owner@example.com',
  name: 'Olivia Owner',
  role: 'owner',
  active: true,
  two_step: false,
  last_sign_in_at: '2026-11-24T12:00:00.000Z',
  created_at: '2026-11-01T12:00:00.000Z',
  ...over,
});

const OWNER = account({});
const ADMIN = account({ id: 2, email: 'admin@example.com', name: 'Amal Admin', role: 'administrator' });
const AUTHOR = account({
  id: 3,
  email: 'author@example.com',
  name: 'Ada Author',
  role: 'author',
  last_sign_in_at: null,
});

function server(
  accounts: Account[],
  answer?: (method: string, path: string, body: unknown) => Response,
  invitations: Invitation[] = [],
) {
  return mockFetch((call) => {
    if (call.url.pathname === '/api/users' && call.method === 'GET') return json({ data: accounts });
    if (call.url.pathname === '/api/invitations' && call.method === 'GET') return json({ data: invitations });
    if (call.url.pathname === '/api/users/two-step-policy' && call.method === 'GET')
      return json({ require_two_step_for_administrators: false });
    const body = typeof call.body === 'string' ? JSON.parse(call.body) : undefined;
    return answer?.(call.method, call.url.pathname, body);
  });
}

function renderPeople(editor: Editor, lng: 'en' | 'ar' = 'en') {
  return renderAdmin(
    <EditorContext.Provider value={editor}>
      <PeopleScreen />
    </EditorContext.Provider>,
    { lng, path: '/site/people' },
  );
}

const asEditor = (a: Account): Editor => ({ id: a.id, email: a.email, name: a.name, role: a.role });

describe('PeopleScreen', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="csrf-token" content="t">';
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows each account's two-step sign-in, and lets only the owner require it of administrators", async () => {
    const calls: unknown[] = [];
    server([{ ...OWNER, two_step: true }, ADMIN], (method, path, body) => {
      if (method === 'PUT' && path === '/api/users/two-step-policy') {
        calls.push(body);
        return json(body);
      }
      return json({}, 404);
    });
    const view = renderPeople(asEditor(OWNER), 'ar');
    const [owner, admin] = (await screen.findAllByRole('listitem')) as [HTMLElement, HTMLElement];
    expect(owner).toHaveTextContent('التحقق بخطوتين مفعّل');
    expect(admin).toHaveTextContent('التحقق بخطوتين غير مفعّل');
    const toggle = await screen.findByRole('checkbox', { name: 'اشتراط التحقق بخطوتين على المسؤولين' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(calls).toEqual([{ require_two_step_for_administrators: true }]);
    view.unmount();

    server([OWNER, ADMIN]);
    renderPeople(asEditor(ADMIN));
    expect(
      await screen.findByText(/not required for administrators\. Only the owner changes this\./),
    ).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('lists the accounts with their role and last sign-in; the owner and yourself have no controls', async () => {
    server([OWNER, ADMIN, AUTHOR]);
    renderPeople(asEditor(ADMIN));
    expect(screen.getByRole('heading', { level: 1, name: 'People' })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [owner, me, author] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(owner).toHaveTextContent('Owner');
    expect(owner).toHaveTextContent('Last sign-in: Nov 24, 2026');
    expect(within(owner).queryByRole('button')).toBeNull();
    expect(within(owner).queryByRole('combobox')).toBeNull();
    expect(me).toHaveTextContent('You');
    expect(within(me).queryByRole('button')).toBeNull();
    expect(author).toHaveTextContent('Never signed in');
    expect(within(author).getByRole('combobox', { name: 'Role of Ada Author' })).toHaveValue('author');
    // Only the owner hands the ownership over.
    expect(screen.queryByRole('region', { name: 'Hand over the ownership' })).toBeNull();
  });

  it('changes a role, and deactivates only after a confirmation', async () => {
    const sent: unknown[] = [];
    server([OWNER, ADMIN, AUTHOR], (method, path, body) => {
      sent.push([method, path, body]);
      return json({ data: { ...AUTHOR, ...(body as object) } });
    });
    renderPeople(asEditor(ADMIN));
    const author = (await screen.findAllByRole('listitem'))[2] as HTMLElement;
    await userEvent.selectOptions(within(author).getByRole('combobox'), 'editor');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Ada Author is now: Editor.'));

    const confirm = stubConfirm(false);
    await userEvent.click(within(author).getByRole('button', { name: 'Deactivate Ada Author' }));
    expect(confirm).toHaveBeenCalledWith(
      'Deactivate Ada Author? They are signed out at once and cannot sign in; their posts stay.',
    );
    expect(sent).toHaveLength(1);
    stubConfirm(true);
    await userEvent.click(within(author).getByRole('button', { name: 'Deactivate Ada Author' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Ada Author is deactivated and signed out everywhere.',
      ),
    );
    expect(sent).toEqual([
      ['PATCH', '/api/users/3', { role: 'editor' }],
      ['PATCH', '/api/users/3', { active: false }],
    ]);
  });

  it('says a refusal plainly, in Arabic too', async () => {
    server([OWNER, ADMIN, AUTHOR], () => json({ message: 'owner_protected' }, 422));
    renderPeople(asEditor(ADMIN), 'ar');
    const author = (await screen.findAllByRole('listitem'))[2] as HTMLElement;
    await userEvent.selectOptions(within(author).getByRole('combobox'), 'administrator');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'لا يمكن تخفيض دور المالك أو تعطيل حسابه. انقل الملكية أولًا.',
    );
    expect(document.querySelector('section')).toHaveAttribute('dir', 'rtl');
  });

  for (const lng of ['en', 'ar'] as const) {
    it(`names each account's buttons with the words they show, and the account (${lng}, WCAG 2.5.3)`, async () => {
      const gone = account({
        id: 4,
        email: 'old@example.com',
        name: 'Omar Left',
        role: 'author',
        active: false,
      });
      server([OWNER, ADMIN, AUTHOR, gone]);
      renderPeople(asEditor(ADMIN), lng);
      const rows = await screen.findAllByRole('listitem');
      for (const [row, who] of [
        [rows[2], AUTHOR.name],
        [rows[3], gone.name],
      ] as const) {
        const button = within(row as HTMLElement).getByRole('button');
        const name = button.getAttribute('aria-label') ?? '';
        expect(name).toContain((button.textContent ?? '').trim());
        expect(name).toContain(who);
      }
    });
  }

  it('says the role does not allow the screen when the server refuses it', async () => {
    mockFetch(() => json({ message: 'forbidden' }, 403));
    renderPeople(asEditor(AUTHOR));
    expect(
      await screen.findByText('Your role does not allow this. Ask an administrator.'),
    ).toBeInTheDocument();
  });

  it('lets the owner hand the ownership over with their password', async () => {
    const sent: unknown[] = [];
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    server([OWNER, ADMIN, AUTHOR], (method, path, body) => {
      sent.push([method, path, body]);
      if ((body as { password: string }).password !== 'right password') {
        return json({ message: 'password_invalid' }, 422);
      }
      return json({ user: asEditor(OWNER), data: { ...ADMIN, role: 'owner' } });
    });
    renderPeople(asEditor(OWNER));
    const form = within(await screen.findByRole('region', { name: 'Hand over the ownership' }));
    await userEvent.selectOptions(form.getByLabelText('New owner'), 'Amal Admin (admin@example.com)');
    await userEvent.type(form.getByLabelText('Your password'), 'wrong');
    await userEvent.click(form.getByRole('button', { name: 'Hand over' }));
    expect(await form.findByRole('alert')).toHaveTextContent('That is not your password.');
    await userEvent.type(form.getByLabelText('Your password'), 'right password');
    await userEvent.click(form.getByRole('button', { name: 'Hand over' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(sent).toEqual([
      ['POST', '/api/users/2/ownership', { password: 'wrong' }],
      ['POST', '/api/users/2/ownership', { password: 'right password' }],
    ]);
  });
  it('invites by e-mail and role, and shows the link once to copy when the site sends no e-mail', async () => {
    const sent: unknown[] = [];
    const pending: Invitation = {
      id: 7,
      email: 'nour@example.com',
      role: 'editor',
      invited_by: { id: 2, name: 'Amal Admin' },
      created_at: '2026-11-28T12:00:00.000Z',
      expires_at: '2026-12-01T12:00:00.000Z',
      status: 'pending',
    };
    const url = 'https://agency.example/login/invitation#token=abc';
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    server(
      [OWNER, ADMIN],
      (method, path, body) => {
        sent.push([method, path, body]);
        if (path === '/api/invitations' && (body as { email: string }).email === 'taken@example.com') {
          return json({ message: 'email_taken' }, 409);
        }
        if (method === 'DELETE') return new Response(null, { status: 204 });
        return json({ data: { ...pending, url } }, path.endsWith('/resend') ? 200 : 201);
      },
      [pending, { ...pending, id: 8, email: 'late@example.com', role: 'author', status: 'expired' }],
    );
    renderPeople(asEditor(ADMIN));
    const form = within(await screen.findByRole('region', { name: 'Invite someone' }));
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(form.getByRole('alert')).toHaveTextContent('Enter the e-mail address to invite.');

    await userEvent.type(form.getByLabelText('E-mail address'), 'taken@example.com');
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await form.findByRole('alert')).toHaveTextContent('An account already has this e-mail address.');

    await userEvent.clear(form.getByLabelText('E-mail address'));
    await userEvent.type(form.getByLabelText('E-mail address'), 'nour@example.com');
    await userEvent.selectOptions(form.getByLabelText('Role'), 'editor');
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    const link = await form.findByLabelText('Invitation link for nour@example.com');
    expect(link).toHaveValue(url);
    expect(link).toHaveAttribute('readonly');
    expect(link).toHaveAccessibleDescription(/Works once, for 72 hours\. It is shown only now/);
    await userEvent.click(form.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await form.findByText('Link copied.')).toBeInTheDocument();

    // The pending list: each with its expiry, to send again or revoke (after a confirmation).
    const list = within(screen.getByRole('region', { name: 'Pending invitations' }));
    const [nour, late] = list.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(nour).toHaveTextContent('Link valid until Dec 1, 2026');
    expect(nour).toHaveTextContent('Invited by Amal Admin');
    expect(late).toHaveTextContent('Expired');
    const confirm = stubConfirm(false);
    await userEvent.click(
      within(nour).getByRole('button', { name: 'Revoke the invitation to nour@example.com' }),
    );
    expect(confirm).toHaveBeenCalledWith(
      'Revoke the invitation to nour@example.com? Its link stops working at once.',
    );
    stubConfirm(true);
    await userEvent.click(
      within(nour).getByRole('button', { name: 'Revoke the invitation to nour@example.com' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
        'The invitation to nour@example.com was revoked.',
      ),
    );
    await userEvent.click(
      within(late).getByRole('button', { name: 'Resend the invitation to late@example.com' }),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('status')[0]).toHaveTextContent(
        'A new link for nour@example.com; the old one no longer works.',
      ),
    );
    expect(sent).toEqual([
      ['POST', '/api/invitations', { email: 'taken@example.com', role: 'author', language: 'en' }],
      ['POST', '/api/invitations', { email: 'nour@example.com', role: 'editor', language: 'en' }],
      ['DELETE', '/api/invitations/7', undefined],
      ['POST', '/api/invitations/8/resend', { language: 'en' }],
    ]);
  });

  it('is not offered to an editor', async () => {
    server([OWNER, ADMIN]);
    renderPeople(asEditor(account({ id: 5, role: 'editor', name: 'Eli' })));
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('region', { name: 'Invite someone' })).toBeNull();
  });
});
