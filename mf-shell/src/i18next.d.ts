import type common from '../public/locales/en/common.json';
import type shell from '../public/locales/en/shell.json';

// Translation keys are typed from the English files; a test checks the Arabic files have the same keys.
declare module 'i18next' {
  interface ResourceNamespaceMap {
    common: typeof common;
    shell: typeof shell;
  }
}
