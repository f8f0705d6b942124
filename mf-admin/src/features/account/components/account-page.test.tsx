import { readMeta } from '@agency/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditorContext } from '../../../hooks/use-editor';
import { type Call, json, mockFetch, offline } from '../../../testing/fetch';
import { renderAdmin } from '../../../testing/render';
import type { EditorSession } from '../api/account';
import { AccountPage } from './account-page';

const EDITOR = { id: 1, email: 'editor@example.com', name: 'Edith Editor', role: 'owner' as const };

const session = (over: Partial<EditorSession>): EditorSession => ({
  id: '11111111-1111-4111-8111-111111111111',
  browser: 'Firefox',
  os: 'Windows',
  signed_in_at: '2026-11-24T08:00:00.000Z',
  last_seen_at: '2026-11-24T09:00:00.000Z',
  current: false,
  ...over,
});

const HERE = session({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', current: true });
const PHONE = session({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', browser: 'Chrome', os: 'Android' });
const OLD = session({ id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', browser: null, os: null });

/** A server with these sessions: answers the list, ends sessions, and changes the password as told. */
function server(
  sessions: EditorSession[],
  password: (call: Call) => Response = () => json({ user: EDITOR, csrf_token: 'after', signed_out: 0 }),
) {
  let live = [...sessions];
  return mockFetch((call) => {
    const path = call.url.pathname;
    if (call.method === 'GET' && path === '/api/auth/sessions') return json({ sessions: live });
    if (call.method === 'DELETE' && path.startsWith('/api/auth/sessions/')) {
      const id = decodeURIComponent(path.split('/').pop() ?? '');
      live = live.filter((row) => row.id !== id);
      return json({ signed_out: 1 });
    }
    if (call.method === 'POST' && path === '/api/auth/sessions/end-others') {
      const ended = live.filter((row) => !row.current).length;
      live = live.filter((row) => row.current);
      return json({ signed_out: ended });
    }
    if (call.method === 'POST' && path === '/api/auth/password') {
      const answer = password(call);
      if (answer.ok) live = live.filter((row) => row.current);
      return answer;
    }
    return undefined;
  });
}

function renderAccount(lng: 'en' | 'ar' = 'en') {
  return renderAdmin(
    <EditorContext.Provider value={EDITOR}>
      <AccountPage />
    </EditorContext.Provider>,
    { lng, path: '/account' },
  );
}

const sessionsCard = () =>
  screen.getByRole('region', { name: /Where you're signed in|الأماكن التي سجّلت الدخول منها/ });
const passwordCard = () => screen.getByRole('region', { name: /Change your password|تغيير كلمة المرور/ });

async function fillPassword(current: string, next: string, confirm = next) {
  const card = within(passwordCard());
  if (current) await userEvent.type(card.getByLabelText(/^(Current password|كلمة المرور الحالية)$/), current);
  if (next) await userEvent.type(card.getByLabelText(/^(New password|كلمة المرور الجديدة)$/), next);
  if (confirm)
    await userEvent.type(
      card.getByLabelText(/^(New password, again|كلمة المرور الجديدة مرة أخرى)$/),
      confirm,
    );
  await userEvent.click(card.getByRole('button', { name: /^(Change password|تغيير كلمة المرور)$/ }));
}

describe('AccountPage', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="csrf-token" content="before">';
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is titled, names the editor, and lists this browser first, then the others with their times', async () => {
    server([HERE, PHONE, OLD]);
    renderAccount();
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByText('editor@example.com')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Your account | Agency'));
    const items = await within(sessionsCard()).findAllByRole('listitem');
    expect(
      items.map((item) => item.getAttribute('aria-labelledby') && item.querySelector('[id]')?.textContent),
    ).toEqual(['Firefox on Windows', 'Chrome on Android', 'Unknown browser']);
    expect(within(items[0] as HTMLElement).getByText('This browser')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Signed in Nov 24, 2026');
    expect(items[1]).toHaveTextContent('Last active Nov 24, 2026');
    // Named after its session: its device, when it signed in, when it was last active (2.4.6).
    expect(within(items[1] as HTMLElement).getByRole('button')).toHaveAccessibleName(
      'Sign out Chrome on Android, signed in Nov 24, 2026, 12:00 PM, last active Nov 24, 2026, 1:00 PM',
    );
    expect(within(sessionsCard()).getByRole('button', { name: 'Sign out all other sessions' })).toBeEnabled();
  });

  it('names the sign-out buttons of two sessions of one browser and system apart, in both languages', async () => {
    const later = session({
      id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
      browser: 'Chrome',
      os: 'Android',
      signed_in_at: '2026-11-25T09:02:00.000Z',
      last_seen_at: '2026-11-25T09:40:00.000Z',
    });
    for (const language of ['en', 'ar'] as const) {
      server([HERE, PHONE, later]);
      const { unmount } = renderAccount(language);
      await within(sessionsCard()).findAllByRole('listitem');
      const names = within(sessionsCard())
        .getAllByRole('button')
        .slice(0, 2)
        .map((button) => button.getAttribute('aria-label'));
      const [first, second] = names;
      expect(first).not.toBe(second);
      // Each starts with the words the button shows (2.5.3).
      for (const name of names)
        expect(name?.startsWith(language === 'en' ? 'Sign out ' : 'تسجيل الخروج ')).toBe(true);
      expect(second).toContain(language === 'en' ? 'Nov 25, 2026, 1:02 PM' : '٢٥');
      unmount();
    }
  });

  it('signs out one session, says so where focus goes, and shows the list without it', async () => {
    const { calls } = server([HERE, PHONE, OLD]);
    renderAccount();
    const phone = (await within(sessionsCard()).findByText('Chrome on Android')).closest('li') as HTMLElement;
    await userEvent.click(within(phone).getByRole('button', { name: /^Sign out Chrome on Android/ }));
    const status = await within(sessionsCard()).findByText('Chrome on Android was signed out.');
    expect(status).toHaveAttribute('role', 'status');
    await waitFor(() => expect(status).toHaveFocus());
    await waitFor(() => expect(within(sessionsCard()).queryByText('Chrome on Android')).toBeNull());
    const ended = calls.find((call) => call.method === 'DELETE');
    expect(ended?.url.pathname).toBe(`/api/auth/sessions/${PHONE.id}`);
    expect(ended?.headers['X-CSRF-TOKEN']).toBe('before');
  });

  it('signs out all other sessions, counting them in Arabic plural forms', async () => {
    server([HERE, PHONE, OLD]);
    renderAccount('ar');
    expect(await within(sessionsCard()).findByText('Chrome على Android')).toBeInTheDocument();
    await userEvent.click(
      within(sessionsCard()).getByRole('button', { name: 'تسجيل الخروج من كل الجلسات الأخرى' }),
    );
    expect(await within(sessionsCard()).findByText('سُجّل الخروج من جلستين أخريين.')).toHaveFocus();
    expect(await within(sessionsCard()).findByText('لم تسجّل الدخول في أي مكان آخر.')).toBeInTheDocument();
    expect(within(sessionsCard()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says a failed sign-out in an alert, not in the status line a success is said in', async () => {
    mockFetch((call) => (call.method === 'DELETE' ? offline() : json({ sessions: [HERE, PHONE] })));
    renderAccount();
    const phone = (await within(sessionsCard()).findByText('Chrome on Android')).closest('li') as HTMLElement;
    await userEvent.click(within(phone).getByRole('button', { name: /^Sign out Chrome on Android/ }));
    const alert = await within(sessionsCard()).findByRole('alert');
    await waitFor(() =>
      expect(alert).toHaveTextContent('No response from the server. Check your connection and try again.'),
    );
    await waitFor(() => expect(alert).toHaveFocus());
    expect(within(sessionsCard()).getByRole('status')).toBeEmptyDOMElement();
  });

  it('says when the sessions cannot be fetched, and asks again', async () => {
    let up = false;
    mockFetch(() => (up ? json({ sessions: [HERE] }) : offline()));
    renderAccount();
    expect(
      await within(sessionsCard()).findByText(
        'No response from the server. Check your connection and try again.',
      ),
    ).toBeInTheDocument();
    up = true;
    await userEvent.click(within(sessionsCard()).getByRole('button', { name: 'Try again' }));
    expect(await within(sessionsCard()).findByText('This browser')).toBeInTheDocument();
  });

  it('checks the form before sending: the current password, the length, the two new ones the same', async () => {
    const { calls } = server([HERE]);
    renderAccount();
    const card = within(passwordCard());
    await fillPassword('', 'amber kettle drifts', 'amber kettle drifts');
    const current = card.getByLabelText('Current password');
    expect(current).toHaveFocus();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('Enter your current password.');

    await userEvent.type(current, 'the old one is here');
    const next = card.getByLabelText('New password');
    await userEvent.clear(next);
    await userEvent.type(next, 'short');
    await userEvent.click(card.getByRole('button', { name: 'Change password' }));
    expect(next).toHaveFocus();
    expect(next).toHaveAccessibleDescription(
      'At least 12 characters. Three or four unrelated words are easy to remember and hard to guess. The new password must be at least 12 characters long.',
    );

    await userEvent.clear(next);
    await userEvent.type(next, 'amber kettle drifts past');
    await userEvent.click(card.getByRole('button', { name: 'Change password' }));
    const confirm = card.getByLabelText('New password, again');
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAccessibleDescription('The two new passwords are not the same.');
    expect(calls.filter((call) => call.url.pathname === '/api/auth/password')).toHaveLength(0);
  });

  it('changes the password: the new token is kept, the fields empty, the result said and the list asked again', async () => {
    const { calls } = server([HERE, PHONE], () => json({ user: EDITOR, csrf_token: 'after', signed_out: 1 }));
    renderAccount();
    await within(sessionsCard()).findByText('Chrome on Android');
    await fillPassword('correct-horse-battery', 'amber kettle drifts past 4 moons');
    const done = await within(passwordCard()).findByText(
      'Your password was changed, and 1 other session was signed out.',
    );
    await waitFor(() => expect(done).toHaveFocus());
    const sent = calls.find((call) => call.url.pathname === '/api/auth/password');
    expect(JSON.parse(String(sent?.body))).toEqual({
      current_password: 'correct-horse-battery',
      new_password: 'amber kettle drifts past 4 moons',
    });
    expect(readMeta('csrf-token')).toBe('after');
    expect(within(passwordCard()).getByLabelText('Current password')).toHaveValue('');
    expect(within(passwordCard()).getByLabelText('New password')).toHaveValue('');
    await waitFor(() => expect(within(sessionsCard()).queryByText('Chrome on Android')).toBeNull());
  });

  it("shows the server's refusal at its field, in Arabic, with the reason a password is weak", async () => {
    let answer = json(
      { message: 'current_password_invalid', errors: { current_password: ['current_password_invalid'] } },
      422,
    );
    server([HERE], () => answer);
    renderAccount('ar');
    await fillPassword('wrong one here', 'amber kettle drifts past 4 moons');
    const current = within(passwordCard()).getByLabelText('كلمة المرور الحالية');
    await waitFor(() => expect(current).toHaveAccessibleDescription('كلمة المرور الحالية غير صحيحة.'));
    expect(current).toHaveFocus();

    answer = json({ message: 'password_weak', errors: { new_password: ['common'] } }, 422);
    await userEvent.click(within(passwordCard()).getByRole('button', { name: 'تغيير كلمة المرور' }));
    const next = within(passwordCard()).getByLabelText('كلمة المرور الجديدة');
    await waitFor(() =>
      expect(
        within(passwordCard()).getByText(/كلمة المرور هذه سهلة التخمين، فهي من أكثر كلمات المرور شيوعًا\./),
      ).toBeInTheDocument(),
    );
    expect(next).toHaveFocus();
    expect(next).toHaveAttribute('aria-invalid', 'true');

    answer = json({ message: 'password_weak', errors: { new_password: ['monthOrSeasonYear'] } }, 422);
    await userEvent.click(within(passwordCard()).getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await within(passwordCard()).findByText(/فهي اسم شهر أو فصل مع سنة\./)).toBeInTheDocument();
    answer = json({ message: 'password_weak', errors: { new_password: ['knownPhrase'] } }, 422);
    await userEvent.click(within(passwordCard()).getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await within(passwordCard()).findByText(/فهي عبارة مشهورة\./)).toBeInTheDocument();
  });

  it('says how long to wait after too many wrong passwords, and that the server did not answer', async () => {
    let answer: () => Response = () => json({ message: 'too_many_attempts', retry_after: 600 }, 429);
    server([HERE], () => answer());
    renderAccount();
    await fillPassword('wrong one here', 'amber kettle drifts past 4 moons');
    expect(await within(passwordCard()).findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in 10 minutes.',
    );
    answer = offline;
    await userEvent.click(within(passwordCard()).getByRole('button', { name: 'Change password' }));
    expect(await within(passwordCard()).findByRole('alert')).toHaveTextContent(
      'No response from the server. Check your connection and try again.',
    );
  });
});
