// Key types of the family circle namespace (a member's side), from its French catalogue.
import type circle from '../../../locales/fr/circle.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    circle: typeof circle;
  }
}
