import { describe, expect, it } from 'vitest';
import { formatLongDate } from './dates';

describe('dates', () => {
  it('formats long dates per post language', () => {
    expect(formatLongDate('2026-11-21T00:00:00.000Z', 'en')).toBe('November 21, 2026');
    expect(formatLongDate('2026-11-21T00:00:00.000Z', 'ar')).toBe('٢١ نوفمبر ٢٠٢٦');
    expect(formatLongDate('nonsense', 'en')).toBe('');
  });
});
