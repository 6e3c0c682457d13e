// Route module for /circles/:storytellerId/books/:bookId (issue 31): the book a contributor prepared for
// her — its state, preview and downloads — as the book's own page shows it, within her circle. Keyed by
// book so that moving to another starts afresh.
import { useParams } from 'react-router';
import { CircleBookView, CircleSeatLoading } from '../../features/books/components/circle-book';
import { useCircleSeat } from '../../features/family-circle/api/memberships';

export function Component() {
  const { storytellerId = '', bookId = '' } = useParams();
  const seat = useCircleSeat(storytellerId);
  if (seat.loading) return <CircleSeatLoading />;
  return (
    <CircleBookView
      key={`${storytellerId}/${bookId}`}
      bookID={bookId}
      storytellerId={storytellerId}
      storytellerName={seat.storytellerName}
      allowed={seat.canMakeBook}
    />
  );
}
