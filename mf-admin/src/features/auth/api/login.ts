import { apiFetch, setMeta } from '@agency/core';
import type { Editor } from './types';

interface LoginResponse {
  user?: Editor;
  csrf_token?: string;
  two_step_required?: boolean;
}

/** What a right password leads to: signed in, or the second step (a code) still to come. */
export type LoginResult = { status: 'signed-in'; user: Editor } | { status: 'two-step' };

function signedIn(body: LoginResponse): LoginResult {
  if (typeof body?.csrf_token === 'string') setMeta('csrf-token', body.csrf_token);
  if (body?.two_step_required || !body?.user) return { status: 'two-step' };
  return { status: 'signed-in', user: body.user };
}

/** POST /api/auth/login: opens a session (HttpOnly cookie) and renews the page's CSRF token. */
export async function login(email: string, password: string): Promise<LoginResult> {
  return signedIn(
    await apiFetch<LoginResponse>('/auth/login', { method: 'POST', json: { email, password } }),
  );
}

/** POST /api/auth/login/two-step: the second step, with a code from the app or a recovery code. */
export async function loginTwoStep(
  answer: { code: string } | { recovery_code: string },
): Promise<LoginResult> {
  return signedIn(await apiFetch<LoginResponse>('/auth/login/two-step', { method: 'POST', json: answer }));
}
