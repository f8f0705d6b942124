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
