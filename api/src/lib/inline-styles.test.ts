import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { styleHash, styleMarkup } from './inline-styles';

describe('inline stylesheets', () => {
  it('hashes the UTF-8 text as a browser does for a CSP source', () => {
    const css = '.quote::before{content:"«"}';
    const expected = createHash('sha256').update(Buffer.from(css, 'utf8')).digest('base64');
    expect(styleHash(css)).toBe(`'sha256-${expected}'`);
  });

  it('puts each stylesheet inline with its hash, and a disabled link for code that asks for it again', () => {
    const markup = styleMarkup(
      [
        { href: '/mf/assets/a.css', css: 'a{color:red}' },
        { href: '/mf/assets/b.css', css: 'a{color:red}' },
      ],
      { loadedLater: true },
    );
    expect(markup.html).toBe(
      '<style>a{color:red}</style><link rel="stylesheet" href="/mf/assets/a.css" disabled>' +
        '<style>a{color:red}</style><link rel="stylesheet" href="/mf/assets/b.css" disabled>',
    );
    expect(markup.hashes).toEqual([styleHash('a{color:red}')]);
    expect(styleMarkup([{ href: '/assets/r.css', css: 'b{}' }], { loadedLater: false }).html).toBe(
      '<style>b{}</style>',
    );
  });

  it('links a stylesheet it could not read, or whose text would end the element', () => {
    const markup = styleMarkup(
      [
        { href: '/mf/assets/gone.css', css: null },
        { href: '/mf/assets/x.css?a=1&b="2"', css: 'a::after{content:"</STYLE >"}' },
      ],
      { loadedLater: true },
    );
    expect(markup.html).toBe(
      '<link rel="stylesheet" href="/mf/assets/gone.css">' +
        '<link rel="stylesheet" href="/mf/assets/x.css?a=1&amp;b=&quot;2&quot;">',
    );
    expect(markup.hashes).toEqual([]);
  });

  it("puts inline only what the page's markup uses, and marks the link of the rest to be loaded after paint", () => {
    const sheets = [
      { href: '/mf/assets/shell.css', css: '.nav{display:flex}.menu--open{display:block}' },
      { href: '/mf/assets/blog.css', css: '.post{margin:0}' },
      { href: '/mf/assets/dialog.css', css: '.dialog{margin:0}' },
    ];
    const markup = styleMarkup(sheets, { loadedLater: true, pageClasses: new Set(['nav', 'post']) });
    expect(markup.html).toBe(
      '<style>.nav{display:flex}</style><link rel="stylesheet" href="/mf/assets/shell.css" disabled data-deferred>' +
        '<style>.post{margin:0}</style><link rel="stylesheet" href="/mf/assets/blog.css" disabled>' +
        '<link rel="stylesheet" href="/mf/assets/dialog.css" disabled data-deferred>',
    );
    // The CSP allows the text that is inline, not the file's.
    expect(markup.hashes).toEqual([styleHash('.nav{display:flex}'), styleHash('.post{margin:0}')]);
  });
});
