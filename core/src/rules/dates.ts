import type { Language } from '../i18n/language';

/** Long date for the posts manager: Arabic (Egypt) for Arabic posts, US English otherwise. */
export function formatLongDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
