import { apiFetch, setMeta } from '@agency/core';
import type { Editor } from './types';

interface LoginResponse {
  user: Editor;
  csrf_token: string;
}

/** POST /api/auth/login: opens a session (HttpOnly cookie) and renews the page's CSRF token. */
export async function login(email: string, password: string): Promise<Editor> {
  const body = await apiFetch<LoginResponse>('/auth/login', { method: 'POST', json: { email, password } });
  if (typeof body?.csrf_token === 'string') setMeta('csrf-token', body.csrf_token);
  return body.user;
}
