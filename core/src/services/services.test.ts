// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getServices } from './services';

describe('getServices', () => {
  afterEach(() => vi.unstubAllGlobals());

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
