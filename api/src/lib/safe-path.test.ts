import { describe, expect, it } from 'vitest';
import { isHashedAsset, isSafeFileName, rawPathname, safeRelativePath } from './safe-path';

describe('safeRelativePath', () => {
  it.each([
    { encoded: '', expected: '' },
    { encoded: 'index.html', expected: 'index.html' },
    { encoded: 'assets/app-1a2b.js', expected: 'assets/app-1a2b.js' },
    { encoded: 'images/a%20b.png', expected: 'images/a b.png' },
    { encoded: 'locales/ar/%D8%A3.json', expected: 'locales/ar/أ.json' },
    { encoded: '..', expected: null },
    { encoded: 'a/../b', expected: null },
    { encoded: '%2e%2e/secret', expected: null },
    { encoded: '%2E%2E%2Fsecret', expected: null },
    { encoded: 'a%2Fb', expected: null },
    { encoded: 'a%5Cb', expected: null },
    { encoded: 'a%00b', expected: null },
    { encoded: './a', expected: null },
    { encoded: '.env', expected: null },
    { encoded: 'a//b', expected: null },
    { encoded: 'a/', expected: null },
    { encoded: '%E0%A4%A', expected: null },
  ])('safeRelativePath($encoded) = $expected', ({ encoded, expected }) => {
    expect(safeRelativePath(encoded)).toBe(expected);
  });
});

describe('isSafeFileName', () => {
  it.each([
    { name: 'poster-1.webp', expected: true },
    { name: 'a b.png', expected: true },
    { name: '', expected: false },
    { name: '.', expected: false },
    { name: '..', expected: false },
    { name: '...', expected: false },
    { name: '.hidden', expected: false },
    { name: 'a/b.png', expected: false },
    { name: 'a\\b.png', expected: false },
    { name: 'a\0.png', expected: false },
  ])('isSafeFileName($name) = $expected', ({ name, expected }) =>
    expect(isSafeFileName(name)).toBe(expected),
  );
});

describe('isHashedAsset', () => {
  it.each([
    { path: 'assets/index-1a2b.js', expected: true },
    { path: 'nested/assets/x.css', expected: true },
    { path: 'assets', expected: false },
    { path: 'remoteEntry.js', expected: false },
    { path: 'my-assets/x.js', expected: false },
  ])('isHashedAsset($path) = $expected', ({ path, expected }) => expect(isHashedAsset(path)).toBe(expected));
});

describe('rawPathname', () => {
  it.each([
    { url: '/a/b?x=1', expected: '/a/b' },
    { url: '/a#frag', expected: '/a' },
    { url: '/a%3Fb', expected: '/a%3Fb' },
  ])('rawPathname($url) = $expected', ({ url, expected }) => expect(rawPathname(url)).toBe(expected));
});
