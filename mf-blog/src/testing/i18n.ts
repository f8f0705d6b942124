import type { Language } from '@agency/core';
import { initReactI18next } from '@agency/core';
import i18next, { type i18n } from 'i18next';
import arBlog from '../../public/locales/ar/blog.json';
import enBlog from '../../public/locales/en/blog.json';

export const RESOURCES = {
  en: { blog: enBlog },
  ar: { blog: arBlog },
} as const;

/** An i18next instance loaded synchronously from the real translation files, in the given language. */
export function createTestI18n(lng: Language): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: ['blog'],
    defaultNS: 'blog',
    resources: RESOURCES,
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
