import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it('writes pounds with a thousands separator in English', () => {
    expect(formatPrice(1200, 'en')).toBe('£1,200');
    expect(formatPrice(50, 'en')).toBe('£50');
  });

  it('keeps Western digits and the pound sign in Arabic', () => {
    const text = formatPrice(1200, 'ar');
    expect(text).toMatch(/1[,٬]200/);
    expect(text).toContain('£');
    expect(text).not.toMatch(/[٠-٩]/);
  });
});
