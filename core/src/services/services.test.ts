// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetServices, getServices } from './services';

describe('getServices', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetServices();
  });

  it('asks the server once per language however many parts of the page want the services', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ data: { data: [{ id: 1, key: 'seo' }] } })),
    );
    vi.stubGlobal('fetch', fetch);
    const [footer, grid] = await Promise.all([getServices('en'), getServices('en')]);
    expect(footer).toBe(grid);
    await getServices('en');
    expect(fetch).toHaveBeenCalledTimes(1);
    await getServices('ar');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks again after a failure', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValue(new Response(JSON.stringify({ data: { data: [] } })));
    vi.stubGlobal('fetch', fetch);
    await expect(getServices('en')).rejects.toThrow('HTTP error! status: 503');
    await expect(getServices('en')).resolves.toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it.each([
    { body: { data: [] }, why: 'a list at data instead of data.data' },
    { body: { data: { data: null } }, why: 'no list' },
    { body: null, why: 'an empty body' },
  ])('rejects $why', async ({ body }) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body === null ? '' : JSON.stringify(body))),
    );
    await expect(getServices('en')).rejects.toThrow('Unexpected services response');
  });

  it("rejects with the spec's HTTP error text", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    await expect(getServices('ar')).rejects.toThrow('HTTP error! status: 503');
  });
});
