import type { Language } from '@agency/core';

/** When a draft or a saved list was stored: date and time in the reader's language. */
export function formatSavedAt(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** Only the time, for the 'saved on this device at …' indicator. */
export function formatSavedTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-US', { timeStyle: 'short' }).format(date);
}

/** A wait such as '45 seconds' or '2 minutes', for the sign-in rate limit. */
export function formatWait(seconds: number, language: Language): string {
  const minutes = Math.ceil(seconds / 60);
  const [value, unit] = seconds < 90 ? [Math.max(1, Math.ceil(seconds)), 'second'] : [minutes, 'minute'];
  return new Intl.NumberFormat(language === 'ar' ? 'ar-EG' : 'en-US', {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(value);
}
