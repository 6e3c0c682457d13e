// Key types of the premium namespace, from its French catalogue.
import type premium from '../../../locales/fr/premium.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    premium: typeof premium;
  }
}
