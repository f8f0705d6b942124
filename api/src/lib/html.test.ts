import { describe, expect, it } from 'vitest';
import { escapeAttribute, injectAppMeta, jsonForScript, renderAppMeta } from './html';

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
        `<script type="application/json" id="site-config">${JSON.stringify(site)}</script>`,
      ].join('\n    '),
    );
  });

  it.each([
    { html: '<head><!--app-meta--></head>', expected: '<head>M$&</head>', marker: true },
    { html: '<head><title>t</title></HEAD>', expected: '<head><title>t</title>M$&\n</HEAD>', marker: false },
    { html: '<p>fragment</p>', expected: 'M$&\n<p>fragment</p>', marker: false },
  ])('injectAppMeta($html)', ({ html, expected, marker }) => {
    expect(injectAppMeta(html, 'M$&')).toEqual({ html: expected, marker });
  });
});
