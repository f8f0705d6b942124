import { describe, expect, it } from 'vitest';
import { pageAddress } from './page-data';

describe('pageAddress: one spelling for what a page shows', () => {
  it.each([
    // The blog's page number, however it is written.
    ['/blog?page=2', '/blog?page=2'],
    ['/blog?page=02', '/blog?page=2'],
    ['/blog?page=0002', '/blog?page=2'],
    ['/blog?lng=en&page=2', '/blog?page=2&lng=en'],
    ['/blog?page=2&lng=en', '/blog?page=2&lng=en'],
    // Anything that is no page number past the first is the first page.
    ['/blog?page=1', '/blog'],
    ['/blog?page=0', '/blog'],
    ['/blog?page=-1', '/blog'],
    ['/blog?page=abc', '/blog'],
    ['/blog?page=1.5', '/blog'],
    ['/blog?page=', '/blog'],
    ['/blog?page=99999999999999999999', '/blog'],
    // A page past the last keeps its number: the server answers it 404.
    ['/blog?page=987654', '/blog?page=987654'],
    // The blog's search, trimmed, before the page; only on the blog's list.
    ['/blog?page=2&q=+design+&lng=en', '/blog?q=design&page=2&lng=en'],
    ['/blog?q=%D8%A3%D8%AD%D9%85%D8%AF', '/blog?q=%D8%A3%D8%AD%D9%85%D8%AF'],
    ['/blog?q=+++', '/blog'],
    ['/blog/a-post?q=design', '/blog/a-post'],
    ['/about?q=design', '/about'],
    // The portfolio has pages and categories (one it knows, else every project).
    ['/portfolio?page=2&category=web&lng=ar', '/portfolio?category=web&page=2&lng=ar'],
    ['/portfolio?category=cooking&page=02', '/portfolio?page=2'],
    ['/portfolio?category=design', '/portfolio?category=design'],
    ['/portfolio/a-project?page=2&category=web', '/portfolio/a-project'],
    // Only the blog and the portfolio have pages.
    ['/about?page=5', '/about'],
    ['/blog/a-post?page=3', '/blog/a-post'],
    ['/nowhere?page=3', '/nowhere'],
    // `lng` only when it names one of our languages exactly; anything else chooses nothing, as no `lng` does.
    ['/about?lng=ar', '/about?lng=ar'],
    ['/about?lng=zz91', '/about'],
    ['/about?lng=AR', '/about'],
    ['/about?lng=ar-EG', '/about'],
    ['/about?lng=ar&lng=en', '/about?lng=ar'],
    // Other parameters and fragments change nothing shown.
    ['/about?utm_source=chat', '/about'],
    ['/?utm_source=chat&lng=en#top', '/?lng=en'],
    ['/blog#x?page=2', '/blog'],
    ['/', '/'],
  ])('%s is %s', (url, address) => {
    expect(pageAddress(url)).toBe(address);
  });
});
