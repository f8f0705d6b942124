import { describe, expect, it } from 'vitest';
import { markupInLanguage } from './post-content';

describe("the server's markup of a post", () => {
  it("gives its links to the site's public pages the page's language, and leaves the others alone", () => {
    const html =
      '<p><a href="/contact">a</a> <a href="/blog?page=2&amp;q=x">b</a> <a href="/posts">c</a> ' +
      '<a href="https://example.org/x" rel="noopener noreferrer">d</a> <a href="/about?lng=en">e</a> ' +
      '<a href="#top">f</a></p>';
    expect(markupInLanguage(html, 'ar')).toBe(
      '<p><a href="/contact?lng=ar">a</a> <a href="/blog?page=2&amp;q=x&amp;lng=ar">b</a> <a href="/posts">c</a> ' +
        '<a href="https://example.org/x" rel="noopener noreferrer">d</a> <a href="/about?lng=en">e</a> ' +
        '<a href="#top">f</a></p>',
    );
  });
});
