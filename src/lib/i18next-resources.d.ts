// Key types for i18next, taken from the French source catalogues. A feature adds its namespace in its
// own declaration file by augmenting ResourceNamespaceMap (see src/features/auth/i18n-namespace.d.ts).
import type common from '../../locales/fr/common.json';
import type errors from '../../locales/fr/errors.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    returnNull: false;
  }
  interface ResourceNamespaceMap {
    common: typeof common;
    errors: typeof errors;
  }
}
