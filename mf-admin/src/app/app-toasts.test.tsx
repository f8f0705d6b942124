import { loadToastify } from '@agency/core';
import { initTestI18n } from '@agency/core/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../public/locales/ar/admin.json';
import en from '../../public/locales/en/admin.json';
import { json, mockFetch } from '../testing/fetch';
import { clearAdminDb } from '../testing/idb';
import { App } from './app';

vi.mock('@agency/core', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@agency/core')>()),
  loadToastify: vi.fn(() => Promise.resolve({})),
}));

describe('admin app: the toast code', () => {
  beforeEach(async () => {
    await clearAdminDb();
    await initTestI18n('en', { en: { admin: en }, ar: { admin: ar } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is not fetched with the screen, but on the first key or pointer press, once', async () => {
    mockFetch((call) => (call.url.pathname === '/api/auth/me' ? json({ user: null }, 401) : undefined));
    window.history.pushState({}, '', '/login');
    render(<App />);
    expect(await screen.findByRole('heading', { name: en.screens.login.title })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadToastify).not.toHaveBeenCalled();
    await userEvent.keyboard('{Tab}');
    expect(loadToastify).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('heading', { name: en.screens.login.title }));
    expect(loadToastify).toHaveBeenCalledTimes(1);
  });
});
