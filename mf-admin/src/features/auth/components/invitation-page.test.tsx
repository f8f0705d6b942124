import { readMeta } from '@agency/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../testing/fetch';
import { renderAdmin } from '../../../testing/render';
import { InvitationPage } from './invitation-page';

const TOKEN = `${'A'.repeat(40)}_-9`;
const CHECK = {
  email: 'nour@example.com',
  role: 'editor',
  invited_by: { name: 'Amal Admin' },
  site_name: 'Sunrise Studio',
  expires_at: '2026-12-01T12:00:00.000Z',
  status: 'pending',
};
const PASSWORD = 'violet tram under 9 lanterns';

function open(lng: 'en' | 'ar' = 'en') {
  window.history.replaceState(null, '', `/login/invitation#token=${TOKEN}`);
  return renderAdmin(<InvitationPage />, { path: '/login/invitation', route: '/login/invitation', lng });
}

async function fill(name: string, password: string, confirm = password) {
  if (name) await userEvent.type(screen.getByLabelText(/^(Your name|اسمك)$/), name);
  await userEvent.type(screen.getByLabelText(/^(Password|كلمة المرور)$/), password);
  await userEvent.type(screen.getByLabelText(/^(Password, again|كلمة المرور مرة أخرى)$/), confirm);
  await userEvent.click(screen.getByRole('button', { name: /^(Create my account|إنشاء حسابي)$/ }));
}

describe('InvitationPage', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="api-key" content="k"><meta name="csrf-token" content="before">';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('takes the token out of the address, says who invites as what, and lands signed in on the posts', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/api/invitations/check') return json(CHECK);
      if (call.url.pathname === '/api/invitations/accept')
        return json({
          user: { id: 9, email: CHECK.email, name: 'Nour', role: 'editor' },
          csrf_token: 'after',
        });
    });
    open();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/login/invitation');
    expect(
      await screen.findByText(/Amal Admin invited you to Sunrise Studio as Editor\./),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Your e-mail address')).toHaveValue('nour@example.com');

    await fill('Nour', PASSWORD, 'something else entirely');
    expect(screen.getByLabelText(/^Password, again$/)).toHaveAccessibleDescription(
      'The two new passwords are not the same.',
    );
    expect(calls.filter((c) => c.url.pathname === '/api/invitations/accept')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(/^Password, again$/));
    await userEvent.type(screen.getByLabelText(/^Password, again$/), PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/posts$/));
    const accept = calls.find((c) => c.url.pathname === '/api/invitations/accept');
    expect(JSON.parse(String(accept?.body))).toEqual({ token: TOKEN, name: 'Nour', password: PASSWORD });
    // The token never went in a URL.
    expect(calls.every((c) => !c.url.href.includes(TOKEN))).toBe(true);
    expect(readMeta('csrf-token')).toBe('after');
  });

  it.each([
    { lng: 'en' as const, status: 'expired', text: /This invitation link has expired/ },
    { lng: 'ar' as const, status: 'expired', text: /انتهت صلاحية رابط الدعوة هذا/ },
    { lng: 'en' as const, status: 'used', text: /This invitation link was already used/ },
    { lng: 'ar' as const, status: 'used', text: /استُخدم رابط الدعوة هذا من قبل/ },
  ])('says a link is $status, in $lng, and offers no form', async ({ lng, status, text }) => {
    mockFetch(() => json({ ...CHECK, status }));
    open(lng);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: /Go to sign-in|الانتقال إلى تسجيل الدخول/ })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('shows a revoked link as not working, and a weak password with the reason in Arabic', async () => {
    mockFetch(() => json({ message: 'invitation_invalid' }, 404));
    const first = open();
    expect(await screen.findByRole('alert')).toHaveTextContent(/This invitation link does not work/);
    first.unmount();

    mockFetch((call) => {
      if (call.url.pathname === '/api/invitations/check') return json(CHECK);
      return json({ message: 'password_weak', errors: { password: ['wordByItself'] } }, 422);
    });
    open('ar');
    expect(
      await screen.findByText(/دعاك Amal Admin للانضمام إلى Sunrise Studio بصفة محرر/),
    ).toBeInTheDocument();
    await fill('نور', 'ninecharacterword');
    await waitFor(() =>
      expect(screen.getByLabelText('كلمة المرور')).toHaveAccessibleDescription(
        /كلمة المرور هذه سهلة التخمين/,
      ),
    );
    expect(screen.getByLabelText('كلمة المرور')).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/login/invitation');
  });
});
