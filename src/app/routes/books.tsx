// Route module for /books (BookList): the person's books, "Mes livres".
import { BookListPage } from '../../features/books/components/book-list-page';

export function Component() {
  return <BookListPage />;
}
