/** Languages of the site. Arabic is written right to left. Pure constants, importable by the service worker. */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** Translation namespaces: one per micro-frontend plus `common`. */
export const NAMESPACES = ['common', 'shell', 'marketing', 'blog', 'admin'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Where a language's namespace is served: `/locales/{lng}/{ns}.json`. */
export const LOCALES_PATH = '/locales/{{lng}}/{{ns}}.json';

export function localeUrl(lng: string, ns: string): string {
  return LOCALES_PATH.replace('{{lng}}', lng).replace('{{ns}}', ns);
}
