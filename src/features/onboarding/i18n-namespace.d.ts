// Key types of the onboarding namespace, from its French catalogue.
import type onboarding from '../../../locales/fr/onboarding.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    onboarding: typeof onboarding;
  }
}
