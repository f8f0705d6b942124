import type { Language } from '@agency/core';

const LOCALES: Record<Language, string> = { en: 'en-GB', ar: 'ar-EG' };

/** A plan's price in pounds, whole, in the reader's locale (£1,200 / ‏١٬٢٠٠ UK£). */
export function formatPrice(amount: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency: 'GBP',
    maximumFractionDigits: 0,
  }).format(amount);
}
