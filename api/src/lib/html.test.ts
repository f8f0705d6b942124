import { describe, expect, it } from 'vitest';
import {
  escapeAttribute,
  injectAppMeta,
  jsonForScript,
  localizePage,
  renderAppMeta,
  withSiteConfig,
} from './html';
import { feedLinks } from './search-engines';

const site = {
  name: 'Agency',
  email: 'a@b.c',
  phone: '+1',
  social: {
    facebook: 'https://f',
    x: 'https://x',
    instagram: 'https://i',
    tiktok: 'https://t',
    youtube: 'https://y',
  },
  address: '',
  defaultCountry: 'GB',
  contactRetentionDays: 365,
};

describe('escapeAttribute', () => {
  it.each([
    { value: 'plain-key', expected: 'plain-key' },
    { value: '"><script>', expected: '&quot;&gt;&lt;script&gt;' },
    { value: "it's & more", expected: 'it&#39;s &amp; more' },
  ])('escapeAttribute($value)', ({ value, expected }) => expect(escapeAttribute(value)).toBe(expected));
});

describe('jsonForScript', () => {
  it.each([
    { value: { a: '</script>' }, expected: '{"a":"\\u003c/script\\u003e"}' },
    { value: { a: '<!--' }, expected: '{"a":"\\u003c!--"}' },
    { value: { a: 'R&D' }, expected: '{"a":"R\\u0026D"}' },
    { value: { a: 'line\u2028sep' }, expected: '{"a":"line\\u2028sep"}' },
    { value: { a: 'وكالة' }, expected: '{"a":"وكالة"}' },
  ])('jsonForScript($value)', ({ value, expected }) => {
    expect(jsonForScript(value)).toBe(expected);
    expect(JSON.parse(jsonForScript(value))).toEqual(value);
  });
});

describe('renderAppMeta and injectAppMeta', () => {
  it('writes the key, an empty CSRF token and the site configuration', () => {
    expect(renderAppMeta('k"1', site)).toBe(
      [
        '<meta name="api-key" content="k&quot;1">',
        '<meta name="csrf-token" content="">',
        `<script type="application/json" id="site-config">${JSON.stringify({
          name: site.name,
          address: site.address,
          email: site.email,
          phone: site.phone,
          defaultCountry: site.defaultCountry,
          social: site.social,
          contactRetentionDays: site.contactRetentionDays,
        })}</script>`,
      ].join('\n    '),
    );
  });

  it('advertises each feed with its language, escaped title and absolute URL', () => {
    const meta = renderAppMeta('k', site, 't', [
      { language: 'en', title: 'Blog | "A" & <B>', href: 'https://agency.example/feed.xml?lng=en' },
      { language: 'ar', title: 'المدونة | B', href: 'https://agency.example/feed.xml?lng=ar' },
    ]);
    expect(meta.split('\n    ').slice(3)).toEqual([
      '<link rel="alternate" type="application/rss+xml" hreflang="en" title="Blog | &quot;A&quot; &amp; &lt;B&gt;" href="https://agency.example/feed.xml?lng=en">',
      '<link rel="alternate" type="application/rss+xml" hreflang="ar" title="المدونة | B" href="https://agency.example/feed.xml?lng=ar">',
    ]);
  });

  it.each([
    { html: '<head><!--app-meta--></head>', expected: '<head>M$&</head>', marker: true },
    { html: '<head><title>t</title></HEAD>', expected: '<head><title>t</title>M$&\n</HEAD>', marker: false },
    { html: '<p>fragment</p>', expected: 'M$&\n<p>fragment</p>', marker: false },
  ])('injectAppMeta($html)', ({ html, expected, marker }) => {
    expect(injectAppMeta(html, 'M$&')).toEqual({ html: expected, marker });
  });
});

describe('withSiteConfig', () => {
  it("writes the settings into the site-config block and the agency's name into the feeds' titles", () => {
    const page = renderAppMeta('k', site, '', feedLinks('https://agency.example', 'Agency'));
    const html = withSiteConfig(page, { ...site, name: 'Nimbus "&" Co' });
    expect(html).toMatch(/id="site-config">\{"name":"Nimbus /);
    expect(html).toContain('hreflang="en" title="Blog | Nimbus &quot;&amp;&quot; Co"');
    expect(html).toContain('hreflang="ar" title="المدونة | Nimbus &quot;&amp;&quot; Co"');
    expect(html).not.toContain('| Agency');
  });
});

describe('localizePage', () => {
  const page = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <link rel="preload" href="/assets/latin.woff2" as="font" type="font/woff2" crossorigin>
    <link rel="preload" href="/assets/arabic.woff2" as="font" type="font/woff2" crossorigin data-lang="ar">
  </head>
  <body>
    <div id="site-header"></div>
  </body>
</html>`;

  it('writes Arabic: right to left, the rtl body class, the Arabic preload kept', () => {
    const ar = localizePage(page, 'ar');
    expect(ar).toContain('<html lang="ar" dir="rtl" data-lang-source="server">');
    expect(ar).toContain('<body class="rtl">');
    expect(ar).toContain('href="/assets/arabic.woff2"');
    expect(ar).toContain('href="/assets/latin.woff2"');
  });

  it('writes English: left to right, no body class, no Arabic preload (and no empty line for it)', () => {
    const en = localizePage(page, 'en');
    expect(en).toContain('<html lang="en" dir="ltr" data-lang-source="server">');
    expect(en).toContain('<body>');
    expect(en).not.toContain('arabic.woff2');
    expect(en).toContain('crossorigin>\n  </head>');
  });

  it.each([
    {
      html: '<html><body>',
      lang: 'ar',
      expected: '<html lang="ar" dir="rtl" data-lang-source="server"><body class="rtl">',
    },
    {
      html: "<HTML LANG='ar' Dir=rtl class=\"x\"><BODY class='a rtl b' id=x>",
      lang: 'en',
      expected: '<html lang="en" dir="ltr" data-lang-source="server" class="x"><body class="a b" id=x>',
    },
    {
      html: '<html data-language="x" lang="en"><body class=page>',
      lang: 'ar',
      expected:
        '<html lang="ar" dir="rtl" data-lang-source="server" data-language="x"><body class="page rtl">',
    },
    { html: '<p>no document</p>', lang: 'ar', expected: '<p>no document</p>' },
  ])('$html in $lang', ({ html, lang, expected }) => {
    expect(localizePage(html, lang as 'en' | 'ar')).toBe(expected);
  });

  it('gives the same page when run again (the server may localize a localized page)', () => {
    for (const lang of ['en', 'ar'] as const) {
      const once = localizePage(page, lang);
      expect(localizePage(once, lang)).toBe(once);
    }
  });
});
