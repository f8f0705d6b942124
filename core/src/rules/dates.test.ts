import { describe, expect, it } from 'vitest';
import { formatLongDate, formatPublishedDate } from './dates';

describe('dates', () => {
  it('formats long dates per post language', () => {
    expect(formatLongDate('2026-11-21T00:00:00.000Z', 'en')).toBe('November 21, 2026');
    expect(formatLongDate('2026-11-21T00:00:00.000Z', 'ar')).toBe('٢١ نوفمبر ٢٠٢٦');
    expect(formatLongDate('nonsense', 'en')).toBe('');
  });

  it('formats card dates in the reader language', () => {
    expect(formatPublishedDate('2026-01-05T00:00:00.000Z', 'en')).toBe('Jan 5, 2026');
    expect(formatPublishedDate('2026-01-05T00:00:00.000Z', 'ar')).toMatch(/يناير/);
  });
});
