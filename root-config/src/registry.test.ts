import { describe, expect, it, vi } from 'vitest';
import { loadRegistry, parseRegistry } from './registry';

describe('parseRegistry', () => {
  it('accepts same-origin paths and http(s) URLs ending in a slash', () => {
    expect(parseRegistry({ mf_blog: '/mf/mf-blog/', mf_admin: 'http://localhost:5104/' })).toEqual({
      mf_blog: '/mf/mf-blog/',
      mf_admin: 'http://localhost:5104/',
    });
  });

  it.each([
    { value: [], why: 'an array' },
    { value: null, why: 'null' },
    { value: { mf_blog: 'javascript:alert(1)/' }, why: 'a javascript: URL' },
    { value: { mf_blog: '/mf/mf-blog' }, why: 'a base without a trailing slash' },
    { value: { 'mf-blog': '/mf/mf-blog/' }, why: 'a name that is not an identifier' },
    { value: { mf_blog: 42 }, why: 'a number' },
  ])('rejects $why', ({ value }) => expect(() => parseRegistry(value)).toThrow());
});

describe('loadRegistry', () => {
  it('asks for a fresh copy and validates it', async () => {
    const fetchImpl = vi.fn(async () => new Response('{"mf_blog":"/mf/mf-blog/"}'));
    await expect(loadRegistry(fetchImpl)).resolves.toEqual({ mf_blog: '/mf/mf-blog/' });
    expect(fetchImpl).toHaveBeenCalledWith('/mf-registry.json', { cache: 'no-cache' });
  });

  it('fails on an HTTP error', async () => {
    await expect(loadRegistry(async () => new Response('', { status: 500 }))).rejects.toThrow('HTTP 500');
  });
});
