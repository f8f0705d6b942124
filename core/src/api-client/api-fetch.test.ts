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
});
