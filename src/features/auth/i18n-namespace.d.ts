// Key types of the auth namespace, from its French catalogue.
import type auth from '../../../locales/fr/auth.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    auth: typeof auth;
  }
}
