import { describe, expect, it } from 'vitest';
import { truncate } from './truncate';

describe('truncate', () => {
  it('keeps a text of up to 250 characters as it is', () => {
    const text = 'a'.repeat(250);
    expect(truncate(text)).toBe(text);
  });

  it('cuts a longer text to 250 characters and adds an ellipsis', () => {
    expect(truncate('b'.repeat(251))).toBe(`${'b'.repeat(250)}…`);
  });

  it('counts characters, not UTF-16 units, so Arabic and emoji are not split', () => {
    expect(truncate('😀'.repeat(3), 2)).toBe('😀😀…');
    expect(truncate('مرحبا بكم', 5)).toBe('مرحبا…');
  });

  it('does not leave a space before the ellipsis', () => {
    expect(truncate('word word', 5)).toBe('word…');
  });
});
