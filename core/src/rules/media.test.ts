import { describe, expect, it } from 'vitest';
import { MEDIA_ALT_MAX, mediaAltProblem, mediaSize } from './media';

describe('mediaAltProblem', () => {
  it('takes an empty alt text (a decorative image) and one of the longest length, counted in characters', () => {
    expect(mediaAltProblem('')).toBeNull();
    expect(mediaAltProblem('ب'.repeat(MEDIA_ALT_MAX))).toBeNull();
    expect(mediaAltProblem('😀'.repeat(MEDIA_ALT_MAX))).toBeNull();
  });
  it('refuses a longer one and anything not a string', () => {
    expect(mediaAltProblem('a'.repeat(MEDIA_ALT_MAX + 1))).toBe('too_long');
    expect(mediaAltProblem(null)).toBe('invalid_type');
    expect(mediaAltProblem(42)).toBe('invalid_type');
  });
});

describe('mediaSize', () => {
  it('says bytes, kilobytes or megabytes as people read them', () => {
    expect(mediaSize(900)).toEqual({ value: 900, unit: 'B' });
    expect(mediaSize(840_000)).toEqual({ value: 820, unit: 'KB' });
    expect(mediaSize(1_468_006)).toEqual({ value: 1.4, unit: 'MB' });
  });
});
