import { formatInteger } from '@agency/core';
import { describe, expect, it } from 'vitest';
import { formatPrice, priceParts } from './format-price';

const LANGUAGES = ['en', 'ar'] as const;

/** What the issue asks for: Intl.NumberFormat for the page's language, with the narrow currency symbol. */
function intlFor(language: string) {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'GBP',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  });
}

/** Every price the site started with (its seeded plans), and prices an editor might write. */
const PLAN_PRICES = [
  50, 100, 150, 300, 400, 500, 600, 700, 800, 1000, 1200, 1300, 1500, 2000, 2200, 2500, 4000, 8000, 99_999,
];
const AMOUNTS = [0, 7, 50, 999, 1000, 12_000, 1_250_000, ...PLAN_PRICES];

describe('formatPrice', () => {
  it('writes pounds with a thousands separator in English', () => {
    expect(formatPrice(1200, 'en')).toBe('£1,200');
    expect(formatPrice(50, 'en')).toBe('£50');
  });

  it('writes the figure first and the pound of Arabic after it, from the right', () => {
    expect(formatPrice(1200, 'ar')).toBe('\u200f1,200\u00a0UK£');
  });

  it('writes, for every plan price and more, exactly what Intl writes for the page language', () => {
    expect(PLAN_PRICES.length).toBeGreaterThan(10);
    for (const language of LANGUAGES) {
      const intl = intlFor(language);
      for (const amount of AMOUNTS)
        expect(formatPrice(amount, language), `${amount} ${language}`).toBe(intl.format(amount));
    }
  });

  it('splits the text where Intl puts its currency part, for the isolate around the symbol', () => {
    for (const language of LANGUAGES) {
      const intl = intlFor(language);
      for (const amount of AMOUNTS) {
        const parts = intl.formatToParts(amount);
        const at = parts.findIndex((part) => part.type === 'currency');
        const text = (from: number, to: number) =>
          parts
            .slice(from, to)
            .map((part) => part.value)
            .join('');
        expect(priceParts(amount, language)).toEqual({
          before: text(0, at),
          currency: parts[at]?.value,
          after: text(at + 1, parts.length),
        });
      }
    }
  });

  it("uses the page's digits: those of every other figure on it, which are Intl's default for the language", () => {
    for (const language of LANGUAGES) {
      expect(formatPrice(1_250_000, language)).toContain(formatInteger(1_250_000, language));
      expect(formatPrice(1_250_000, language)).toContain(new Intl.NumberFormat(language).format(1_250_000));
      expect(formatPrice(1_250_000, language)).not.toMatch(/[٠-٩]/);
    }
  });
});
