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
  return language === 'ar' ? text.replace(/[0-9]/g, (d) => ARABIC_INDIC[Number(d)] ?? d) : text;
}

const ARABIC_INDIC = ['٠', '١', '٢', '٣', '٤', '٥', '٦', '٧', '٨', '٩'];

interface WallClock {
  year: number;
  /** 0 to 11. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** East of UTC, in minutes. */
  offset: number;
}

const ZONED = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|([+-])(\d{2}):?(\d{2}))$/;

/**
 * The date and time on the clock of the offset an ISO 8601 date-time is written with. The server writes a
 * post's `published_at` with the site's offset (SITE_TIME_ZONE), so every reader, and the server's own
 * render, sees the day and hour the site keeps, with no time-zone data in the page. Anything else Date reads
 * is taken in UTC. Null for a date that is not one.
 */
function wallClockOf(iso: string): WallClock | null {
  const match = ZONED.exec(iso);
  if (match && !Number.isNaN(Date.parse(iso))) {
    const sign = match[6] === '-' ? -1 : 1;
    const offset = match[6] ? sign * (Number(match[7]) * 60 + Number(match[8])) : 0;
    return {
      year: Number(match[1]),
      month: Number(match[2]) - 1,
      day: Number(match[3]),
      hour: Number(match[4]),
      minute: Number(match[5]),
      offset,
    };
  }
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    offset: 0,
  };
}

const dateText = (clock: WallClock, language: Language) => {
  const month = MONTHS[language][clock.month];
  return language === 'ar' ? `${clock.day} ${month} ${clock.year}` : `${month} ${clock.day}, ${clock.year}`;
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
  const hour = clock.hour % 12 === 0 ? 12 : clock.hour % 12;
  const minute = String(clock.minute).padStart(2, '0');
  const morning = clock.hour < 12;
  const zone = zoneText(clock.offset, language);
  const text =
    language === 'ar'
      ? `${dateText(clock, language)}، ${hour}:${minute} ${morning ? 'ص' : 'م'} ${zone}`
      : `${dateText(clock, language)}, ${hour}:${minute} ${morning ? 'AM' : 'PM'} ${zone}`;
  return localDigits(text, language);
}
