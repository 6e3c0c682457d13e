// Route module for /book/:bookID (BookView): one book, its state and its preview, with the printed-copy
// order control of the premium feature passed in. Keyed by book so that moving to another book starts
// afresh.
import { useParams } from 'react-router';
import { BookViewPage } from '../../features/books/components/book-view-page';
import { BookOrder } from '../../features/premium/components/book-order';

export function Component() {
  const { bookID = '' } = useParams();
  return <BookViewPage key={bookID} bookID={bookID} orderControl={<BookOrder bookID={bookID} />} />;
}
