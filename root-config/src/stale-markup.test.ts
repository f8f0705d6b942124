// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearMarkupOfAnotherPage } from './stale-markup';

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

  it('stays on a page the server did not render', () => {
    page(null);
    clearMarkupOfAnotherPage(document, { pathname: '/posts', search: '' }, IDS);
    expect(filled()).toEqual(IDS);
  });
});
