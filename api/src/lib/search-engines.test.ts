import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@agency/core/language';
import { describe, expect, it } from 'vitest';
import { apiPackageDir } from '../paths';
import { childOf, childrenOf, NS, parseXml } from '../test/xml';
import {
  BLOG_TEXTS,
  escapeXml,
  FILLED_ROUTES,
  feedLinks,
  PUBLIC_ROUTES,
  rfc822,
  robotsTxt,
  routePath,
  rssXml,
  sitemapXml,
} from './search-engines';

const ORIGIN = 'https://agency.example';
const HOSTILE = '</title><script>alert(1)</script>&amp; ]]> "\'';

describe('escapeXml', () => {
  it.each([
    { text: 'Tom & Jerry <3', escaped: 'Tom &amp; Jerry &lt;3' },
    { text: `"it's"`, escaped: '&quot;it&apos;s&quot;' },
    { text: ']]>', escaped: ']]&gt;' },
    { text: 'مرحبا 👋', escaped: 'مرحبا 👋' },
    { text: 'tab\tline\nreturn\r', escaped: 'tab\tline\nreturn\r' },
    // Forbidden in XML 1.0 even as references: dropped, or the whole document would be unreadable.
    { text: 'a\u0000b\u0001c\u001fd\ufffee\uffff', escaped: 'abcde' },
    { text: 'lone \ud800 and \udc00 halves', escaped: 'lone  and  halves' },
  ])('turns $text into $escaped', ({ text, escaped }) => {
    expect(escapeXml(text)).toBe(escaped);
  });

  it('gives text that parses back to the original', () => {
    const root = parseXml(`<a b="${escapeXml(HOSTILE)}">${escapeXml(HOSTILE)}</a>`);
    expect(root.text).toBe(HOSTILE);
    expect(root.attributes.b).toBe(HOSTILE);
  });
});

describe('rfc822', () => {
  it.each([
    { date: new Date(Date.UTC(2026, 0, 2, 9, 30, 5)), text: 'Fri, 02 Jan 2026 09:30:05 GMT' },
    { date: new Date('2026-11-23T23:59:59.999+03:00'), text: 'Mon, 23 Nov 2026 20:59:59 GMT' },
  ])('writes $date as $text', ({ date, text }) => {
    expect(rfc822(date)).toBe(text);
  });
});

describe('the blog texts', () => {
  it.each(LANGUAGES)('are mf-blog’s own %s list title and lead', (language) => {
    const file = path.join(apiPackageDir, '..', 'mf-blog', 'public', 'locales', language, 'blog.json');
    const { list } = JSON.parse(readFileSync(file, 'utf8')) as { list: { title: string; lead: string } };
    expect(BLOG_TEXTS[language]).toEqual({ title: list.title, lead: list.lead });
  });
});

describe('public routes', () => {
  it('fills every public route with a parameter (a new one must be taught to the sitemap)', () => {
    const withParams = PUBLIC_ROUTES.filter((route) => route.pattern.includes(':')).map((r) => r.name);
    expect(withParams.sort()).toEqual(Object.values(FILLED_ROUTES).sort());
    expect(PUBLIC_ROUTES.map((route) => route.pattern)).not.toContain('/posts');
  });

  it('percent-encodes each parameter as a path segment', () => {
    expect(routePath('blog-post', { slug: 'مرحبا-بالعالم' })).toBe(
      '/blog/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7-%D8%A8%D8%A7%D9%84%D8%B9%D8%A7%D9%84%D9%85',
    );
    expect(routePath('service-detail', { serviceType: 'a/b?c#d' })).toBe('/services/a%2Fb%3Fc%23d');
  });
});

