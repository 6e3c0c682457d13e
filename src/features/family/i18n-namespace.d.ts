// Key types of the family namespace (the storyteller's side of her circle: « Ma famille », release,
// words, suggested photos), from its French catalogue. The member's side is the circle namespace.
import type family from '../../../locales/fr/family.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    family: typeof family;
  }
}
