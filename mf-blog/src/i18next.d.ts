import type blog from '../public/locales/en/blog.json';

// Translation keys are typed from the English file; a test checks the Arabic file has the same keys.
declare module 'i18next' {
  interface ResourceNamespaceMap {
    blog: typeof blog;
  }
}
