import { apiFetch, setMeta } from '@agency/core';

/** POST /api/auth/logout: closes the session and renews the page's CSRF token. */
export async function logout(): Promise<void> {
  const body = await apiFetch<{ csrf_token?: unknown } | null>('/auth/logout', { method: 'POST' });
  if (typeof body?.csrf_token === 'string') setMeta('csrf-token', body.csrf_token);
}
