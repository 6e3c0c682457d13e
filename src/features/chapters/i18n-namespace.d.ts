// Key types of the chapters namespace, from its French catalogue.
import type chapters from '../../../locales/fr/chapters.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    chapters: typeof chapters;
  }
}
