// Route module for /conversations/book/create (BookCreation): the book wizard.
import { BookWizard } from '../../features/books/components/wizard/book-wizard';

export function Component() {
  return <BookWizard />;
}
