import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n, i18nOptions, isRetryableTranslationFailure, TRANSLATION_LOADING } from './setup';

describe('isRetryableTranslationFailure', () => {
  it.each([
    { status: 400, retry: false },
    { status: 404, retry: false },
    { status: 499, retry: false },
    { status: 500, retry: true },
    { status: 503, retry: true },
    { status: 0, retry: true },
    { status: undefined, retry: true },
  ])('status $status retry=$retry', ({ status, retry }) =>
    expect(isRetryableTranslationFailure(status)).toBe(retry),
  );
});

function response(status: number, body: unknown = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function load(fetchImpl: (url: string) => Promise<Response>) {
  const calls: number[] = [];
  const fetchSpy = vi.fn(async (url: string) => {
    calls.push(Date.now());
    return fetchImpl(url);
  });
  vi.stubGlobal('fetch', fetchSpy);
  const instance = createI18n(i18next.createInstance());
  const init = instance.init(i18nOptions('en', ['shell']));
  // The backend arrives as a module of its own (lazy-backend.ts): the retries' timers run once it reads.
  let settled = false;
  void init.finally(() => {
    settled = true;
  });
  while (!settled) await vi.advanceTimersByTimeAsync(50);
  await init;
  return { instance, fetchSpy, calls };
}

describe('loading translations', () => {
  // The backend's module, loaded once so that a test's reads begin within its fake time.
  beforeAll(() => import('i18next-http-backend'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('uses the spec limits', () => {
    expect(TRANSLATION_LOADING).toEqual({ maxParallelReads: 10, maxRetries: 5, retryTimeout: 350 });
    const opts = i18nOptions('ar', ['blog']);
    expect(opts.fallbackLng).toBe('en');
    expect(opts.maxRetries).toBe(5);
  });

  it('retries a 5xx with a doubling delay, then uses the file', async () => {
    vi.useFakeTimers();
    const failures = new Map<string, number>();
    const { instance, calls } = await load(async (url) => {
      if (!url.includes('/shell.json')) return response(200, {});
      const n = failures.get(url) ?? 0;
      failures.set(url, n + 1);
      return n < 3 ? response(503) : response(200, { hello: 'Hello' });
    });
    expect(instance.t('hello', { ns: 'shell' })).toBe('Hello');
    expect(failures.get('/locales/en/shell.json')).toBe(4);
    const shellCalls = calls.slice(-4);
    const gaps = shellCalls.slice(1).map((t, i) => t - (shellCalls[i] as number));
    expect(gaps).toEqual([350, 700, 1400]);
  });

  it('gives up after 5 retries', async () => {
    vi.useFakeTimers();
    const { fetchSpy } = await load(async (url) =>
      url.includes('/shell.json') ? response(500) : response(200),
    );
    const shellCalls = fetchSpy.mock.calls.filter(([url]) => String(url).includes('/shell.json'));
    expect(shellCalls).toHaveLength(1 + 5);
  });

  it('retries network errors', async () => {
    vi.useFakeTimers();
    let n = 0;
    const { instance } = await load(async (url) => {
      if (!url.includes('/shell.json')) return response(200, {});
      n += 1;
      if (n === 1) throw new TypeError('Failed to fetch');
      return response(200, { hi: 'Hi' });
    });
    expect(n).toBe(2);
    expect(instance.t('hi', { ns: 'shell' })).toBe('Hi');
  });

  it('does not retry a 4xx', async () => {
    vi.useFakeTimers();
    const { fetchSpy } = await load(async (url) =>
      url.includes('/shell.json') ? response(404) : response(200),
    );
    const shellCalls = fetchSpy.mock.calls.filter(([url]) => String(url).includes('/shell.json'));
    expect(shellCalls).toHaveLength(1);
  });
});
