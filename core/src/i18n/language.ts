import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './constants';

export { FALLBACK_LANGUAGE, LANGUAGES, type Language };
/** Key under which the chosen language is kept in localStorage (the spec's name, shared with i18next). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
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
  stored?: string | null;
  browser?: readonly string[];
}

/** The language to show: the stored choice first, then the browser's preferences, then English. */
export function detectLanguage({ stored, browser = [] }: LanguageSources): Language {
  const fromStorage = normalizeLanguage(stored);
  if (fromStorage) return fromStorage;
  for (const tag of browser) {
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

/** Reads the current language from this browser (localStorage, then navigator). */
export function currentLanguage(): Language {
  const nav = globalThis.navigator;
  return detectLanguage({
    stored: safeStorage()?.getItem(LANGUAGE_STORAGE_KEY),
    browser: nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [],
  });
}

/** Sets `lang`, `dir` and the right-to-left body class on the document. */
export function applyDocumentLanguage(doc: Document, lang: Language): void {
  doc.documentElement.lang = lang;
  doc.documentElement.dir = directionOf(lang);
  doc.body?.classList.toggle(RTL_BODY_CLASS, lang === 'ar');
}

/** Stores the language (normalised) and reloads the page, as the spec asks. */
export function switchLanguage(
  lang: Language,
  reload: () => void = () => globalThis.location.reload(),
): void {
  safeStorage()?.setItem(LANGUAGE_STORAGE_KEY, lang);
  reload();
}
