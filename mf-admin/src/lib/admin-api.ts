import { ApiError, type ApiRequest, apiFetch, setMeta } from '@agency/core';

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called whenever an admin call answers 401: the app sends the editor to /login (see app/). */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function notifyUnauthorized(): void {
  for (const listener of unauthorizedListeners) listener();
}

/** GET /api/csrf: a fresh token, written where every write reads it (for the upload, which is not apiFetch). */
export async function refreshCsrfToken(): Promise<void> {
  const body = await apiFetch<{ token?: unknown } | null>('/csrf');
  if (typeof body?.token === 'string') setMeta('csrf-token', body.token);
}

/** apiFetch (which renews a stale CSRF token itself) for the editor screens: a 401 sends them to /login. */
export async function adminFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  try {
    return await apiFetch<T>(path, request);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) notifyUnauthorized();
    throw error;
  }
}
