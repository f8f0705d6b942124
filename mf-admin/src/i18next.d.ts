import type admin from '../public/locales/en/admin.json';

// Translation keys are typed from the English file; a test checks the Arabic file has the same keys.
declare module 'i18next' {
  interface ResourceNamespaceMap {
    admin: typeof admin;
  }
}
