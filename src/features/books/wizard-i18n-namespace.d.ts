// Key types of the bookWizard namespace, from its French catalogue.
import type bookWizard from '../../../locales/fr/bookWizard.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    bookWizard: typeof bookWizard;
  }
}
