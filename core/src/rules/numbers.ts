import type { Language } from '../i18n/language';

/*
 * Numbers and dates of the public pages, written out here rather than through Intl. The first Intl formatter a
 * page makes loads the browser's locale data: 40 to 80 ms of main thread on a desktop (about four times that on
 * a phone), in the middle of hydration. Written out, the text is also the same on the server and in every
 * browser, whatever ICU each ships. The output is what Intl gave for these locales (the tests compare them):
 * Western digits in both languages, as the rest of the site's figures.
 */

/** A whole number with thousands separators: 1,234,567 in both languages. */
export function formatInteger(value: number, language: Language): string {
  const whole = Math.trunc(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // Intl's Arabic puts a left-to-right mark before the minus so it stays on the left of the digits.
  if (whole >= 0) return digits;
  return language === 'ar' ? `\u200e-${digits}` : `-${digits}`;
}

const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ar: [
    'يناير',
    'فبراير',
    'مارس',
    'أبريل',
    'مايو',
    'يونيو',
    'يوليو',
    'أغسطس',
    'سبتمبر',
    'أكتوبر',
    'نوفمبر',
    'ديسمبر',
  ],
} as const satisfies Record<Language, readonly string[]>;

/** The published date on public pages, in UTC: "Jan 5, 2026", "5 يناير 2026". Empty for a date that is not one. */
export function formatPublishedDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = date.getUTCDate();
  const month = MONTHS[language][date.getUTCMonth()];
  const year = date.getUTCFullYear();
  return language === 'ar' ? `${day} ${month} ${year}` : `${month} ${day}, ${year}`;
}
