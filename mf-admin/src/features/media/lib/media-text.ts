import type { Language } from '@agency/core';
import { localDigits, type MediaItem, mediaSize } from '@agency/core/rules';
import type { TFunction } from 'i18next';

/** A file size in the page's language and digits: "820 KB", "١٫٤ م.ب". */
export function sizeText(t: TFunction<'admin'>, bytes: number, language: Language): string {
  const { value, unit } = mediaSize(bytes);
  const number = localDigits(language === 'ar' ? String(value).replace('.', '٫') : String(value), language);
  return t(`media.size.${unit}`, { value: number });
}

/** Its size in pixels: "1200 × 800 px". */
export function pixelsText(t: TFunction<'admin'>, item: MediaItem, language: Language): string {
  return t('media.pixels', {
    width: localDigits(String(item.width), language),
    height: localDigits(String(item.height), language),
  });
}

/** What the image is called: the name it was uploaded with, else (stored before the library) its stored one. */
export function mediaName(item: Pick<MediaItem, 'file_name' | 'name'>): string {
  return item.file_name || item.name;
}

/** What a page of the library holds, for its status line: loading, none (for a search or at all), or how many. */
export function countText(t: TFunction<'admin'>, total: number | null, q: string): string {
  if (total === null) return t('media.loading');
  if (total > 0) return t('media.total', { count: total });
  return q ? t('media.emptySearch', { q }) : t('media.empty');
}
