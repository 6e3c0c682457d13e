// Key types of the profile namespace, from its French catalogue.
import type profile from '../../../locales/fr/profile.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    profile: typeof profile;
  }
}
