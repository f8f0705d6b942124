// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyDocumentLanguage,
  currentLanguage,
  detectLanguage,
  LANGUAGE_STORAGE_KEY,
  languageCookie,
  nameIn,
  normalizeLanguage,
  offerPageInLanguages,
  pageInLanguage,
  rememberLanguage,
  startLanguage,
  switchLanguage,
} from './language';

describe('normalizeLanguage', () => {
  it.each([
    { tag: 'en', expected: 'en' },
    { tag: 'en-US', expected: 'en' },
    { tag: 'EN-gb', expected: 'en' },
    { tag: 'ar', expected: 'ar' },
    { tag: 'ar-EG', expected: 'ar' },
    { tag: 'ar_SA', expected: 'ar' },
    { tag: 'fr-FR', expected: null },
    { tag: '', expected: null },
    { tag: null, expected: null },
    { tag: 'english', expected: null },
  ])('$tag -> $expected', ({ tag, expected }) => expect(normalizeLanguage(tag)).toBe(expected));
});

describe('detectLanguage', () => {
  it('prefers the stored choice', () => {
    expect(detectLanguage({ stored: 'ar', browser: ['en-US'] })).toBe('ar');
  });
  it('falls back to the browser, skipping unsupported tags', () => {
    expect(detectLanguage({ stored: 'de', browser: ['fr', 'ar-AE', 'en'] })).toBe('ar');
  });
  it('falls back to English', () => {
    expect(detectLanguage({ stored: null, browser: ['fr', 'de'] })).toBe('en');
    expect(detectLanguage({})).toBe('en');
  });
  // The same order as the server's (api/src/lib/page-language.ts), where the cookie mirrors the stored choice
  // and `page` is what the server chose from the cookie or Accept-Language.
  it.each([
    { sources: { query: 'ar', stored: 'en', page: 'en', browser: ['en'] }, expected: 'ar' },
    { sources: { query: 'ar-EG', stored: 'en' }, expected: 'ar' },
    { sources: { query: 'xx', stored: 'ar', page: 'en' }, expected: 'ar' },
    { sources: { query: '', stored: 'ar' }, expected: 'ar' },
    { sources: { stored: 'en', page: 'ar', browser: ['ar'] }, expected: 'en' },
    { sources: { stored: null, page: 'ar', browser: ['en-US'] }, expected: 'ar' },
    { sources: { stored: 'garbage', page: 'ar', browser: ['en'] }, expected: 'ar' },
    { sources: { page: '', browser: ['ar-SA'] }, expected: 'ar' },
    { sources: { query: null, stored: null, page: null, browser: [] }, expected: 'en' },
  ])('$sources -> $expected', ({ sources, expected }) => expect(detectLanguage(sources)).toBe(expected));
});

