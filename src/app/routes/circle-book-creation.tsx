// Route module for /circles/:storytellerId/book/new (issue 31): a contributor she allowed prepares her
// book with the book wizard, on her released chapters. Her name and the right come from the membership.
import { useParams } from 'react-router';
import { CircleBookWizard, CircleSeatLoading } from '../../features/books/components/circle-book';
import { useCircleSeat } from '../../features/family-circle/api/memberships';

export function Component() {
  const { storytellerId = '' } = useParams();
  const seat = useCircleSeat(storytellerId);
  if (seat.loading) return <CircleSeatLoading />;
  return (
    <CircleBookWizard
      key={storytellerId}
      storytellerId={storytellerId}
      storytellerName={seat.storytellerName}
      allowed={seat.canMakeBook}
    />
  );
}
