import { FALLBACK_LANGUAGE, type Language, normalizeLanguage, useTranslation } from '@agency/core';

/** The language i18next resolved for this page (en or ar). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? FALLBACK_LANGUAGE;
}
