// Key types of the pwa namespace (update and install prompts), from its French catalogue.
import type pwa from '../../locales/fr/pwa.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    pwa: typeof pwa;
  }
}
