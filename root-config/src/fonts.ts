import type { Language } from '@agency/core/language';

/** The family @fontsource-variable/cairo declares (fonts.css). */
export const SITE_FONT = 'Cairo Variable';

/**
 * Starts downloading the site font for the page's language at once, and resolves when it is ready, or after
 * `ms` at the latest. root-config waits on it before the micro-frontends render: the header's top bar wraps
 * differently in the fallback font, so rendering before the font arrives made the whole page jump when it did.
 * One variable file covers every weight; Arabic pages need the Arabic and the Latin subsets.
 */
export function fontsReady(
  language: Language,
  ms = 1000,
  fonts: FontFaceSet | null = typeof document === 'undefined' ? null : (document.fonts ?? null),
): Promise<void> {
  if (!fonts) return Promise.resolve();
  const sample = language === 'ar' ? 'وكالة Agency' : 'Agency';
  const loaded = fonts.load(`1em "${SITE_FONT}"`, sample).then(
    () => undefined,
    () => undefined, // no font, no wait: the fallback is fine
  );
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}