describe('robotsTxt', () => {
  it('allows the site, keeps crawlers out of the editor screens, the API and shared previews, and names the sitemap', () => {
    expect(robotsTxt(ORIGIN)).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /preview/',
        'Disallow: /new_blog',
        'Disallow: /edit_blog/',
        'Disallow: /posts/edit/',
        'Disallow: /posts',
        'Disallow: /account',
        'Disallow: /messages',
        'Disallow: /messages/',
        'Disallow: /site/',
        'Disallow: /login',
        'Disallow: /login/',
        '',
        'Sitemap: https://agency.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});

describe('sitemapXml', () => {
  it('lists a service translated into one language only in that language, without alternates', () => {
    const root = parseXml(sitemapXml(ORIGIN, [{ slug: 'only-ar', languages: ['ar'] }], []));
    const entries = childrenOf(root, NS.sitemap, 'url').filter((url) =>
      childOf(url, NS.sitemap, 'loc').text.includes('only-ar'),
    );
    expect(entries.map((url) => childOf(url, NS.sitemap, 'loc').text)).toEqual([
      'https://agency.example/services/only-ar?lng=ar',
    ]);
    expect(childrenOf(entries[0] ?? root, NS.xhtml, 'link')).toEqual([]);
  });

  it('dates a post by its last edit, or by its publication when that came later (a scheduled post)', () => {
    const edited = new Date('2026-03-04T05:06:07.089Z');
    const published = new Date('2026-05-01T00:00:00.000Z');
    const root = parseXml(
      sitemapXml(
        ORIGIN,
        [],
        [
          {
            slug: 'later-published',
            language: 'en',
            updatedAt: edited,
            publishedAt: published,
            translationGroup: null,
          },
          {
            slug: 'edited-after',
            language: 'ar',
            updatedAt: published,
            publishedAt: edited,
            translationGroup: null,
          },
        ],
      ),
    );
    const lastmod = (loc: string) => {
      const url = childrenOf(root, NS.sitemap, 'url').find((u) => childOf(u, NS.sitemap, 'loc').text === loc);
      return url && childrenOf(url, NS.sitemap, 'lastmod').map((m) => m.text);
    };
    expect(lastmod(`${ORIGIN}/blog/later-published`)).toEqual([published.toISOString()]);
    expect(lastmod(`${ORIGIN}/blog/edited-after`)).toEqual([published.toISOString()]);
    // The blog's list page changed when its newest post did, in its language.
    expect(lastmod(`${ORIGIN}/blog?lng=en`)).toEqual([published.toISOString()]);
    expect(lastmod(`${ORIGIN}/blog?lng=ar`)).toEqual([published.toISOString()]);
    expect(lastmod(`${ORIGIN}/about`)).toEqual([]);
  });
});

describe('sitemapXml with translated posts', () => {
  it("lists a post and its translation as each other's alternates, English the default, and no alternate for a post alone", () => {
    const at = new Date('2026-03-04T00:00:00.000Z');
    const post = (slug: string, language: 'en' | 'ar', translationGroup: number | null) => ({
      slug,
      language,
      updatedAt: at,
      publishedAt: at,
      translationGroup,
    });
    const root = parseXml(
      sitemapXml(ORIGIN, [], [post('story-ar', 'ar', 4), post('alone', 'en', null), post('story', 'en', 4)]),
    );
    const linksOf = (loc: string) => {
      const url = childrenOf(root, NS.sitemap, 'url').find((u) => childOf(u, NS.sitemap, 'loc').text === loc);
      return url
        ? childrenOf(url, NS.xhtml, 'link').map((link) => [link.attributes.hreflang, link.attributes.href])
        : null;
    };
    const set = [
      ['en', `${ORIGIN}/blog/story`],
      ['ar', `${ORIGIN}/blog/story-ar`],
      ['x-default', `${ORIGIN}/blog/story`],
    ];
    expect(linksOf(`${ORIGIN}/blog/story`)).toEqual(set);
    expect(linksOf(`${ORIGIN}/blog/story-ar`)).toEqual(set);
    expect(linksOf(`${ORIGIN}/blog/alone`)).toEqual([]);
  });
});

describe('rssXml', () => {
  it('escapes what a post holds and keeps the feed readable', () => {
    const xml = rssXml(ORIGIN, 'A & B <Agency>', 'en', [
      {
        slug: 'x',
        title: HOSTILE,
        description: `<p onclick="x()">${HOSTILE}</p>`,
        publishedAt: new Date(Date.UTC(2026, 0, 2)),
      },
    ]);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('<p ');
    const channel = childOf(parseXml(xml), '', 'channel');
    expect(childOf(channel, '', 'title').text).toBe('Blog | A & B <Agency>');
    const item = childOf(channel, '', 'item');
    expect(childOf(item, '', 'title').text).toBe(HOSTILE);
    expect(childOf(item, '', 'description').text).toBe(`<p onclick="x()">${HOSTILE}</p>`);
  });
});

describe('feedLinks', () => {
  it('names one feed per language, absolute and titled like the blog page', () => {
    expect(feedLinks(ORIGIN, 'Agency')).toEqual([
      { language: 'en', title: 'Blog | Agency', href: 'https://agency.example/feed.xml?lng=en' },
      { language: 'ar', title: 'المدونة | Agency', href: 'https://agency.example/feed.xml?lng=ar' },
    ]);
  });
});
