// Key types of the data export namespace, from its French catalogue.
import type dataExport from '../../../locales/fr/dataExport.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    dataExport: typeof dataExport;
  }
}
