// Route module for /circles/:storytellerId: her released chapters, a contributor's questions, and what
// other features add to a member's page: preparing her book (a contributor she allowed) and a gift.
import { useParams } from 'react-router';
import { CirclePage } from '../../features/family-circle/components/circle-page';
import { useCircleSeat } from '../../features/family-circle/api/memberships';
import { GiftOffer } from '../../features/premium/components/gift-offer';
import { PrepareBookLink } from '../../features/books/components/circle-book';

export function Component() {
  const { storytellerId = '' } = useParams();
  const name = useCircleSeat(storytellerId).storytellerName ?? undefined;
  return (
    <CirclePage
      key={storytellerId}
      storytellerId={storytellerId}
      bookSlot={<PrepareBookLink storytellerId={storytellerId} storytellerName={name ?? ''} />}
      giftSlot={<GiftOffer storytellerId={storytellerId} storytellerName={name} />}
    />
  );
}
