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

/** GET /api/csrf: a fresh token, written where apiFetch reads it. */
export async function refreshCsrfToken(): Promise<void> {
  const body = await apiFetch<{ token?: unknown } | null>('/csrf');
  if (typeof body?.token === 'string') setMeta('csrf-token', body.token);
}

function isCsrfMismatch(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    typeof error.body === 'object' &&
    error.body !== null &&
    (error.body as { message?: unknown }).message === 'csrf_mismatch'
  );
}

/**
 * Runs a write, and once more with a fresh CSRF token if the server refused the token it had: the page may
 * have come from a cache, or another tab signed in again and so renewed it.
 */
export async function withFreshCsrf<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isCsrfMismatch(error)) throw error;
    await refreshCsrfToken();
    return call();
  }
}

/** apiFetch for the editor screens: CSRF renewal as above, and a 401 tells the app to go to /login. */
export async function adminFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  try {
    return await withFreshCsrf(() => apiFetch<T>(path, request));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) notifyUnauthorized();
    throw error;
  }
}
