import { formatInteger, type Language } from '@agency/core';

/**
 * A plan's price in pounds, whole, in the reader's language: £1,200 in English, ‏1,200 UK£ in Arabic (a
 * right-to-left mark first, so the figure reads from the right). Arabic keeps Western digits, like the counts in
 * the plans' feature lists beside it. Written out as Intl writes it, without paying for Intl's locale data during
 * hydration (core's rules/numbers.ts).
 */
export function formatPrice(amount: number, language: Language): string {
  const figure = formatInteger(Math.round(amount), 'en');
  return language === 'ar' ? `\u200f${figure}\u00a0UK£` : `£${figure}`;
}
