// Key types of the images namespace, from its French catalogue.
import type images from '../../../locales/fr/images.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    images: typeof images;
  }
}
