// Key types of the offline namespace (banner, sync status, outbox and draft messages), from its French catalogue.
import type offline from '../../locales/fr/offline.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    offline: typeof offline;
  }
}
