// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyDocumentLanguage,
  currentLanguage,
  detectLanguage,
  LANGUAGE_STORAGE_KEY,
  normalizeLanguage,
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
});

describe('in the browser', () => {
  beforeEach(() => localStorage.clear());

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

  it('stores the choice and reloads', () => {
    const reload = vi.fn();
    switchLanguage('ar', reload);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(reload).toHaveBeenCalledOnce();
  });
});
