import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadToastify, toast } from '@agency/core';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../testing/render';
import { TOAST_OPTIONS } from './toast-options';
import { ToastRegion } from './toast-region';

describe('toast options', () => {
  it('follow the spec: top-right, 5000 ms, closable by click, draggable, pausing on hover and focus loss', () => {
    expect(TOAST_OPTIONS).toMatchObject({
      position: 'top-right',
      autoClose: 5000,
      closeOnClick: true,
      draggable: true,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
    });
    expect(TOAST_OPTIONS).not.toHaveProperty('limit');
  });

  it.each([
    { init: { altKey: true, code: 'KeyT', key: 't' }, matches: true },
    { init: { altKey: true, code: 'KeyT', key: 'ف' }, matches: true },
    { init: { altKey: false, code: 'KeyT', key: 't' }, matches: false },
    { init: { altKey: true, code: 'KeyR', key: 'r' }, matches: false },
  ])('Alt+T shortcut: $init.key alt=$init.altKey -> $matches', ({ init, matches }) => {
    expect(TOAST_OPTIONS.hotKeys(new KeyboardEvent('keydown', init))).toBe(matches);
  });
});

describe('ToastRegion', () => {
  // First in this file: react-toastify is fetched once per page, and the later tests have asked for it.
  it('mounts no container until a toast is asked for, then shows it', async () => {
    renderWithShell(<ToastRegion />, { lng: 'en' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('region')).toBeNull();
    act(() => {
      toast.success('Saved');
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications Alt+T' })).toBeInTheDocument();
  });

  afterEach(async () => {
    await act(async () => {
      toast.dismiss();
      await loadToastify();
    });
  });

  async function showToast(lng: 'en' | 'ar') {
    renderWithShell(<ToastRegion />, { lng });
    act(() => {
      toast('Message sent');
    });
    return screen.findByText('Message sent');
  }

  it('shows toasts top-right in a labelled region', async () => {
    await showToast('en');
    const region = screen.getByRole('region', { name: 'Notifications Alt+T' });
    expect(region.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    expect(region.querySelector('.Toastify__toast--close-on-click')).not.toBeNull();
    expect(region.querySelector('.Toastify__toast--rtl')).toBeNull();
  });

  it('lays toasts out right to left in Arabic, still top-right', async () => {
    await showToast('ar');
    const region = screen.getByRole('region', { name: 'الإشعارات Alt+T' });
    expect(region.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    expect(region.querySelector('.Toastify__toast--rtl')).not.toBeNull();
  });

  it('moves focus to the notifications on Alt+T', async () => {
    const message = await showToast('en');
    await userEvent.keyboard('{Alt>}t{/Alt}');
    expect(message.closest('.Toastify__toast')).toHaveFocus();
  });

  it('names its close button and its timer in the page language', async () => {
    for (const [lng, close, timer] of [
      ['en', 'Close the notification', 'Time before the notification closes'],
      ['ar', 'إغلاق الإشعار', 'الوقت المتبقي قبل إغلاق الإشعار'],
    ] as const) {
      const message = await showToast(lng);
      const item = message.closest('.Toastify__toast') as HTMLElement;
      expect(within(item).getByRole('button', { name: close })).toBeInTheDocument();
      await waitFor(() =>
        expect(within(item).getByRole('progressbar', { hidden: true })).toHaveAttribute('aria-label', timer),
      );
      expect(item.innerHTML).not.toMatch(/notification timer|"close"/);
      cleanup();
      await act(async () => {
        toast.dismiss();
      });
    }
  });

  it('holds every toast while anything in the notifications has focus (the timer bar is its clock)', () => {
    const css = readFileSync(join(process.cwd(), 'src/features/toasts/components/toasts.css'), 'utf8');
    expect(css).toMatch(
      /\.toast-region:focus-within \.Toastify__progress-bar--animated\s*{\s*(?:\/\*[^*]*\*\/\s*)?animation-play-state: paused !important;/,
    );
  });

  it('keeps a toast for its whole life when motion is reduced (its timer bar is its clock)', () => {
    const css = readFileSync(join(process.cwd(), 'src/features/toasts/components/toasts.css'), 'utf8');
    const rule =
      /@media \(prefers-reduced-motion: reduce\)\s*{[^}]*Toastify__progress-bar--animated\s*{\s*(?:\/\*[^*]*\*\/\s*)?animation-duration:\s*(\d+)ms !important/.exec(
        css,
      );
    expect(Number(rule?.[1])).toBe(TOAST_OPTIONS.autoClose);
  });
});
