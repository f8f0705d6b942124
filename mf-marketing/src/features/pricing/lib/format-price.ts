import type { Language } from '@agency/core';

/**
 * A plan's price in pounds, whole, in the reader's language: £1,200 in English, ‏1,200 £ in Arabic. Arabic
 * keeps Western digits, like the counts in the plans' feature lists beside it.
 */
export function formatPrice(amount: number, language: Language): string {
  return new Intl.NumberFormat(language === 'ar' ? 'ar' : 'en-GB', {
    style: 'currency',
    currency: 'GBP',
    currencyDisplay: 'narrowSymbol',
    numberingSystem: 'latn',
    maximumFractionDigits: 0,
  }).format(amount);
}
