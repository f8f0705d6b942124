import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, pageLanguage } from './page-language';

describe('languageFromAcceptLanguage', () => {
  it.each([
    { header: undefined, expected: null },
    { header: '', expected: null },
    { header: 'ar', expected: 'ar' },
    { header: 'en', expected: 'en' },
    { header: 'ar-EG', expected: 'ar' },
    { header: 'AR-eg', expected: 'ar' },
    { header: 'en-US,en;q=0.9,ar;q=0.8', expected: 'en' },
    { header: 'ar-EG,ar;q=0.9,en-US;q=0.8,en;q=0.7', expected: 'ar' },
    // By q-value, not by position.
    { header: 'en;q=0.5, ar;q=0.8', expected: 'ar' },
    { header: 'fr-FR, de;q=0.9, ar-SA;q=0.7, en;q=0.6', expected: 'ar' },
    { header: 'fr-FR, de;q=0.9, en;q=0.8, ar;q=0.7', expected: 'en' },
    // Equal weights keep the header's order.
    { header: 'ar;q=0.8, en;q=0.8', expected: 'ar' },
    { header: 'en, ar', expected: 'en' },
    // q=0 means "not this one".
    { header: 'ar;q=0, en;q=0.1', expected: 'en' },
    { header: 'en;q=0', expected: null },
    { header: 'en;q=0.000, ar;q=0.001', expected: 'ar' },
    // Only languages we have; the wildcard says nothing about which.
    { header: 'fr, de', expected: null },
    { header: '*', expected: null },
    { header: '*;q=1, ar;q=0.5', expected: 'ar' },
    // Garbage is skipped, not fatal.
    { header: ';;,,;q=1', expected: null },
    { header: 'ar;q=abc, en;q=0.4', expected: 'en' },
    { header: 'en;q=2, ar;q=0.9', expected: 'en' },
    { header: 'arabic, en', expected: 'en' },
    { header: '<script>, ar', expected: 'ar' },
    { header: `${'x,'.repeat(100)}ar`, expected: null }, // only the first 50 entries are read
    // Node joins repeated headers; an array is read the same way.
    { header: ['fr', 'ar;q=0.5'], expected: 'ar' },
  ])('$header -> $expected', ({ header, expected }) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});

describe('pageLanguage', () => {
  it.each([
    // Nothing: English.
    { sources: {}, expected: 'en' },
    // Each source alone.
    { sources: { query: 'ar' }, expected: 'ar' },
    { sources: { cookie: 'ar' }, expected: 'ar' },
    { sources: { acceptLanguage: 'ar-EG' }, expected: 'ar' },
    { sources: { acceptLanguage: 'fr' }, expected: 'en' },
    // Precedence: query over cookie over Accept-Language.
    { sources: { query: 'en', cookie: 'ar', acceptLanguage: 'ar' }, expected: 'en' },
    { sources: { query: 'ar', cookie: 'en', acceptLanguage: 'en' }, expected: 'ar' },
    { sources: { cookie: 'en', acceptLanguage: 'ar' }, expected: 'en' },
    { sources: { cookie: 'ar', acceptLanguage: 'en-US,en;q=0.9' }, expected: 'ar' },
    // Regions and case, as the browser normalises them.
    { sources: { query: 'AR-eg' }, expected: 'ar' },
    { sources: { cookie: 'en-GB', acceptLanguage: 'ar' }, expected: 'en' },
    // A bad value falls through to the next source.
    { sources: { query: 'fr', cookie: 'ar' }, expected: 'ar' },
    { sources: { query: '', cookie: 'ar' }, expected: 'ar' },
    { sources: { query: 'ar"><script>', cookie: 'en' }, expected: 'en' },
    { sources: { query: { nested: 'ar' }, cookie: 'en' }, expected: 'en' },
    { sources: { cookie: 'garbage', acceptLanguage: 'ar' }, expected: 'ar' },
    { sources: { query: 'xx', cookie: '', acceptLanguage: 'de' }, expected: 'en' },
    // A repeated ?lng= uses its first value.
    { sources: { query: ['ar', 'en'], cookie: 'en' }, expected: 'ar' },
    { sources: { query: ['fr', 'ar'], cookie: 'en' }, expected: 'en' },
  ])('$sources -> $expected', ({ sources, expected }) => {
    expect(pageLanguage(sources)).toBe(expected);
  });
});
