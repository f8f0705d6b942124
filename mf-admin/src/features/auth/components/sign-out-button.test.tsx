import { readMeta } from '@agency/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminDb } from '../../../lib/admin-db';
import { json, mockFetch } from '../../../testing/fetch';
import { clearAdminDb } from '../../../testing/idb';
import { postsPage } from '../../../testing/posts';
import { renderAdmin } from '../../../testing/render';
import { SignOutButton } from './sign-out-button';

describe('SignOutButton', () => {
  beforeEach(async () => {
    await clearAdminDb();
    document.head.innerHTML = '<meta name="csrf-token" content="old">';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('ends the session, forgets the lists kept for offline reading, and goes to /login', async () => {
    const db = await adminDb();
    await db.put('post-pages', {
      key: 'language=en:1',
      page: 1,
      data: postsPage([]).data,
      savedAt: '',
    });
    const { calls } = mockFetch(() => json({ csrf_token: 'new' }));
    renderAdmin(<SignOutButton />, { path: '/posts' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(calls[0]).toMatchObject({ method: 'POST' });
    expect(calls[0]?.url.pathname).toBe('/api/auth/logout');
    expect(readMeta('csrf-token')).toBe('new');
    expect(await db.count('post-pages')).toBe(0);
  });
});
