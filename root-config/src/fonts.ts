import type { Language } from '@agency/core/language';

/** The family @fontsource-variable/cairo declares (fonts.css). */
export const SITE_FONT = 'Cairo Variable';
/** Local fonts with Cairo's metrics (fonts.css), right after Cairo in --font-sans (base.css). */
export const FALLBACK_FONT = 'Cairo Fallback';

/**
 * Cairo's files a first paint needs: Latin on every page, Arabic on Arabic pages (which also show Latin: the
 * brand, e-mail and phone). One variable file per subset covers every weight.
 */
const FIRST_PAINT_FONTS: readonly { file: RegExp; lang?: Language }[] = [
  { file: /(^|\/)cairo-latin-wght-normal-[\w-]+\.woff2$/ },
  { file: /(^|\/)cairo-arabic-wght-normal-[\w-]+\.woff2$/, lang: 'ar' },
];

export interface FontPreload {
  href: string;
  /** Set when only pages in this language need the file: the server leaves it out of the others. */
  lang?: Language;
}

/**
 * The preloads for root-config's index.html, from the names of the files the build wrote (Vite's hashed
 * names). Nothing waits for the font: it downloads from the start, alongside the scripts, and the metric-matched
 * fallback holds its room until it is there. Fails the build when a file is missing, rather than ship a page
 * that preloads nothing (a renamed file in a new @fontsource-variable/cairo, say).
 */
export function fontPreloads(fileNames: readonly string[], base = '/'): FontPreload[] {
  return FIRST_PAINT_FONTS.map(({ file, lang }) => {
    const name = fileNames.find((n) => file.test(n));
    if (!name) throw new Error(`No built font file matches ${file}: update FIRST_PAINT_FONTS in fonts.ts`);
    return { href: `${base}${name}`, ...(lang ? { lang } : {}) };
  });
}

/** A preload as an HTML tag: `crossorigin` because fonts are always fetched in CORS mode. */
export function fontPreloadAttributes({ href, lang }: FontPreload): Record<string, string | boolean> {
  return {
    rel: 'preload',
    href,
    as: 'font',
    type: 'font/woff2',
    crossorigin: true,
    ...(lang ? { 'data-lang': lang } : {}),
  };
}
