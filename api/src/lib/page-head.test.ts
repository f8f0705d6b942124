import { describe, expect, it } from 'vitest';
import { type PageHeadInput, pageHeadTags } from './page-head';

const ORIGIN = 'https://agency.example';
const SITE = {
  name: 'Agency',
  email: 'hello@agency.example',
  phone: '+1 555 0100',
  social: {
    facebook: 'https://facebook.com/agency',
    x: '',
    instagram: 'javascript:alert(1)',
    tiktok: '',
    youtube: '',
  },
  address: '',
  defaultCountry: 'GB',
  contactRetentionDays: 365,
};
const LABELS = { home: 'Home', blog: 'Blog', services: 'Services', about: 'About' };

function head(overrides: Partial<PageHeadInput>) {
  const html = pageHeadTags({
    origin: ORIGIN,
    site: SITE,
    language: 'en',
    route: { name: 'about', params: {} },
    query: new URLSearchParams(),
    found: true,
    title: 'About | Agency',
    description: 'Who we are.',
    labels: LABELS,
    ...overrides,
  });
  // Attribute values as a browser reads them (`&amp;` in a URL is `&`).
  const decode = (value: string | undefined) => value?.replaceAll('&amp;', '&');
  const attr = (selector: RegExp) => decode(selector.exec(html)?.[1]);
  const links = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" data-page>/g)].map(
    ([, lang, href]) => [lang, decode(href)],
  );
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json" data-page>(.*?)<\/script>/gs)].map(
    ([, json]) => JSON.parse(json as string) as Record<string, unknown>,
  );
  return {
    html,
    canonical: attr(/<link rel="canonical" href="([^"]+)" data-page>/),
    og: (name: string) => attr(new RegExp(`<meta property="og:${name}" content="([^"]*)" data-page>`)),
    twitter: (name: string) => attr(new RegExp(`<meta name="twitter:${name}" content="([^"]*)" data-page>`)),
    links,
    jsonLd: (type: string) => jsonLd.find((item) => item['@type'] === type),
  };
}