describe('languageCookie', () => {
  it('is a year-long, site-wide, same-site cookie the client can write (not HttpOnly)', () => {
    expect(languageCookie('ar')).toBe('lng=ar; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(languageCookie('en', true)).toBe('lng=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  });
});

function cookieLanguage(): string | undefined {
  return /(?:^|;\s*)lng=([^;]*)/.exec(document.cookie)?.[1];
}

describe('in the browser', () => {
  beforeEach(() => {
    localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: the code under test writes document.cookie too.
    document.cookie = 'lng=; Path=/; Max-Age=0';
    document.documentElement.removeAttribute('lang');
    document.documentElement.removeAttribute('data-lang-source');
    history.replaceState(null, '', '/');
  });
  afterEach(() => vi.restoreAllMocks());

  it('reads the stored language and strips its region', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar-EG');
    expect(currentLanguage()).toBe('ar');
  });

  it('sets dir, lang and the body class for Arabic, and removes them for English', () => {
    applyDocumentLanguage(document, 'ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.body.classList.contains('rtl')).toBe(true);
    applyDocumentLanguage(document, 'en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
    expect(document.body.classList.contains('rtl')).toBe(false);
  });

  it('stores the choice, mirrors it into the cookie, and loads the address with ?lng= of the new language', () => {
    history.replaceState(null, '', '/about');
    const go = vi.fn();
    switchLanguage('ar', go);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(cookieLanguage()).toBe('ar');
    expect(go).toHaveBeenCalledExactlyOnceWith('/about?lng=ar');
    switchLanguage('en', go);
    expect(cookieLanguage()).toBe('en');
    expect(go).toHaveBeenLastCalledWith('/about?lng=en');
  });

  it('replaces the ?lng= of the address in its place, keeping the rest of the query and the hash', () => {
    history.replaceState(null, '', '/blog?lng=ar&page=2#top');
    const go = vi.fn();
    switchLanguage('en', go);
    expect(go).toHaveBeenCalledExactlyOnceWith('/blog?lng=en&page=2#top');
    history.replaceState(null, '', '/portfolio?category=web');
    switchLanguage('ar', go);
    expect(go).toHaveBeenLastCalledWith('/portfolio?category=web&lng=ar');
  });

  it("goes to the page's address in the new language when it has one (a post's translation), and only from that page", () => {
    history.replaceState(null, '', '/blog/story?lng=en');
    const take = offerPageInLanguages('/blog/story', { ar: '/blog/%D9%82%D8%B5%D8%A9' });
    const go = vi.fn();
    switchLanguage('ar', go);
    expect(go).toHaveBeenCalledWith('/blog/%D9%82%D8%B5%D8%A9?lng=ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    // No address in that language: this address in it.
    switchLanguage('en', go);
    expect(go).toHaveBeenLastCalledWith('/blog/story?lng=en');
    // Another page, or the offer taken back: nothing elsewhere.
    history.replaceState(null, '', '/blog');
    expect(pageInLanguage('ar')).toBeNull();
    history.replaceState(null, '', '/blog/story');
    expect(pageInLanguage('ar')).toBe('/blog/%D9%82%D8%B5%D8%A9');
    take();
    expect(pageInLanguage('ar')).toBeNull();
  });

  it('mirrors a detected language into the cookie without storing it as a choice', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-EG', 'en']);
    expect(startLanguage()).toBe('ar');
    expect(cookieLanguage()).toBe('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('adopts ?lng= as the choice: stored, in the cookie, on the page', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    history.replaceState(null, '', '/about?lng=ar');
    expect(startLanguage()).toBe('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(cookieLanguage()).toBe('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.body.classList.contains('rtl')).toBe(true);
  });

  it('ignores a ?lng= it does not know', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    history.replaceState(null, '', '/?lng=fr');
    expect(startLanguage()).toBe('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
  });

  it("follows the server's choice for the page when nothing is stored, and only the server's", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    document.documentElement.lang = 'ar';
    expect(currentLanguage()).toBe('en'); // a lang the server did not write (the dev server's page)
    document.documentElement.setAttribute('data-lang-source', 'server');
    expect(currentLanguage()).toBe('ar');
    expect(startLanguage()).toBe('ar');
    expect(cookieLanguage()).toBe('ar');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(currentLanguage()).toBe('en'); // the stored choice still comes first
  });

  it('remembers without a choice only in the cookie', () => {
    rememberLanguage('ar');
    expect(cookieLanguage()).toBe('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    rememberLanguage('en', { choice: true });
    expect(cookieLanguage()).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});

describe('nameIn', () => {
  it('reads a name kept per language in the language asked, else in the other, else empty', () => {
    expect(nameIn({ en: 'SEO', ar: 'تحسين' }, 'ar')).toBe('تحسين');
    expect(nameIn({ en: 'SEO', ar: 'تحسين' }, 'en')).toBe('SEO');
    expect(nameIn({ ar: 'تحسين' }, 'en')).toBe('تحسين');
    expect(nameIn({ en: '', ar: 'تحسين' }, 'en')).toBe('تحسين');
    for (const none of [{}, null, undefined]) expect(nameIn(none, 'en')).toBe('');
  });
});
