import { describe, expect, it } from 'vitest';
import { formatInteger, formatPublishedDate } from './numbers';

const LANGUAGES = ['en', 'ar'] as const;

describe('numbers and dates written without Intl', () => {
  it('writes every month and day as Intl does, in both languages', () => {
    const intl = {
      en: new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
      ar: new Intl.DateTimeFormat('ar', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
    };
    for (const language of LANGUAGES)
      for (let month = 0; month < 12; month++)
        for (const day of [1, 9, 10, 28]) {
          const iso = new Date(Date.UTC(2026, month, day, 23, 30)).toISOString();
          expect(formatPublishedDate(iso, language)).toBe(intl[language].format(new Date(iso)));
        }
    expect(formatPublishedDate('2026-01-05T00:00:00.000Z', 'en')).toBe('Jan 5, 2026');
    expect(formatPublishedDate('2026-11-20T09:00:00.000Z', 'ar')).toBe('20 نوفمبر 2026');
  });

  it('keeps the date of the UTC day, late in the evening too', () => {
    expect(formatPublishedDate('2026-12-31T23:59:59.000Z', 'en')).toBe('Dec 31, 2026');
  });

  it('gives nothing for a date that is not one', () => {
    expect(formatPublishedDate('nonsense', 'en')).toBe('');
    expect(formatPublishedDate('', 'ar')).toBe('');
  });

  it('groups thousands as Intl does', () => {
    for (const language of LANGUAGES) {
      const intl = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
      for (const value of [0, 7, 42, 999, 1000, 12_345, 1_234_567, -5, -12_000])
        expect(formatInteger(value, language)).toBe(intl.format(value));
    }
  });
});
