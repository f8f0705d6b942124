import { describe, expect, it } from 'vitest';
import { formatInteger, formatPublishedDate, formatPublishedDateTime, localDigits } from './numbers';

const LANGUAGES = ['en', 'ar'] as const;

describe('numbers and dates written without Intl', () => {
  const locales = { en: 'en-US', ar: 'ar-EG' } as const;

  it('writes every month and day as Intl does, in both languages (Arabic-Indic digits in Arabic)', () => {
    for (const language of LANGUAGES) {
      const intl = new Intl.DateTimeFormat(locales[language], {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
      for (let month = 0; month < 12; month++)
        for (const day of [1, 9, 10, 28]) {
          const iso = new Date(Date.UTC(2026, month, day, 23, 30)).toISOString();
          expect(formatPublishedDate(iso, language)).toBe(intl.format(new Date(iso)));
        }
    }
    expect(formatPublishedDate('2026-01-05T00:00:00.000Z', 'en')).toBe('Jan 5, 2026');
    expect(formatPublishedDate('2026-11-20T09:00:00.000Z', 'ar')).toBe('٢٠ نوفمبر ٢٠٢٦');
  });

  it('keeps the day of the offset the date is written with (the site’s clock)', () => {
    expect(formatPublishedDate('2026-12-31T23:59:59.000Z', 'en')).toBe('Dec 31, 2026');
    // 22:15 UTC on 30 November is 02:15 on 1 December in Dubai: a site kept on Dubai's clock says 1 December.
    expect(formatPublishedDate('2026-12-01T02:15:00.000+04:00', 'en')).toBe('Dec 1, 2026');
    expect(formatPublishedDate('2026-11-30T19:15:00.000-05:00', 'ar')).toBe('٣٠ نوفمبر ٢٠٢٦');
  });

  it('writes the date, time and zone as Intl does, in every zone and both languages', () => {
    // Each zone with the offset the server writes for it on these dates.
    const zones = [
      { zone: 'Asia/Dubai', offset: '+04:00' },
      { zone: 'Asia/Kolkata', offset: '+05:30' },
      { zone: 'America/New_York', offset: '-05:00' },
    ];
    const moments = [
      '2026-12-01T05:30:00Z',
      '2026-12-01T00:00:00Z',
      '2026-12-01T12:07:00Z',
      '2026-12-31T23:59:00Z',
    ];
    for (const language of LANGUAGES)
      for (const { zone, offset } of zones) {
        const intl = new Intl.DateTimeFormat(locales[language], {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          timeZone: zone,
          timeZoneName: 'shortOffset',
        });
        for (const moment of moments) {
          const date = new Date(moment);
          const local = new Date(date.getTime() + offsetMinutes(offset) * 60_000).toISOString().slice(0, 19);
          expect(formatPublishedDateTime(`${local}.000${offset}`, language), `${zone} ${moment}`).toBe(
            intl.format(date),
          );
        }
      }
    for (const language of LANGUAGES) {
      const utc = new Intl.DateTimeFormat(locales[language], {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'UTC',
        timeZoneName: 'short',
      });
      expect(formatPublishedDateTime('2026-12-01T12:00:00.000Z', language)).toBe(
        utc.format(new Date('2026-12-01T12:00:00.000Z')),
      );
    }
    expect(formatPublishedDateTime('2026-12-01T09:30:00.000+04:00', 'en')).toBe('Dec 1, 2026, 9:30 AM GMT+4');
    expect(formatPublishedDateTime('2026-12-01T09:30:00.000+04:00', 'ar')).toBe(
      '١ ديسمبر ٢٠٢٦، ٩:٣٠ ص غرينتش+٤',
    );
    expect(formatPublishedDateTime('nonsense', 'ar')).toBe('');
  });

  it('writes Arabic-Indic digits in Arabic only', () => {
    expect(localDigits('12:05 / 2026', 'ar')).toBe('١٢:٠٥ / ٢٠٢٦');
    expect(localDigits('12:05', 'en')).toBe('12:05');
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

/** `+05:30` as minutes east of UTC. */
function offsetMinutes(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(':').map(Number);
  return sign * ((hours ?? 0) * 60 + (minutes ?? 0));
}
