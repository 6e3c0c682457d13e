// Key types of the privacy namespace, from its French catalogue.
import type privacy from '../../../locales/fr/privacy.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    privacy: typeof privacy;
  }
}
