import { readMeta } from '../site-config';
import { ApiError, messageFromBody } from './api-error';

export const API_BASE = '/api';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
}

/** Builds `/api/...` with the query; empty values are left out. */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  const base =
    path.startsWith('/api/') || path === '/api'
      ? path
      : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  return qs ? `${base}?${qs}` : base;
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

/**
 * Calls the site's API with the headers every call carries (Accept JSON, the API key, and for writes
 * the CSRF token). Resolves with the parsed body; rejects with ApiError on a non-OK status or no response.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', 'x-api-key': readMeta('api-key') };
  let body: BodyInit | undefined;
  if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    body = request.form;
  }
  if (method !== 'GET') headers['X-CSRF-TOKEN'] = readMeta('csrf-token');
  let res: Response;
  try {
    res = await fetch(apiUrl(path, request.query), {
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
  const parsed = await readBody(res);
  if (!res.ok) throw new ApiError(messageFromBody(res.status, parsed), res.status, parsed);
  return parsed as T;
}
