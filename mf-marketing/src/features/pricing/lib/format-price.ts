import { formatInteger, type Language } from '@agency/core';

/**
 * A price as `Intl.NumberFormat(language, { style: 'currency', currency: 'GBP', currencyDisplay: 'narrowSymbol',
 * maximumFractionDigits: 0 })` writes it, in the two pieces a page needs to show it the right way round: the
 * currency symbol, and what comes before and after it.
 *
 * - English: `£1,200`.
 * - Arabic: `‏1,200 UK£` (a right-to-left mark, the figure, a no-break space, the symbol): read from the right,
 *   the figure, then the currency. Arabic's own symbol for the pound says whose pound it is (Egypt, Sudan, Syria
 *   and Lebanon write theirs with `£` too). Shown as plain text in a right-to-left line, the bidirectional
 *   algorithm tears that symbol apart: `£` is neutral and joins the right-to-left text around it, so readers
 *   saw `£UK 1,200`. The symbol goes into an isolate of its own (`<bdi>`, see `Price`), which keeps `UK£` whole;
 *   the text itself stays Intl's, character for character.
 *
 * Digits are the page's: Western in both languages, as `formatInteger` writes every other figure of the site.
 *
 * Why not call Intl here: the first Intl formatter a page makes loads the browser's locale data, 40-80 ms of main
 * thread in the middle of hydration (core's rules/numbers.ts). The prices are written out instead, the same text
 * on the server and in every browser, and the tests hold them to Intl: Node's ICU in the unit tests (every price
 * of every plan, in both languages, the whole text and its parts), Chromium's in the end-to-end test of /pricing.
 */
export interface PriceParts {
  before: string;
  currency: string;
  after: string;
}

/** The Arabic symbol of the pound sterling, as Intl has it for `ar` (narrow or not). */
const AR_POUND = 'UK£';

export function priceParts(amount: number, language: Language): PriceParts {
  const figure = formatInteger(Math.round(amount), language);
  return language === 'ar'
    ? { before: `\u200f${figure}\u00a0`, currency: AR_POUND, after: '' }
    : { before: '', currency: '£', after: figure };
}

/** The price as one text, as Intl writes it: `£1,200`, `‏1,200 UK£`. */
export function formatPrice(amount: number, language: Language): string {
  const { before, currency, after } = priceParts(amount, language);
  return `${before}${currency}${after}`;
}
