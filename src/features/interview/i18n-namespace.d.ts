// Key types of the interview namespace, from its French catalogue.
import type interview from '../../../locales/fr/interview.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    interview: typeof interview;
  }
}
