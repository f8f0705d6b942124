import { describe, expect, it } from 'vitest';
import { loginPath, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it.each([
    { next: '/edit_blog/hello?x=1', expected: '/edit_blog/hello?x=1' },
    { next: '/new_blog?draft=abc', expected: '/new_blog?draft=abc' },
    { next: null, expected: '/posts' },
    { next: '', expected: '/posts' },
    { next: 'https://evil.example/', expected: '/posts' },
    { next: '//evil.example/', expected: '/posts' },
    { next: '/\\evil.example', expected: '/posts' },
    { next: '/login', expected: '/posts' },
    { next: '/login?next=/posts', expected: '/posts' },
    // `/%09/evil.example` as the router hands it over: a tab a browser would drop, making it `//evil.example`.
    { next: '/\t/evil.example', expected: '/posts' },
    { next: '/\n/evil.example', expected: '/posts' },
    { next: '/posts\u0000', expected: '/posts' },
    { next: '/\u001b[31m', expected: '/posts' },
    { next: '/edit_blog/%09ok', expected: '/edit_blog/%09ok' },
    { next: '/./login?next=/posts', expected: '/posts' },
  ])('$next -> $expected', ({ next, expected }) => expect(safeNextPath(next)).toBe(expected));
});

describe('loginPath', () => {
  it('returns to the path and query the editor was on', () => {
    expect(loginPath({ pathname: '/new_blog', search: '?draft=a1' })).toBe(
      '/login?next=%2Fnew_blog%3Fdraft%3Da1',
    );
  });
});
