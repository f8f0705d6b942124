import { vi } from 'vitest';

export interface Call {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
}

type Handler = (call: Call) => Response | Promise<Response> | undefined;

/** A JSON response. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The network is down: fetch rejects as browsers do. */
export function offline(): never {
  throw new TypeError('Failed to fetch');
}

/**
 * Replaces fetch with `handler` (answer undefined = 404) and records every call, so tests can check what
 * was sent. Headers are given as a plain object by apiFetch.
 */
export function mockFetch(handler: Handler) {
  const calls: Call[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: new URL(String(input), 'http://localhost'),
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body,
    };
    calls.push(call);
    const response = await handler(call);
    return response ?? json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', spy);
  return { calls, spy };
}
