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

  it('writes what Intl writes, without asking Intl', () => {
    for (const [language, locale] of [
      ['en', 'en-GB'],
      ['ar', 'ar'],
    ] as const) {
      const intl = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'GBP',
        currencyDisplay: 'narrowSymbol',
        numberingSystem: 'latn',
        maximumFractionDigits: 0,
      });
      for (const amount of [0, 50, 300, 1200, 12_000, 1_250_000])
        expect(formatPrice(amount, language)).toBe(intl.format(amount));
    }
  });
});
