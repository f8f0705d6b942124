import { describe, expect, it } from 'vitest';
import { blogPathForLink, decodeLabel, linkKind, parsePage } from './pagination';

describe('server pagination labels', () => {
  it.each([
    { label: '&laquo; Previous', text: '« Previous', kind: 'previous' },
    { label: 'Next &raquo;', text: 'Next »', kind: 'next' },
    { label: 'pagination.previous', text: 'pagination.previous', kind: 'previous' },
    { label: 'pagination.next', text: 'pagination.next', kind: 'next' },
    { label: '&#171; Previous', text: '« Previous', kind: 'previous' },
    { label: '3', text: '3', kind: 'page' },
    { label: ' 12 ', text: '12', kind: 'page' },
    { label: '...', text: '...', kind: 'gap' },
    { label: '&hellip;', text: '…', kind: 'gap' },
    { label: '<b>x</b>&unknown;', text: '<b>x</b>&unknown;', kind: 'gap' },
  ])('$label', ({ label, text, kind }) => {
    expect(decodeLabel(label)).toBe(text);
    expect(linkKind(label)).toBe(kind);
  });
});

describe('parsePage', () => {
  it.each([
    { value: null, page: 1 },
    { value: '', page: 1 },
    { value: '2', page: 2 },
    { value: '0', page: 1 },
    { value: '-3', page: 1 },
    { value: '2.5', page: 1 },
    { value: 'abc', page: 1 },
    { value: '99999999999999999999', page: 1 },
  ])('?page=$value is page $page', ({ value, page }) => expect(parsePage(value)).toBe(page));
});

describe('blogPathForLink', () => {
  it.each([
    { url: 'http://localhost:8080/api/posts?page=2', path: '/blog?page=2' },
    { url: '/api/posts?language=ar&per_page=9&page=3', path: '/blog?page=3' },
    { url: 'https://agency.example/api/posts?page=1', path: '/blog' },
    { url: '/api/posts', path: '/blog' },
  ])('$url leads to $path', ({ url, path }) => expect(blogPathForLink(url)).toBe(path));
});
