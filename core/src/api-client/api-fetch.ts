import { readMeta, setMeta } from '../site-config';
import { ApiError, messageFromBody } from './api-error';
import { apiUrl, type QueryValue } from './api-url';

export { API_BASE, apiUrl, type QueryValue } from './api-url';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: FormData;
  /** More headers for this call (the contact form's `Idempotency-Key`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Asks the server for a fresh CSRF token and keeps it in the page, where every later write reads it. */
async function refreshCsrfToken(): Promise<string> {
  const res = await fetch(apiUrl('/csrf'), {
    headers: { Accept: 'application/json', 'x-api-key': readMeta('api-key') },
    credentials: 'same-origin',
    cache: 'no-store',
  });
  const body = (await readBody(res)) as { token?: unknown } | null;
  const token = res.ok && typeof body?.token === 'string' ? body.token : '';
  if (token) setMeta('csrf-token', token);
  return token;
}

function isCsrfMismatch(status: number, body: unknown): boolean {
  return (
    status === 403 &&
    !!body &&
    typeof body === 'object' &&
    (body as { message?: unknown }).message === 'csrf_mismatch'
  );
}

/**
 * Calls the site's API with the headers every call carries (Accept JSON, the API key, and for writes
 * the CSRF token). Resolves with the parsed body; rejects with ApiError on a non-OK status or no response.
 *
 * A write whose token is missing (a page kept offline, the dev server) or refused as stale gets a fresh token
 * from `GET /api/csrf` and is sent once more.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? 'GET';
  const write = method !== 'GET';
  let body: BodyInit | undefined;
  const baseHeaders: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (request.json !== undefined) {
    baseHeaders['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    body = request.form;
  }

  const send = async (): Promise<Response> => {
    const headers: Record<string, string> = { ...baseHeaders, 'x-api-key': readMeta('api-key') };
    if (write) headers['X-CSRF-TOKEN'] = readMeta('csrf-token');
    try {
      return await fetch(apiUrl(path, request.query), {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: request.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
    }
  };

  if (write && !readMeta('csrf-token')) await refreshCsrfToken().catch(() => '');
  let res = await send();
  let parsed = await readBody(res);
  if (write && isCsrfMismatch(res.status, parsed) && (await refreshCsrfToken().catch(() => ''))) {
    res = await send();
    parsed = await readBody(res);
  }
  if (!res.ok) throw new ApiError(messageFromBody(res.status, parsed), res.status, parsed);
  return parsed as T;
}
