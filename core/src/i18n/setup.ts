import i18next, { type InitOptions, type i18n } from 'i18next';
import type { HttpBackendOptions } from 'i18next-http-backend';
import { pageData } from '../ssr/page-data';
import { LOCALES_PATH, type Namespace } from './constants';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language, startLanguage } from './language';
import { LazyHttpBackend } from './lazy-backend';
import { initReactI18next } from './react';

/** Translation loading limits from the spec: 10 parallel reads, 5 retries, 350 ms doubled each time. */
export const TRANSLATION_LOADING = { maxParallelReads: 10, maxRetries: 5, retryTimeout: 350 } as const;

export { LOCALES_PATH, NAMESPACES, type Namespace } from './constants';

/**
 * Whether a failed translation read is worth retrying: 5xx and network errors are, 4xx are final.
 * i18next-http-backend classifies the same way; this is the rule stated once for tests and docs.
 */
export function isRetryableTranslationFailure(status: number | undefined): boolean {
  if (status === undefined || status === 0) return true;
  return status >= 500 && status < 600;
}

export function i18nOptions(
  lng: Language,
  ns: readonly Namespace[],
  backend?: HttpBackendOptions,
): InitOptions {
  return {
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: [...ns],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    ...TRANSLATION_LOADING,
    backend: {
      loadPath: LOCALES_PATH,
      // The spec: translation files are not cached by the browser's HTTP cache.
      requestOptions: { cache: 'no-store' },
      reloadInterval: false,
      ...backend,
    },
    react: { useSuspense: false },
  };
}

/**
 * Builds an i18next instance with the site's backend and limits (not yet initialised). The backend is
 * i18next-http-backend, fetched with the first file to read (lazy-backend.ts).
 */
export function createI18n(instance: i18n = i18next.createInstance()): i18n {
  return instance.use(LazyHttpBackend).use(initReactI18next);
}

let ready: Promise<i18n> | null = null;

/**
 * The one i18next instance of the page. Every micro-frontend awaits this in its bootstrap; because
 * `@agency/core` is a Module Federation singleton they all share the same instance and promise.
 */
export function ensureI18n(ns: readonly Namespace[] = ['common']): Promise<i18n> {
  if (!ready) {
    const lng = startLanguage();
    const instance = createI18n(i18next);
    const options = i18nOptions(lng, ['common', ...ns]);
    // A page the server rendered carries its translations: the first render (the hydration) waits for no
    // download, and says exactly what the server's did. Anything else is fetched as usual.
    const data = pageData();
    if (data?.language === lng) {
      options.resources = { [lng]: data.resources } as InitOptions['resources'];
      options.partialBundledLanguages = true;
      // As on the server, which renders with this language's translations alone: no English files to wait for.
      options.fallbackLng = false;
    }
    ready = instance.init(options).then(() => instance);
  }
  return ready.then(async (instance) => {
    await instance.loadNamespaces([...ns]);
    return instance;
  });
}
