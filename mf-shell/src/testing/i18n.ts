import type { Language } from '@agency/core';
import { initReactI18next } from '@agency/core';
import i18next, { type i18n } from 'i18next';
import arCommon from '../../public/locales/ar/common.json';
import arShell from '../../public/locales/ar/shell.json';
import enCommon from '../../public/locales/en/common.json';
import enShell from '../../public/locales/en/shell.json';

export const RESOURCES = {
  en: { common: enCommon, shell: enShell },
  ar: { common: arCommon, shell: arShell },
} as const;

/** An i18next instance loaded synchronously from the real translation files, in the given language. */
export function createTestI18n(lng: Language): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: ['common', 'shell'],
    defaultNS: 'common',
    resources: RESOURCES,
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
