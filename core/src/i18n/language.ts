import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './constants';

export { FALLBACK_LANGUAGE, LANGUAGES, type Language };
/** Key under which the chosen language is kept in localStorage (the spec's name, shared with i18next). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
/**
 * The cookie that mirrors the page's language for the server, which cannot read localStorage: it answers each
 * page in that language (`<html lang dir>`, the body class). Written by the client, so not HttpOnly.
 */
export const LANGUAGE_COOKIE = 'lng';
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/** `?lng=en|ar` overrides every other source, on the server and in the browser (crawlers, shared links). */
export const LANGUAGE_QUERY_PARAM = 'lng';
/** Set by the server on `<html>` when it chose the page's `lang`, so the browser's first render agrees. */
export const LANGUAGE_SOURCE_ATTRIBUTE = 'data-lang-source';
/** Class added to <body> when the page is right to left. */
export const RTL_BODY_CLASS = 'rtl';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Maps a stored or browser language tag to a supported language: the region suffix is dropped
 * (`en-US` -> `en`, `ar_EG` -> `ar`), case is ignored, anything unsupported gives null.
 */
export function normalizeLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

export interface LanguageSources {
  /** `?lng=` of the page's address. */
  query?: string | null;
  /** The visitor's choice in localStorage. */
  stored?: string | null;
  /** The language the server chose for this page (from its cookie or Accept-Language). */
  page?: string | null;
  browser?: readonly string[];
}

/**
 * The language to show: `?lng=` first, then the stored choice, then what the server chose for the page (it read
 * the cookie and Accept-Language), then the browser's preferences, then English.
 */
export function detectLanguage({ query, stored, page, browser = [] }: LanguageSources): Language {
  for (const tag of [query, stored, page, ...browser]) {
    const lang = normalizeLanguage(tag);
    if (lang) return lang;
  }
  return FALLBACK_LANGUAGE;
}

export function directionOf(lang: Language): 'rtl' | 'ltr' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

function queryLanguage(): string | null {
  const search = globalThis.location?.search;
  return search ? new URLSearchParams(search).get(LANGUAGE_QUERY_PARAM) : null;
}

/** The `lang` of `<html>` when the server chose it, else null (a page the dev server sent, a test). */
function pageLanguage(): string | null {
  const root = globalThis.document?.documentElement;
  return root?.getAttribute(LANGUAGE_SOURCE_ATTRIBUTE) === 'server' ? root.lang : null;
}

/** Reads the current language in this browser (`?lng=`, localStorage, the server's choice, navigator). */
export function currentLanguage(): Language {
  const nav = globalThis.navigator;
  return detectLanguage({
    query: queryLanguage(),
    stored: safeStorage()?.getItem(LANGUAGE_STORAGE_KEY),
    page: pageLanguage(),
    browser: nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [],
  });
}

/** The `lng` cookie for a language; `Secure` on HTTPS pages. */
export function languageCookie(lang: Language, secure = false): string {
  return `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The one place that keeps the language: mirrors it into the `lng` cookie for the server, and, for a choice
 * (the language switch, a `?lng=` link), stores it in localStorage as the spec says.
 */
export function rememberLanguage(lang: Language, { choice = false }: { choice?: boolean } = {}): void {
  if (choice) safeStorage()?.setItem(LANGUAGE_STORAGE_KEY, lang);
  const doc = globalThis.document;
  if (!doc) return;
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: written before a reload; the Cookie Store API is async and not everywhere.
    doc.cookie = languageCookie(lang, globalThis.location?.protocol === 'https:');
  } catch {
    // cookies disabled (sandboxed frame): the server falls back to Accept-Language
  }
}

/**
 * Settles the page's language at start (root-config, then core's i18n setup; doing it twice is harmless): a
 * `?lng=` in the address becomes the stored choice, the cookie mirrors the language, and `<html>` and `<body>`
 * get its `lang`, `dir` and class, the same the server wrote when it had the same sources.
 */
export function startLanguage(): Language {
  const lang = currentLanguage();
  rememberLanguage(lang, { choice: normalizeLanguage(queryLanguage()) !== null });
  if (globalThis.document) applyDocumentLanguage(globalThis.document, lang);
  return lang;
}

/** Sets `lang`, `dir` and the right-to-left body class on the document. */
export function applyDocumentLanguage(doc: Document, lang: Language): void {
  doc.documentElement.lang = lang;
  doc.documentElement.dir = directionOf(lang);
  doc.body?.classList.toggle(RTL_BODY_CLASS, lang === 'ar');
}

/** Where the page at an address is in other languages: a post's translation is another post, at its own URL. */
let pageElsewhere: { path: string; urls: Partial<Record<Language, string>> } | null = null;

/**
 * Tells the language switch where the page at `path` (a `location.pathname`) is in other languages: a post's
 * linked translation. Only that address uses it. Returns the function that takes it back (on unmount).
 */
export function offerPageInLanguages(path: string, urls: Partial<Record<Language, string>>): () => void {
  const entry = { path, urls };
  pageElsewhere = entry;
  return () => {
    if (pageElsewhere === entry) pageElsewhere = null;
  };
}

/** The address of this page in `lang`, when it is another address (a post's translation). */
export function pageInLanguage(lang: Language): string | null {
  const path = globalThis.location?.pathname;
  if (!pageElsewhere || path !== pageElsewhere.path) return null;
  return pageElsewhere.urls[lang] ?? null;
}

/**
 * Stores the language (and its cookie) and loads the page in it, as the spec asks (the page reloads): the
 * current address with `?lng=` set to the new language, since the address says the page's language; on a page
 * that is at another address in that language (a post's translation), that address, with `?lng=` set too.
 */
export function switchLanguage(
  lang: Language,
  go: (url: string) => void = (url) => globalThis.location.assign(url),
): void {
  rememberLanguage(lang, { choice: true });
  const url = new URL(pageInLanguage(lang) ?? globalThis.location.href, globalThis.location.href);
  url.searchParams.set(LANGUAGE_QUERY_PARAM, lang);
  go(url.pathname + url.search + url.hash);
}

/**
 * A name kept in both languages (`{ en, ar }`, a contact message's service and plan) as `language`'s reader
 * sees it: in that language, else in the other, else empty.
 */
export function nameIn(
  names: Partial<Record<Language, string>> | null | undefined,
  language: Language,
): string {
  return names?.[language] || LANGUAGES.map((l) => names?.[l]).find(Boolean) || '';
}
