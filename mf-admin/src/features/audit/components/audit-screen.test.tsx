import { AUDIT_ACTIONS } from '@agency/core/audit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../testing/fetch';
import { RESOURCES } from '../../../testing/i18n';
import { renderAdmin } from '../../../testing/render';
import type { AuditEntry } from '../api/audit';
import { AuditScreen } from './audit-screen';

const ACCOUNTS = [
  { id: 1, email: 'owner@example.com', name: 'Olivia Owner', role: 'owner' },
  { id: 2, email: 'admin@example.com', name: 'Amal Admin', role: 'administrator' },
].map((a) => ({ ...a, active: true, last_sign_in_at: null, created_at: '2026-11-01T12:00:00.000Z' }));

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-11-24T12:00:00.000Z',
  actor: { id: 2, email: 'admin@example.com', name: 'Amal Admin' },
  action: 'sign_in',
  target: null,
  details: {},
  ip: '203.0.113.7',
  ...over,
});

const ENTRIES = [
  entry({
    id: 3,
    action: 'role_changed',
    target: { type: 'user', id: '1', label: 'owner@example.com' },
    details: { from: 'editor', to: 'author' },
  }),
  entry({
    id: 2,
    action: 'sign_in_failed',
    actor: { id: null, email: 'who@example.com', name: null },
    details: { reason: 'unknown_email' },
  }),
  entry({ id: 1 }),
];

function page(data: AuditEntry[], current = 1, last = 1) {
  return {
    data: { data, current_page: current, last_page: last, per_page: 50, total: data.length, links: [] },
  };
}

/** A fake server: the accounts, and the trail's answer for each query it is asked. */
function server(trail: (query: URLSearchParams) => Response) {
  const asked: string[] = [];
  mockFetch((call) => {
    if (call.url.pathname === '/api/users') return json({ data: ACCOUNTS });
    if (call.url.pathname === '/api/audit') {
      asked.push(call.url.search);
      return trail(call.url.searchParams);
    }
    return undefined;
  });
  return asked;
}

describe('AuditScreen', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="csrf-token" content="t">';
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows who did what, when, to what and from where, in words', async () => {
    server(() => json(page(ENTRIES)));
    renderAdmin(<AuditScreen />, { path: '/site/audit' });
    expect(screen.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Audit trail, newest first' });
    await within(table).findByText('Changed a role');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [role, failed, signIn] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(role).toHaveTextContent('Amal Admin');
    expect(role).toHaveTextContent('Editor → Author');
    expect(role).toHaveTextContent('Accountowner@example.com');
    expect(failed).toHaveTextContent('Failed sign-in');
    expect(failed).toHaveTextContent('who@example.comno account');
    expect(failed).toHaveTextContent('no account has this e-mail');
    expect(signIn).toHaveTextContent('Signed in');
    expect(signIn).toHaveTextContent('Nov 24, 2026');
    expect(signIn).toHaveTextContent('203.0.113.7');
    expect(screen.getByRole('status')).toHaveTextContent('3 entries');
  });

  it('filters by person and action from the address, and writes the filters chosen into it', async () => {
    const asked = server((query) =>
      json(page(query.get('action') === 'sign_in' ? [entry({ id: 9 })] : ENTRIES)),
    );
    renderAdmin(<AuditScreen />, { path: '/site/audit?actor=2' });
    const person = screen.getByRole('combobox', { name: 'Person' });
    await waitFor(() => expect(person).toHaveDisplayValue('Amal Admin (admin@example.com)'));
    const table = screen.getByRole('table');
    await within(table).findByText('Changed a role');
    expect(asked[0]).toBe('?page=1&actor=2');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Signed in');
    expect(screen.getByTestId('location')).toHaveTextContent('/site/audit?actor=2&action=sign_in');
    await waitFor(() => expect(within(table).queryByText('Changed a role')).toBeNull());
    expect(asked.at(-1)).toBe('?page=1&actor=2&action=sign_in');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/site\/audit$/);
  });

  it('says when nothing matches, and when nothing was recorded', async () => {
    server(() => json(page([])));
    const { unmount } = renderAdmin(<AuditScreen />, { path: '/site/audit?action=post_deleted' });
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    unmount();
    renderAdmin(<AuditScreen />, { path: '/site/audit' });
    expect(await screen.findByText('Nothing has been recorded yet.')).toBeInTheDocument();
  });

  it('pages through the trail', async () => {
    const asked = server((query) => json(page(ENTRIES, Number(query.get('page')), 3)));
    renderAdmin(<AuditScreen />, { path: '/site/audit?action=sign_in' });
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/site/audit?action=sign_in&page=2');
    await screen.findByText('Page 2 of 3');
    expect(asked.at(-1)).toBe('?page=2&action=sign_in');
  });

  it('speaks Arabic, right to left', async () => {
    server(() => json(page(ENTRIES)));
    renderAdmin(<AuditScreen />, { lng: 'ar', path: '/site/audit' });
    expect(screen.getByRole('heading', { level: 1, name: 'سجل التدقيق' })).toBeInTheDocument();
    expect(await within(screen.getByRole('table')).findByText('غيّر دورًا')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'سجل التدقيق' })).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('combobox', { name: 'الإجراء' })).toBeInTheDocument();
  });

  it('has words for every action in both languages', () => {
    for (const language of ['en', 'ar'] as const) {
      const words = RESOURCES[language].admin.audit.actions as Record<string, string>;
      for (const action of AUDIT_ACTIONS) expect(words[action], `${language} ${action}`).toBeTruthy();
      expect(Object.keys(words).sort()).toEqual([...AUDIT_ACTIONS].sort());
    }
  });
});
