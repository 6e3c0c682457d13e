// Key types of the support (FAQ and contact) namespace, from its French catalogue.
import type support from '../../../locales/fr/support.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    support: typeof support;
  }
}
