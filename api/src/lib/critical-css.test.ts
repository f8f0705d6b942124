import { describe, expect, it } from 'vitest';
import { classesInPage, classesOf, criticalCss } from './critical-css';

describe('the classes a selector needs', () => {
  it('reads classes outside functional pseudo-classes, attribute values and strings', () => {
    expect(classesOf('.site-nav__link:hover')).toEqual(['site-nav__link']);
    expect(classesOf('.menu.is-open>.menu__panel')).toEqual(['menu', 'is-open', 'menu__panel']);
    expect(classesOf('.tabs__tab:not(.tabs__tab--active)')).toEqual(['tabs__tab']);
    expect(classesOf(':is(.a,.b) .c')).toEqual(['c']);
    expect(classesOf('.list:has(.item.x)')).toEqual(['list']);
    expect(classesOf('a[href$=".pdf"]')).toEqual([]);
    expect(classesOf('[class~="x.y"] .z')).toEqual(['z']);
    expect(classesOf('html[dir=rtl] .icon')).toEqual(['icon']);
    expect(classesOf('.md\\:grid')).toEqual(['md:grid']);
    expect(classesOf('body')).toEqual([]);
  });

  it('reads the classes of a page, and counts the one a script sets before paint', () => {
    const classes = classesInPage(
      `<body><div class="a  b"><svg class='c'></svg><p data-class="d">x</p></div>`,
    );
    expect([...classes].sort()).toEqual(['a', 'b', 'c', 'rtl']);
  });
});

describe('the stylesheet a page needs', () => {
  const css =
    '.a{color:red}.b{color:blue}.a,.b{margin:0}body{margin:0}@media (min-width:48em){.a .b{gap:1px}.a{gap:2px}}' +
    '@keyframes spin{0%{transform:none}to{transform:rotate(1turn)}}@font-face{font-family:X;src:url(x.woff2)}' +
    '@supports (display:grid){@media print{.b{display:grid}}}';

  it('keeps the rules that can match, in their order, and leaves out those that cannot', () => {
    expect(criticalCss(css, new Set(['a']))).toBe(
      '.a{color:red}.a{margin:0}body{margin:0}@media (min-width:48em){.a{gap:2px}}' +
        '@keyframes spin{0%{transform:none}to{transform:rotate(1turn)}}@font-face{font-family:X;src:url(x.woff2)}',
    );
  });

  it('gives the text back unchanged when every rule can match, or when it cannot read it', () => {
    expect(criticalCss(css, new Set(['a', 'b']))).toBe(css);
    const broken = '.a{color:red';
    expect(criticalCss(broken, new Set())).toBe(broken);
  });

  it("gives back a minified build's text byte for byte when every class is used", () => {
    // As Vite writes a micro-frontend's CSS: a banner comment, nesting flattened, logical properties,
    // !important, escapes, nested groups and a trailing newline.
    const built =
      '/*! x */.nav{gap:var(--space-1);display:flex}.nav__link:hover,.nav__link:focus-visible{color:#fff!important}' +
      '.nav__link[aria-current=page]:after{content:"";inset-inline:0}:is(.nav,.menu)>.icon:not(.x){margin:0}' +
      '@media (prefers-reduced-motion:reduce){*,:before{transition:none!important}}' +
      '@media (min-width:768px){.menu{display:none}@supports (inset:0){.menu__panel{inset:0}}}' +
      '.quote:before{content:"\\201C"}.lg\\:grid{display:grid}\n';
    const everything = { has: () => true } as unknown as Set<string>;
    expect(criticalCss(built, everything)).toBe(built);
    expect(criticalCss(built, new Set(['nav', 'nav__link']))).toBe(
      '/*! x */.nav{gap:var(--space-1);display:flex}.nav__link:hover,.nav__link:focus-visible{color:#fff!important}' +
        '.nav__link[aria-current=page]:after{content:"";inset-inline:0}' +
        '@media (prefers-reduced-motion:reduce){*,:before{transition:none!important}}\n',
    );
  });
});
