// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearMarkupOfAnotherPage, dropHeadOfAnotherPage } from './stale-markup';

const IDS = ['site-header', 'single-spa-application:@agency/mf-blog', 'site-footer'];

function page(renderedFor: string | null) {
  document.body.innerHTML = `
    <div id="site-header"><header>Header</header></div>
    <div id="single-spa-application:@agency/mf-blog"><article>A post</article></div>
    <div id="site-footer"><footer>Footer</footer></div>
    ${renderedFor === null ? '' : `<script type="application/json" id="page-data" data-url="${renderedFor}">{}</script>`}`;
}

const filled = () => IDS.filter((id) => document.getElementById(id)?.hasChildNodes());

describe('markup of another page', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('is cleared from every container: a kept page of /blog/a-post opened at /about', () => {
    page('/blog/a-post');
    clearMarkupOfAnotherPage(document, { pathname: '/about', search: '' }, IDS);
    expect(filled()).toEqual([]);
  });

  it('is another page when only the query differs', () => {
    page('/blog?page=2');
    clearMarkupOfAnotherPage(document, { pathname: '/blog', search: '' }, IDS);
    expect(filled()).toEqual([]);
  });

  it('stays when the server rendered this very address, to be hydrated', () => {
    page('/blog/a-post');
    clearMarkupOfAnotherPage(document, { pathname: '/blog/a-post', search: '' }, IDS);
    expect(filled()).toEqual(IDS);
  });

  it('stays at another spelling of the same address: the server renders /blog?page=02 as /blog?page=2', () => {
    page('/blog?page=2');
    clearMarkupOfAnotherPage(document, { pathname: '/blog', search: '?utm_source=chat&page=02' }, IDS);
    expect(filled()).toEqual(IDS);
  });

  it('stays on a page the server did not render', () => {
    page(null);
    clearMarkupOfAnotherPage(document, { pathname: '/posts', search: '' }, IDS);
    expect(filled()).toEqual(IDS);
  });
});

describe("the head's tags about the rendered page", () => {
  const HEAD = `
    <title>A post</title>
    <link rel="canonical" href="https://agency.example/blog/a-post" data-page>
    <link rel="alternate" hreflang="en" href="https://agency.example/blog/a-post" data-page>
    <link rel="alternate" type="application/rss+xml" hreflang="en" title="Blog" href="https://agency.example/feed.xml?lng=en">
    <meta property="og:title" content="A post" data-page>
    <meta property="article:published_time" content="2026-01-02T00:00:00.000Z" data-page>
    <meta name="twitter:card" content="summary" data-page>
    <meta name="description" content="About it">
    <script type="application/ld+json" data-page>{}</script>`;
  const left = () => [...document.head.children].map((el) => el.outerHTML.split(' ').slice(0, 2).join(' '));

  beforeEach(() => {
    document.head.innerHTML = HEAD;
  });

  it('go once the address is another page, the feeds, title and description stay', () => {
    page('/blog/a-post');
    dropHeadOfAnotherPage(document, { pathname: '/about', search: '' });
    expect(left()).toEqual(['<title>A post</title>', '<link rel="alternate"', '<meta name="description"']);
    expect(document.head.querySelector('link[type="application/rss+xml"]')).not.toBeNull();
  });

  it('stay on the page they are about', () => {
    page('/blog/a-post');
    dropHeadOfAnotherPage(document, { pathname: '/blog/a-post', search: '' });
    expect(document.head.children).toHaveLength(9);
  });
});
