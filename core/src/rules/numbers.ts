import type { Language } from '../i18n/language';

/*
 * Numbers and dates of the public pages, written out here rather than through Intl. The first Intl formatter a
 * page makes loads the browser's locale data: 40 to 80 ms of main thread on a desktop (about four times that on
 * a phone), in the middle of hydration. Written out, the text is also the same on the server and in every
 * browser, whatever ICU each ships. The output is what Intl gives (the tests compare them): figures with
 * Western digits in both languages, as `ar` writes them; dates and times as `en-US` and `ar-EG` write them,
 * with Arabic-Indic digits in Arabic.
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

/** Arabic-Indic digits (U+0660-0669) in Arabic, as Intl's ar-EG writes dates and times; unchanged in English. */
export function localDigits(text: string, language: Language): string {
  // U+0660 is Arabic-Indic zero; the nine digits follow it.
  return language === 'ar' ? text.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d))) : text;
}

const ZONED = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::\d\d(?:\.\d+)?)?(?:Z|([+-])(\d\d):?(\d\d))$/;

/** The year, month (1-12), day, hour, minute and offset east of UTC (minutes) of an ISO 8601 date-time. */
type WallClock = [year: number, month: number, day: number, hour: number, minute: number, offset: number];

/**
 * The date and time on the clock of the offset an ISO 8601 date-time is written with. The server writes a
 * post's `published_at` with the site's offset (SITE_TIME_ZONE), so every reader, and the server's own
 * render, sees the day and hour the site keeps, with no time-zone data in the page. Anything else Date reads
 * is taken in UTC. Null for a date that is not one.
 */
function wallClockOf(iso: string): WallClock | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const match = ZONED.exec(iso) ?? ZONED.exec(new Date(time).toISOString());
  if (!match) return null;
  const [year, month, day, hour, minute, , hours, minutes] = match.slice(1).map(Number) as number[];
  const offset = match[6] ? (match[6] === '-' ? -1 : 1) * ((hours ?? 0) * 60 + (minutes ?? 0)) : 0;
  return [year ?? 0, month ?? 1, day ?? 1, hour ?? 0, minute ?? 0, offset];
}

const dateText = ([year, month, day]: WallClock, language: Language) => {
  const name = MONTHS[language][month - 1];
  return language === 'ar' ? `${day} ${name} ${year}` : `${name} ${day}, ${year}`;
};

/**
 * The published date on public pages, on the site's clock (see wallClockOf): "Jan 5, 2026", "٥ يناير ٢٠٢٦".
 * Empty for a date that is not one.
 */
export function formatPublishedDate(iso: string, language: Language): string {
  const clock = wallClockOf(iso);
  return clock ? localDigits(dateText(clock, language), language) : '';
}

/** "GMT+4", "GMT-5", "GMT+5:30" as Intl's shortOffset names them ("غرينتش+٤"); "UTC" for UTC itself. */
function zoneText(offset: number, language: Language): string {
  if (offset === 0) return 'UTC';
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  const amount = `${offset < 0 ? '-' : '+'}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
  return `${language === 'ar' ? 'غرينتش' : 'GMT'}${amount}`;
}

/**
 * The date, time and zone a post came out at, on the site's clock: "Dec 1, 2026, 9:30 AM GMT+4",
 * "١ ديسمبر ٢٠٢٦، ٩:٣٠ ص غرينتش+٤" (what Intl's en-US and ar-EG write). Empty for a date that is not one.
 */
export function formatPublishedDateTime(iso: string, language: Language): string {
  const clock = wallClockOf(iso);
  if (!clock) return '';
  const [, , , hours, minutes, offset] = clock;
  const hour = hours % 12 || 12;
  const minute = String(minutes).padStart(2, '0');
  const morning = hours < 12;
  const zone = zoneText(offset, language);
  const text =
    language === 'ar'
      ? `${dateText(clock, language)}، ${hour}:${minute} ${morning ? 'ص' : 'م'} ${zone}`
      : `${dateText(clock, language)}, ${hour}:${minute} ${morning ? 'AM' : 'PM'} ${zone}`;
  return localDigits(text, language);
}
