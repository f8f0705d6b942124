import { FALLBACK_LANGUAGE, isLanguage, type Language, normalizeLanguage } from '@agency/core/language';

export interface PageLanguageSources {
  /** The `lng` query parameter (Fastify gives an array when it is repeated). */
  query?: unknown;
  /** The `lng` cookie, which the browser writes as a mirror of its stored choice. */
  cookie?: string | undefined;
  /** The Accept-Language header. */
  acceptLanguage?: string | string[] | undefined;
}

/**
 * The first of our languages in an Accept-Language header by preference: highest q-value first, header order
 * among equal ones; `ar-EG` counts as `ar`, `q=0` means "not this one", `*` and malformed entries are skipped.
 */
export function languageFromAcceptLanguage(header: string | string[] | undefined): Language | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  let best: { lang: Language; q: number } | null = null;
  for (const entry of value.split(',').slice(0, 50)) {
    const [tag = '', ...params] = entry.split(';').map((part) => part.trim());
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    const lang = normalizeLanguage(tag);
    if (!lang) continue;
    let q = 1;
    for (const param of params) {
      const weight = /^q\s*=\s*(.*)$/i.exec(param);
      // A weight that is no number ignores the entry; one above 1 counts as 1.
      if (weight) q = /^\d+(\.\d*)?$/.test(weight[1] ?? '') ? Math.min(1, Number(weight[1])) : Number.NaN;
    }
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang ?? null;
}

function queryValue(query: unknown): string | null {
  const first = Array.isArray(query) ? query[0] : query;
  return typeof first === 'string' ? first : null;
}

/**
 * The language a `lng` query parameter names as the site writes it (`en`, `ar`; the first, when repeated), or
 * null. Another spelling of one of ours (`AR-eg`) is not an address of the page: it is sent on to the right one.
 */
export function languageInUrl(query: unknown): Language | null {
  const value = queryValue(query);
  return isLanguage(value) ? value : null;
}

/** The language a `lng` query parameter means, however it is spelled (`AR-eg` is `ar`), or null. */
export function languageMeantInUrl(query: unknown): Language | null {
  return normalizeLanguage(queryValue(query));
}

/**
 * The language the server writes into a page: `?lng=` (for crawlers and shared links; the browser then stores it
 * as the visitor's choice), then the `lng` cookie (the browser's stored choice), then Accept-Language, then
 * English. Anything that is not one of our languages is passed over, so a bad value never breaks the page.
 * The browser applies the same order (core's detectLanguage), so its first render agrees with the page.
 */
export function pageLanguage({ query, cookie, acceptLanguage }: PageLanguageSources): Language {
  return (
    normalizeLanguage(queryValue(query)) ??
    normalizeLanguage(cookie) ??
    languageFromAcceptLanguage(acceptLanguage) ??
    FALLBACK_LANGUAGE
  );
}
