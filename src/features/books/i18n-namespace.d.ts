// Key types of the books namespace, from its French catalogue.
import type books from '../../../locales/fr/books.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    books: typeof books;
  }
}
