/**
 * The react-i18next API the micro-frontends use, re-exported from the `@agency/core` singleton for the same
 * reason as the router (core/src/router.ts): a Module Federation shared package is bundled whole, and the
 * whole of react-i18next (its `Trans` parser, HOCs and SSR helpers) is about 10 KB gzip, of which the site
 * uses a third. Through core there is still one copy, so one React context, in the page. Micro-frontends
 * must not import react-i18next directly (lint rule in biome.json).
 */
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, type Language, normalizeLanguage } from './language';

export { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';

/** The language i18next resolved for this page (en or ar), re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? FALLBACK_LANGUAGE;
}
