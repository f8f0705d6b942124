import { readMeta } from '@agency/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, offline } from '../../../testing/fetch';
import { renderAdmin } from '../../../testing/render';
import { LoginPage } from './login-page';

async function signIn(email = 'editor@example.com', password = 'secret') {
  if (email) await userEvent.type(screen.getByLabelText(/E-mail|البريد الإلكتروني/), email);
  if (password) await userEvent.type(screen.getByLabelText(/Password|كلمة المرور/), password);
  await userEvent.click(screen.getByRole('button', { name: /^(Sign in|تسجيل الدخول)$/ }));
}

describe('LoginPage', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="api-key" content="k"><meta name="csrf-token" content="before">';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('signs in, takes the new CSRF token, and returns to where the editor was going', async () => {
    const { calls } = mockFetch(() =>
      json({ user: { id: 1, email: 'editor@example.com', name: 'Ed' }, csrf_token: 'after' }),
    );
    renderAdmin(<LoginPage />, { path: '/login?next=%2Fnew_blog%3Fdraft%3Dabc', route: '/login' });
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/new_blog?draft=abc'));
    expect(calls[0]?.url.pathname).toBe('/api/auth/login');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ email: 'editor@example.com', password: 'secret' });
    expect(calls[0]?.headers['X-CSRF-TOKEN']).toBe('before');
    expect(readMeta('csrf-token')).toBe('after');
  });

  it.each([
    { lng: 'en' as const, code: 'Code', wrong: 'That code is not right', recovery: 'Use a recovery code' },
    { lng: 'ar' as const, code: 'الرمز', wrong: 'هذا الرمز غير صحيح', recovery: 'استخدام رمز استرداد' },
  ])('asks for the two-step code after the password, and takes a recovery code instead ($lng)', async (c) => {
    let codes = 0;
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/api/auth/login') return json({ two_step_required: true });
      codes += 1;
      if (codes === 1) return json({ message: 'invalid_code' }, 401);
      return json({ user: { id: 1, email: 'e@x', name: 'Ed' }, csrf_token: 'after', recovery_codes_left: 9 });
    });
    renderAdmin(<LoginPage />, { path: '/login?next=%2Faccount', route: '/login', lng: c.lng });
    await signIn();
    const field = await screen.findByRole('textbox', { name: c.code });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, '123 456');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(c.wrong);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(JSON.parse(String(calls[1]?.body))).toEqual({ code: '123456' });

    await userEvent.click(screen.getByRole('button', { name: c.recovery }));
    const recovery = screen.getByRole('textbox');
    expect(recovery).not.toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(recovery, 'abcd-efgh-jkmn{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account'));
    expect(calls[2]?.url.pathname).toBe('/api/auth/login/two-step');
    expect(JSON.parse(String(calls[2]?.body))).toEqual({ recovery_code: 'abcd-efgh-jkmn' });
    expect(readMeta('csrf-token')).toBe('after');
  });

  it('goes to /posts when there is nowhere (or nowhere safe) to return to', async () => {
    mockFetch(() => json({ user: { id: 1, email: 'e@x', name: 'Ed' }, csrf_token: 't' }));
    renderAdmin(<LoginPage />, { path: '/login?next=https%3A%2F%2Fevil.example', route: '/login' });
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/posts$/));
  });

  it.each([
    { lng: 'en' as const, text: 'The e-mail or password is not correct.' },
    { lng: 'ar' as const, text: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.' },
  ])('a wrong password is refused in $lng', async ({ lng, text }) => {
    mockFetch(() => json({ message: 'invalid_credentials' }, 401));
    renderAdmin(<LoginPage />, { path: '/login', route: '/login', lng });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it.each([
    { lng: 'en' as const, text: 'This account has been deactivated. Ask an administrator to reactivate it.' },
    { lng: 'ar' as const, text: 'عُطّل هذا الحساب. اطلب من أحد المسؤولين إعادة تفعيله.' },
  ])('a deactivated account is told so in $lng', async ({ lng, text }) => {
    mockFetch(() => json({ message: 'account_deactivated' }, 403));
    renderAdmin(<LoginPage />, { path: '/login', route: '/login', lng });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it.each([
    { lng: 'en' as const, text: 'Too many sign-in attempts. Try again in 45 seconds.' },
    { lng: 'ar' as const, text: 'محاولات تسجيل دخول كثيرة جدًا. حاول مرة أخرى بعد ٤٥ ثانية.' },
  ])('too many attempts says how long to wait ($lng) and holds the button', async ({ lng, text }) => {
    mockFetch(() => json({ message: 'too_many_attempts', retry_after: 45 }, 429));
    renderAdmin(<LoginPage />, { path: '/login', route: '/login', lng });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: /^(Sign in|تسجيل الدخول)$/ })).toBeDisabled();
  });

  it('asks for both fields before calling the server', async () => {
    const { calls } = mockFetch(() => undefined);
    renderAdmin(<LoginPage />, { path: '/login', route: '/login' });
    await signIn('editor@example.com', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your e-mail and password.');
    expect(calls).toHaveLength(0);
  });

  it('says when the server cannot be reached', async () => {
    mockFetch(offline);
    renderAdmin(<LoginPage />, { path: '/login', route: '/login' });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('No response from the server.');
  });

  it('renews a stale CSRF token once and signs in', async () => {
    let attempts = 0;
    mockFetch(({ url }) => {
      if (url.pathname === '/api/csrf') return json({ token: 'fresh' });
      attempts += 1;
      return attempts === 1
        ? json({ message: 'csrf_mismatch' }, 403)
        : json({ user: { id: 1, email: 'e@x', name: 'Ed' }, csrf_token: 'after' });
    });
    renderAdmin(<LoginPage />, { path: '/login', route: '/login' });
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/posts'));
    expect(attempts).toBe(2);
  });
});
