import { Route, Routes, useLocation } from '@agency/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, offline } from '../../../testing/fetch';
import { renderAdmin } from '../../../testing/render';
import { ForgotPage } from './forgot-page';
import { LoginPage } from './login-page';
import { ResetPage } from './reset-page';

const TOKEN = `${'A'.repeat(20)}_-${'z9'.repeat(10)}q`;

/** The address as the router has it, fragment included. */
function HashProbe() {
  const location = useLocation();
  return <div data-testid="hash">{location.hash}</div>;
}

/** The reset page, and the sign-in page it sends to, at `path`. */
function renderReset(path: string, lng: 'en' | 'ar' = 'en') {
  return renderAdmin(
    <>
      <Routes>
        <Route path="/login/reset" element={<ResetPage />} />
        <Route path="/login/forgot" element={<p>forgot page</p>} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>
      <HashProbe />
    </>,
    { path, lng },
  );
}

async function choose(password: string, again = password) {
  await userEvent.type(screen.getByLabelText(/^(New password|كلمة المرور الجديدة)$/), password);
  await userEvent.type(screen.getByLabelText(/^(New password, again|كلمة المرور الجديدة مرة أخرى)$/), again);
  await userEvent.click(
    screen.getByRole('button', { name: /^(Set the new password|احفظ كلمة المرور الجديدة)$/ }),
  );
}

describe('the forgot-password page', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="api-key" content="k"><meta name="csrf-token" content="tok">';
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    {
      lng: 'en' as const,
      label: 'E-mail',
      button: 'Send me a link',
      sent: 'If an account has this address, a link is on its way; it is valid for one hour.',
    },
    {
      lng: 'ar' as const,
      label: 'البريد الإلكتروني',
      button: 'أرسل لي رابطًا',
      sent: 'إذا كان هناك حساب بهذا العنوان، فالرابط في طريقه إليك؛ وهو صالح لمدة ساعة واحدة.',
    },
  ])('asks for a link in its language ($lng) and says the same thing whatever the answer', async (c) => {
    const { calls } = mockFetch(() => json({ message: 'reset_requested' }, 202));
    renderAdmin(<ForgotPage />, { path: '/login/forgot', lng: c.lng });
    await userEvent.type(screen.getByLabelText(c.label), ' rana@example.com ');
    await userEvent.click(screen.getByRole('button', { name: c.button }));
    expect(await screen.findByRole('status')).toHaveTextContent(c.sent);
    expect(screen.getByRole('status')).toHaveFocus();
    expect(calls[0]?.url.pathname).toBe('/api/auth/password-reset');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ email: 'rana@example.com', language: c.lng });
    expect(calls[0]?.headers['X-CSRF-TOKEN']).toBe('tok');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('asks for the e-mail before calling the server', async () => {
    const { calls } = mockFetch(() => undefined);
    renderAdmin(<ForgotPage />, { path: '/login/forgot' });
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your e-mail address.');
    expect(calls).toHaveLength(0);
  });

  it('says how long to wait after too many requests', async () => {
    mockFetch(() => json({ message: 'too_many_attempts', retry_after: 120 }, 429));
    renderAdmin(<ForgotPage />, { path: '/login/forgot' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'rana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests from this connection. Try again in 2 minutes.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when the server cannot be reached', async () => {
    mockFetch(offline);
    renderAdmin(<ForgotPage />, { path: '/login/forgot' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'rana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No response from the server.');
  });
});

describe('the reset page', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="api-key" content="k"><meta name="csrf-token" content="tok">';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('takes the token out of the address, sets the password, and sends to sign-in saying so', async () => {
    const { calls } = mockFetch(() => json({ signed_out: 2 }));
    renderReset(`/login/reset?lng=en#token=${TOKEN}`);
    await waitFor(() => expect(screen.getByTestId('hash')).toHaveTextContent(''));
    expect(screen.getByTestId('location')).toHaveTextContent('/login/reset?lng=en');
    await choose('Lantern-harbour-violet-52');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(calls[0]?.url.pathname).toBe('/api/auth/password-reset/confirm');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      token: TOKEN,
      password: 'Lantern-harbour-violet-52',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your password has been changed and every session of your account was signed out.',
    );
  });

  it.each([
    { lng: 'en' as const, text: 'This link does not work any more', link: 'Ask for a new link' },
    { lng: 'ar' as const, text: 'لم يعد هذا الرابط يعمل', link: 'اطلب رابطًا جديدًا' },
  ])('a link without a token is refused at once ($lng), with a way to ask again', async (c) => {
    const { calls } = mockFetch(() => undefined);
    renderReset('/login/reset', c.lng);
    expect(screen.getByText(new RegExp(c.text))).toBeInTheDocument();
    expect(screen.queryByLabelText(/New password|كلمة المرور الجديدة/)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: c.link }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login/forgot');
    expect(calls).toHaveLength(0);
  });

  it('a used or expired link, told by the server, shows the same refusal', async () => {
    mockFetch(() => json({ message: 'reset_invalid' }, 400));
    renderReset(`/login/reset#token=${TOKEN}`);
    await choose('Lantern-harbour-violet-52');
    expect(await screen.findByText(/This link does not work any more/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login/reset');
  });

  it.each([
    {
      lng: 'en' as const,
      text: 'This password is too easy to guess: it is one of the most common passwords',
    },
    { lng: 'ar' as const, text: 'كلمة المرور هذه سهلة التخمين' },
  ])('a weak password is refused beside its field with the reason ($lng)', async ({ lng, text }) => {
    mockFetch(() => json({ message: 'password_weak', errors: { password: ['common'] } }, 422));
    renderReset(`/login/reset#token=${TOKEN}`, lng);
    await choose('password123456');
    const field = screen.getByLabelText(/^(New password|كلمة المرور الجديدة)$/);
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(text)));
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks length and the second copy before calling the server', async () => {
    const { calls } = mockFetch(() => undefined);
    renderReset(`/login/reset#token=${TOKEN}`);
    await choose('short');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining('at least 12 characters'),
    );
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('New password, again'));
    await choose('Lantern-harbour-violet-52', 'Lantern-harbour-violet-53');
    expect(screen.getByLabelText('New password, again')).toHaveAccessibleDescription(
      'The two new passwords are not the same.',
    );
    expect(calls).toHaveLength(0);
  });
});

describe('the sign-in page', () => {
  it.each([
    { lng: 'en' as const, name: 'Forgot password?' },
    { lng: 'ar' as const, name: 'نسيت كلمة المرور؟' },
  ])('links to the forgotten-password page ($lng)', async ({ lng, name }) => {
    mockFetch(() => undefined);
    renderAdmin(<LoginPage />, { path: '/login', lng });
    await userEvent.click(screen.getByRole('link', { name }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login/forgot');
  });
});
