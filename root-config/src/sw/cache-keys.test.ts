import { PAGE_DATA_ELEMENT_ID } from '@agency/core/page-data';
import { describe, expect, it } from 'vitest';
import {
  apiKeyFromHtml,
  isAppPage,
  isShareable,
  normalizeApiUrl,
  PAGE_DATA_ID,
  pageReads,
  portfolioImageUrls,
  remoteFiles,
  sameImageUrls,
} from './cache-keys';

describe('normalizeApiUrl', () => {
  it.each([
    ['https://x.test/api/posts?per_page=9&language=en', 'https://x.test/api/posts?language=en&per_page=9'],
    [
      'https://x.test/api/posts?language=en&per_page=9&page=1',
      'https://x.test/api/posts?language=en&per_page=9',
    ],
    ['https://x.test/api/posts?page=2&language=ar', 'https://x.test/api/posts?language=ar&page=2'],
    ['https://x.test/api/posts/hello?language=en', 'https://x.test/api/posts/hello?language=en'],
  ])('%s', (input, expected) => expect(normalizeApiUrl(input)).toBe(expected));
});

describe('isShareable', () => {
  it.each([
    { status: 200, cacheControl: 'no-cache', ok: true },
    { status: 200, cacheControl: 'private, no-store', ok: false },
    { status: 404, cacheControl: 'no-cache', ok: false },
    { status: 500, cacheControl: '', ok: false },
  ])('$status $cacheControl', ({ status, cacheControl, ok }) => {
    expect(
      isShareable(
        new Response(status === 200 ? '{}' : null, { status, headers: { 'cache-control': cacheControl } }),
      ),
    ).toBe(ok);
  });
});

describe('isAppPage', () => {
  it.each([
    { status: 200, type: 'text/html; charset=utf-8', ok: true },
    { status: 404, type: 'text/html; charset=utf-8', ok: false },
    { status: 200, type: 'application/rss+xml; charset=utf-8', ok: false },
    { status: 200, type: 'application/xml; charset=utf-8', ok: false },
    { status: 200, type: 'text/plain; charset=utf-8', ok: false },
    { status: 200, type: '', ok: false },
  ])('$status $type', ({ status, type, ok }) => {
    const body = status === 200 ? '<!doctype html>' : null;
    expect(isAppPage(new Response(body, { status, headers: type ? { 'content-type': type } : {} }))).toBe(ok);
  });
});

describe('remoteFiles', () => {
  it('lists the entry, the manifest and every asset', () => {
    const files = remoteFiles('/mf/mf-blog/', {
      metaData: { publicPath: '/mf/mf-blog/', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          assets: { js: { sync: ['assets/a.js'], async: ['assets/b.js'] }, css: { sync: ['assets/a.css'] } },
        },
      ],
      shared: [{ assets: { js: { sync: ['assets/a.js', 'assets/react.js'] } } }],
    });
    expect(files.sort()).toEqual(
      [
        '/mf/mf-blog/mf-manifest.json',
        '/mf/mf-blog/remoteEntry.js',
        '/mf/mf-blog/assets/a.js',
        '/mf/mf-blog/assets/b.js',
        '/mf/mf-blog/assets/a.css',
        '/mf/mf-blog/assets/react.js',
      ].sort(),
    );
  });
});

it('reads the API key from the page', () => {
  expect(apiKeyFromHtml('<head><meta name="api-key" content="k-1"></head>')).toBe('k-1');
  expect(apiKeyFromHtml('<head></head>')).toBe('');
});

describe('the same stored image at other widths', () => {
  const base = `https://agency.example/storage/poster_images/${'a'.repeat(32)}`;
  it('offers the stored file first, then every other width, widest first', () => {
    expect(sameImageUrls(`${base}-480w.webp`, [480, 800, 1200])).toEqual([
      `${base}.webp`,
      `${base}-1200w.webp`,
      `${base}-800w.webp`,
    ]);
    expect(sameImageUrls(`${base}.webp`, [480, 800])).toEqual([`${base}-800w.webp`, `${base}-480w.webp`]);
  });
  it('offers nothing for any other URL', () => {
    expect(sameImageUrls('https://agency.example/storage/poster_images/x.png', [480])).toEqual([]);
    expect(sameImageUrls('https://agency.example/mf/assets/a.js', [480])).toEqual([]);
  });
});

describe("a server-rendered page's reads", () => {
  const page = (json: string, id = PAGE_DATA_ID) =>
    `<html><body><div id="root"></div><script type="application/json" id="${id}" data-url="/blog/x">${json}</script></body></html>`;

  it('gives each 200 API answer the page carries, under the key the API caches use', () => {
    const data = {
      url: '/blog/x',
      language: 'ar',
      reads: {
        '/api/posts/%D8%AE?language=ar': { status: 200, body: { id: 1, title: 'خ \u003c/script>' } },
        '/api/posts?per_page=9&language=ar&page=1': { status: 200, body: { data: { data: [] } } },
        '/api/posts/gone?language=ar': { status: 404, body: { message: 'Blog post not found' } },
        '/locales/ar/blog.json': { status: 200, body: {} },
      },
    };
    // As the server writes it: `<` escaped so nothing in a post ends the element.
    const html = page(JSON.stringify(data).replace(/</g, '\\u003c'));
    expect(pageReads(html, 'https://agency.example')).toEqual([
      {
        url: 'https://agency.example/api/posts/%D8%AE?language=ar',
        body: { id: 1, title: 'خ </script>' },
      },
      { url: 'https://agency.example/api/posts?language=ar&per_page=9', body: { data: { data: [] } } },
    ]);
  });

  it('gives nothing for a page rendered in the browser, or a block it cannot read', () => {
    expect(pageReads('<html><body><div id="root"></div></body></html>', 'https://a.example')).toEqual([]);
    expect(pageReads(page('{"reads":'), 'https://a.example')).toEqual([]);
    expect(
      pageReads(page('{"reads":{"/api/x":{"status":200,"body":1}}}', 'other'), 'https://a.example'),
    ).toEqual([]);
  });

  it("names the block as core's page data does", () => {
    expect(PAGE_DATA_ID).toBe(PAGE_DATA_ELEMENT_ID);
  });
});

describe('the images of a portfolio read', () => {
  const image = (c: string) => `/storage/poster_images/${c.repeat(32)}.webp`;
  it('lists a list’s covers and a project’s cover, SEO image and gallery, once each', () => {
    expect(
      portfolioImageUrls({ data: { data: [{ cover_image: image('a') }, { cover_image: image('b') }] } }),
    ).toEqual([image('a'), image('b')]);
    expect(
      portfolioImageUrls({
        data: {
          cover_image: image('a'),
          seo_image: null,
          gallery: [
            { image: image('c'), alt: 'x' },
            { image: image('a'), alt: 'y' },
          ],
        },
      }),
    ).toEqual([image('a'), image('c')]);
  });
  it("lists the covers of the home page's teaser (GET /api/home's projects)", () => {
    expect(
      portfolioImageUrls({
        data: { texts: {}, logos: [], projects: [{ cover_image: image('d') }, { cover_image: image('e') }] },
      }),
    ).toEqual([image('d'), image('e')]);
  });
  it('lists nothing that is not a stored image', () => {
    expect(portfolioImageUrls({ data: { cover_image: 'https://elsewhere.example/x.webp' } })).toEqual([]);
    expect(portfolioImageUrls(null)).toEqual([]);
    expect(portfolioImageUrls({ message: 'Project not found' })).toEqual([]);
  });
});
