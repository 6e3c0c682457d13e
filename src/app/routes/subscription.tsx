// Route module for /subscription: the plans, the printed copy of a book when arriving with ?book_id=,
// and the gift code (premium feature).
import { useSearchParams } from 'react-router';
import { SubscriptionPage } from '../../features/premium/components/subscription-page';

export function Component() {
  const [searchParams] = useSearchParams();
  const bookID = searchParams.get('book_id')?.trim() || null;
  return <SubscriptionPage bookID={bookID} />;
}