describe('the head of a public page', () => {
  it('names the page canonically, with its alternates in each language and the x-default', () => {
    const plain = head({});
    expect(plain.canonical).toBe(`${ORIGIN}/about`);
    expect(plain.links).toEqual([
      ['en', `${ORIGIN}/about?lng=en`],
      ['ar', `${ORIGIN}/about?lng=ar`],
      ['x-default', `${ORIGIN}/about`],
    ]);
    // The address chose Arabic: that URL is the canonical one; made-up parameters never get in.
    const arabic = head({ language: 'ar', query: new URLSearchParams('lng=ar&utm_source=x') });
    expect(arabic.canonical).toBe(`${ORIGIN}/about?lng=ar`);
    expect(arabic.og('locale')).toBe('ar_AR');
    expect(arabic.og('locale:alternate')).toBe('en_US');
    // The blog's later pages keep their number; its first page does not carry one.
    const second = head({ route: { name: 'blog', params: {} }, query: new URLSearchParams('page=2&lng=en') });
    expect(second.canonical).toBe(`${ORIGIN}/blog?page=2&lng=en`);
    expect(second.links).toContainEqual(['x-default', `${ORIGIN}/blog?page=2`]);
    expect(
      head({ route: { name: 'blog', params: {} }, query: new URLSearchParams('page=1') }).canonical,
    ).toBe(`${ORIGIN}/blog`);
  });

  it('gives a link preview the title, description, URL and the site image', () => {
    const page = head({});
    expect(page.og('type')).toBe('website');
    expect(page.og('title')).toBe('About | Agency');
    expect(page.og('description')).toBe('Who we are.');
    expect(page.og('url')).toBe(`${ORIGIN}/about`);
    expect(page.og('site_name')).toBe('Agency');
    expect(page.og('image')).toBe(`${ORIGIN}/icons/icon-512.png`);
    expect(page.twitter('card')).toBe('summary');
    expect(page.jsonLd('Organization')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${ORIGIN}/#organization`,
      name: 'Agency',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/icons/icon-512.png`,
      email: 'hello@agency.example',
      telephone: '+1 555 0100',
      sameAs: ['https://facebook.com/agency'],
    });
    expect(page.jsonLd('BreadcrumbList')).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Home', item: `${ORIGIN}/` },
        { position: 2, name: 'About', item: `${ORIGIN}/about` },
      ],
    });
    expect(head({ route: { name: 'home', params: {} } }).jsonLd('BreadcrumbList')).toBeUndefined();
  });

  it('describes a post: its one URL, its poster as an absolute URL, BlogPosting and its trail', () => {
    const post = {
      title: 'Launch </script><script>alert(1)</script>',
      slug: 'launch day',
      language: 'ar' as const,
      poster_image_url: '/storage/poster_images/launch.webp',
      published_at: '2026-01-02T09:30:00.000Z',
      updated_at: '2026-01-03T10:00:00.000Z',
    };
    const page = head({
      route: { name: 'blog-post', params: { slug: 'launch day' } },
      query: new URLSearchParams('lng=en'),
      title: 'SEO "title" & more',
      description: 'SEO description',
      post,
    });
    expect(page.canonical).toBe(`${ORIGIN}/blog/launch%20day`);
    expect(page.links).toEqual([
      ['ar', `${ORIGIN}/blog/launch%20day`],
      ['x-default', `${ORIGIN}/blog/launch%20day`],
    ]);
    expect(page.og('type')).toBe('article');
    expect(page.html).toContain(
      '<meta property="og:title" content="SEO &quot;title&quot; &amp; more" data-page>',
    );
    expect(page.og('locale')).toBe('ar_AR');
    expect(page.og('image')).toBe(`${ORIGIN}/storage/poster_images/launch.webp`);
    expect(page.twitter('card')).toBe('summary_large_image');
    expect(page.twitter('image')).toBe(`${ORIGIN}/storage/poster_images/launch.webp`);
    expect(page.html).toContain(
      '<meta property="article:published_time" content="2026-01-02T09:30:00.000Z" data-page>',
    );
    expect(page.jsonLd('BlogPosting')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: 'SEO description',
      image: [`${ORIGIN}/storage/poster_images/launch.webp`],
      datePublished: post.published_at,
      dateModified: post.updated_at,
      inLanguage: 'ar',
      url: `${ORIGIN}/blog/launch%20day`,
      mainEntityOfPage: `${ORIGIN}/blog/launch%20day`,
      publisher: { '@id': `${ORIGIN}/#organization` },
    });
    expect(page.jsonLd('BreadcrumbList')).toMatchObject({
      itemListElement: [
        { name: 'Home', item: `${ORIGIN}/?lng=en` },
        { name: 'Blog', item: `${ORIGIN}/blog?lng=en` },
        { name: post.title, item: `${ORIGIN}/blog/launch%20day` },
      ],
    });
    // Nothing the post holds ends the JSON-LD element.
    expect(page.html.match(/<\/script>/g)?.length).toBe(3);
    expect(page.html).not.toContain('<script>alert');
  });

  it("names a post's translation as its alternate in the other language, the English one as the default", () => {
    const post = {
      title: 'قصة',
      slug: 'قصة',
      language: 'ar' as const,
      poster_image_url: null,
      published_at: '2026-01-02T09:30:00.000Z',
      updated_at: '2026-01-02T09:30:00.000Z',
      translations: [{ language: 'en' as const, slug: 'story' }],
    };
    const page = head({ route: { name: 'blog-post', params: { slug: 'قصة' } }, post });
    const arabic = `${ORIGIN}/blog/%D9%82%D8%B5%D8%A9`;
    expect(page.canonical).toBe(arabic);
    expect(page.links).toEqual([
      ['en', `${ORIGIN}/blog/story`],
      ['ar', arabic],
      ['x-default', `${ORIGIN}/blog/story`],
    ]);
  });

  it('lists only the languages a service is translated into, and no x-default then', () => {
    const page = head({
      route: { name: 'service-detail', params: { serviceType: 'seo' } },
      service: { name: 'SEO', languages: ['en'] },
    });
    expect(page.links).toEqual([['en', `${ORIGIN}/services/seo?lng=en`]]);
    expect(page.jsonLd('BreadcrumbList')).toMatchObject({
      itemListElement: [{ name: 'Home' }, { name: 'Services', item: `${ORIGIN}/services` }, { name: 'SEO' }],
    });
  });

  it('marks every tag as about this page, for the browser to drop after a navigation', () => {
    const { html } = head({ post: null });
    const tags = html.split('\n').map((line) => line.trim());
    expect(tags.length).toBeGreaterThan(15);
    for (const tag of tags) expect(tag).toMatch(/^<(link|meta|script) [^>]* data-page>/);
  });

  it('keeps a page that does not exist out of the index', () => {
    const missing = head({ found: false });
    expect(missing.html).toContain('<meta name="robots" content="noindex" data-page>');
    expect(missing.canonical).toBeUndefined();
    expect(missing.links).toEqual([]);
    expect(missing.jsonLd('Organization')).toBeDefined();
  });
});
