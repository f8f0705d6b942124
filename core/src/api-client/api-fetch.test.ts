// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { apiFetch, apiUrl } from './api-fetch';

describe('apiUrl', () => {
  it.each([
    { path: '/services', query: { language: 'ar' }, expected: '/api/services?language=ar' },
    { path: 'posts', query: { page: 2, per_page: 9, x: '' }, expected: '/api/posts?page=2&per_page=9' },
    { path: '/api/posts?page=2', query: {}, expected: '/api/posts?page=2' },
  ])('$path', ({ path, query, expected }) => expect(apiUrl(path, query)).toBe(expected));
});

describe('apiFetch', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="api-key" content="k-123"><meta name="csrf-token" content="c-9">';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the API key and Accept header, and parses JSON', async () => {
    const fetchSpy = vi.fn(async () => new Response('{"data":[1]}', { status: 200 }));
    vi.stubGlobal('fetch', fetchSpy);
    await expect(apiFetch('/services', { query: { language: 'en' } })).resolves.toEqual({ data: [1] });
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/services?language=en');
    expect(init.headers).toMatchObject({ Accept: 'application/json', 'x-api-key': 'k-123' });
    expect(init.headers).not.toHaveProperty('X-CSRF-TOKEN');
  });

  it('sends the CSRF token on writes', async () => {
    const fetchSpy = vi.fn(async () => new Response('{"success":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchSpy);
    await apiFetch('/contact', { method: 'POST', json: { a: 1 } });
    const [, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'X-CSRF-TOKEN': 'c-9', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
  });

  it("sends a call's own headers too (the contact form's Idempotency-Key)", async () => {
    const fetchSpy = vi.fn(async () => new Response('{"success":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchSpy);
    await apiFetch('/contact', { method: 'POST', json: {}, headers: { 'Idempotency-Key': 'k-1' } });
    const [, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'Idempotency-Key': 'k-1', 'X-CSRF-TOKEN': 'c-9' });
  });

  it("uses the body's message, or 'HTTP error! status: N'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Blog post not found"}', { status: 404 })),
    );
    await expect(apiFetch('/posts/x')).rejects.toMatchObject({ status: 404, message: 'Blog post not found' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>oops</html>', { status: 502 })),
    );
    await expect(apiFetch('/posts/x')).rejects.toMatchObject({
      status: 502,
      message: 'HTTP error! status: 502',
    });
  });

  it('reports a missing response as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiFetch('/services').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
  });

  it('fetches a CSRF token first when the page has none', async () => {
    document.head.innerHTML = '<meta name="api-key" content="k-123">';
    const fetchSpy = vi.fn(async (url: string) =>
      url === '/api/csrf' ? new Response('{"token":"fresh"}') : new Response('{"ok":true}'),
    );
    vi.stubGlobal('fetch', fetchSpy);
    await apiFetch('/posts', { method: 'POST', form: new FormData() });
    const write = fetchSpy.mock.calls.find(([url]) => url === '/api/posts') as unknown as [
      string,
      RequestInit,
    ];
    expect(write[1].headers).toMatchObject({ 'X-CSRF-TOKEN': 'fresh' });
    expect(document.querySelector('meta[name="csrf-token"]')?.getAttribute('content')).toBe('fresh');
  });

  it('renews a stale token once and sends the write again', async () => {
    let writes = 0;
    const fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/csrf') return new Response('{"token":"new"}');
      writes += 1;
      const token = ((init?.headers ?? {}) as Record<string, string>)['X-CSRF-TOKEN'];
      return token === 'new'
        ? new Response('{"message":"post_deleted"}')
        : new Response('{"message":"csrf_mismatch"}', { status: 403 });
    });
    vi.stubGlobal('fetch', fetchSpy);
    await expect(apiFetch('/posts/1', { method: 'DELETE' })).resolves.toEqual({ message: 'post_deleted' });
    expect(writes).toBe(2);
  });

  it('does not loop when the server keeps refusing', async () => {
    const fetchSpy = vi.fn(async (url: string) =>
      url === '/api/csrf'
        ? new Response('{"token":"again"}')
        : new Response('{"message":"csrf_mismatch"}', { status: 403 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    await expect(apiFetch('/posts/1', { method: 'DELETE' })).rejects.toMatchObject({ status: 403 });
    expect(fetchSpy.mock.calls.filter(([url]) => url !== '/api/csrf')).toHaveLength(2);
  });
});
