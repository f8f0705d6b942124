import type { Language } from '@agency/core';

/*
 * A post's moment as the posts manager and the editor show it, apart from lib/dates.ts: only the screens that
 * show posts load it.
 */

/**
 * A post's moment on this browser's clock, with the zone, in the interface's language and digits:
 * "Dec 1, 2026, 9:30 AM GMT+4", "١ ديسمبر ٢٠٢٦، ٩:٣٠ ص غرينتش+٤" (the posts manager, the editor).
 */
export function formatPostTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'shortOffset',
  }).format(date);
}

/**
 * The zone the editor's date and time are in, named as the form shows it: "Asia/Dubai (UTC+04:00)". The
 * offset is the one of `instant` (an ISO value with its offset, see core's instantOfLocal), where the
 * clocks change too; this moment's when it names none.
 */
export function zoneLabel(instant: string): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const written = /([+-]\d{2}:\d{2})$/.exec(instant)?.[1];
  const offset = written ?? offsetOf(new Date());
  return `${zone} (UTC${offset})`;
}

function offsetOf(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}
