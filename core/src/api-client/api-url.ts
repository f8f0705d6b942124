export const API_BASE = '/api';

export type QueryValue = string | number | boolean | null | undefined;

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
