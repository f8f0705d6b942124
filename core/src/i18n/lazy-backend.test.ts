import i18next, { type ReadCallback } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyHttpBackend } from './lazy-backend';
import { createI18n, i18nOptions } from './setup';

/** A stand-in for i18next-http-backend's module that records what it is asked. */
function fakeLibrary(files: Record<string, Record<string, string>>) {
  const made: { init: unknown[]; reads: string[] }[] = [];
  class FakeHttpBackend {
    record = { init: [] as unknown[], reads: [] as string[] };
    constructor() {
      made.push(this.record);
    }
    init(...args: unknown[]) {
      this.record.init = args;
    }
    read(language: string, namespace: string, callback: ReadCallback) {
      this.record.reads.push(`${language}/${namespace}`);
      const file = files[`${language}/${namespace}`];
      if (file) callback(null, file);
      else callback(new Error('404'), false);
    }
  }
  return { made, module: { default: FakeHttpBackend } };
}

function read(backend: LazyHttpBackend, language: string, namespace: string) {
  return new Promise<{ error: Error | string | null; data: unknown; retry?: boolean }>((resolve) =>
    backend.read(language, namespace, (error, data) =>
      resolve({ error: error ?? null, data, retry: typeof data === 'boolean' ? data : undefined }),
    ),
  );
}

describe('LazyHttpBackend', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches nothing while the page has every translation it asks for', async () => {
    const load = vi.fn();
    const instance = i18next.createInstance().use(new LazyHttpBackend(load));
    const options = i18nOptions('ar', ['blog']);
    await instance.init({
      ...options,
      fallbackLng: false,
      partialBundledLanguages: true,
      resources: { ar: { common: { hi: 'مرحبا' }, blog: { title: 'المدونة' } } },
    });
    expect(instance.t('title', { ns: 'blog' })).toBe('المدونة');
    expect(load).not.toHaveBeenCalled();
  });

  it('fetches the library once, with the first file to read, and sets it up with its settings', async () => {
    const library = fakeLibrary({ 'en/common': { hi: 'Hi' }, 'en/blog': { title: 'Blog' } });
    const load = vi.fn(async () => library.module);
    const backend = new LazyHttpBackend(load);
    const services = {} as never;
    backend.init(services, { loadPath: '/locales/{{lng}}/{{ns}}.json' }, { ns: ['common'] });
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([read(backend, 'en', 'common'), read(backend, 'en', 'blog')]);
    expect(first.data).toEqual({ hi: 'Hi' });
    expect(second.data).toEqual({ title: 'Blog' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(library.made).toHaveLength(1);
    expect(library.made[0]?.init).toEqual([
      services,
      { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      { ns: ['common'] },
    ]);
    expect(library.made[0]?.reads).toEqual(['en/common', 'en/blog']);
  });

  it('answers a failed download as a read worth retrying, and downloads again at the next read', async () => {
    const library = fakeLibrary({ 'ar/shell': { menu: 'القائمة' } });
    const load = vi
      .fn<() => Promise<typeof library.module>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(library.module);
    const backend = new LazyHttpBackend(load);
    backend.init({} as never, {}, {});
    const failed = await read(backend, 'ar', 'shell');
    expect(String(failed.error)).toMatch(/Failed to fetch/);
    expect(failed.retry).toBe(true);
    const again = await read(backend, 'ar', 'shell');
    expect(again.error).toBeNull();
    expect(again.data).toEqual({ menu: 'القائمة' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is the backend of the site: a namespace the page lacks is read over HTTP with the site loadPath', async () => {
    const fetchSpy = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ hello: 'أهلا' }), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const instance = createI18n(i18next.createInstance());
    await instance.init({
      ...i18nOptions('ar', ['common']),
      fallbackLng: false,
      partialBundledLanguages: true,
      resources: { ar: { common: {} } },
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    await instance.loadNamespaces(['shell']);
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual(['/locales/ar/shell.json']);
    expect(instance.t('hello', { ns: 'shell' })).toBe('أهلا');
  });
});
