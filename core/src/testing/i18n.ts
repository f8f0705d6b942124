import i18next, { type i18n, type Resource } from 'i18next';
import { applyDocumentLanguage, type Language } from '../i18n/language';
import { initReactI18next } from '../i18n/react';

/**
 * Initialises the global i18next instance for component tests with real translation files
 * (imported JSON), so tests assert the texts a visitor reads.
 */
export async function initTestI18n(lng: Language, resources: Resource): Promise<i18n> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng,
      fallbackLng: 'en',
      resources,
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  } else {
    for (const [language, namespaces] of Object.entries(resources)) {
      for (const [ns, bundle] of Object.entries(namespaces)) {
        i18next.addResourceBundle(language, ns, bundle, true, true);
      }
    }
    await i18next.changeLanguage(lng);
  }
  if (typeof document !== 'undefined') applyDocumentLanguage(document, lng);
  return i18next;
}
