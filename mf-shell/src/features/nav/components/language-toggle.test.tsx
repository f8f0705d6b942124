import { LANGUAGE_STORAGE_KEY } from '@agency/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../testing/render';
import { FOCUS_AFTER_SWITCH_KEY, LanguageToggle } from './language-toggle';

const { go } = vi.hoisted(() => ({ go: vi.fn() }));

// The real switchLanguage (it stores the choice), with the page load replaced by a spy.
vi.mock('@agency/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@agency/core')>();
  return {
    ...core,
    switchLanguage: vi.fn((lang: Parameters<typeof core.switchLanguage>[0]) => core.switchLanguage(lang, go)),
  };
});

describe('LanguageToggle', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: the code under test writes document.cookie too.
    document.cookie = 'lng=; Path=/; Max-Age=0';
    go.mockClear();
    window.history.replaceState(null, '', '/pricing?lng=en');
  });

  it('offers Arabic, in Arabic, on the English page', () => {
    renderWithShell(<LanguageToggle />, { lng: 'en' });
    expect(screen.getByRole('button', { name: 'العربية' })).toHaveAttribute('lang', 'ar');
  });

  it('offers English on the Arabic page', () => {
    renderWithShell(<LanguageToggle />, { lng: 'ar' });
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
  });

  it('stores ar under i18nextLng, mirrors it into the lng cookie for the server, and loads the page in Arabic', async () => {
    const core = await import('@agency/core');
    renderWithShell(<LanguageToggle />, { lng: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'العربية' }));
    expect(core.switchLanguage).toHaveBeenCalledWith('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(document.cookie).toMatch(/(^|; )lng=ar(;|$)/);
    expect(go).toHaveBeenCalledExactlyOnceWith('/pricing?lng=ar');
  });

  it('stores en when switching back, in storage and cookie', async () => {
    renderWithShell(<LanguageToggle />, { lng: 'ar' });
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.cookie).toMatch(/(^|; )lng=en(;|$)/);
    expect(go).toHaveBeenCalledExactlyOnceWith('/pricing?lng=en');
  });

  it('gives the toggle focus back on the page the switch reloads into, once', async () => {
    renderWithShell(<LanguageToggle />, { lng: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'العربية' }));
    expect(sessionStorage.getItem(FOCUS_AFTER_SWITCH_KEY)).toBe('1');
    // The reloaded page.
    document.body.innerHTML = '';
    renderWithShell(<LanguageToggle />, { lng: 'ar' });
    expect(screen.getByRole('button', { name: 'English' })).toHaveFocus();
    expect(sessionStorage.getItem(FOCUS_AFTER_SWITCH_KEY)).toBeNull();
  });

  it('leaves focus alone on a page opened any other way', () => {
    renderWithShell(<LanguageToggle />, { lng: 'en' });
    expect(screen.getByRole('button', { name: 'العربية' })).not.toHaveFocus();
  });
});
