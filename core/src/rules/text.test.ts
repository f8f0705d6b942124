import { describe, expect, it } from 'vitest';
import { truncate } from './text';

describe('truncate', () => {
  it.each([
    { text: 'short', max: 250, expected: 'short' },
    { text: 'a'.repeat(250), max: 250, expected: 'a'.repeat(250) },
    { text: 'a'.repeat(251), max: 250, expected: `${'a'.repeat(250)}...` },
    { text: 'مرحبا بالعالم', max: 5, expected: 'مرحبا...' },
  ])('truncate to $max', ({ text, max, expected }) => expect(truncate(text, max)).toBe(expected));
});
