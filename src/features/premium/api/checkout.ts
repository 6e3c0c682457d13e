// POST /{provider}/checkout/{product}: opens a payment session and answers the address of the payment
// page (the built-in simulator or Stripe). A printed book names its book (book_id); it is free when a
// book credit remains. A gift (issue 31) says for whom: a code to give, or a storyteller of one's circles.
import { apiRequest } from '../../../lib/api-client';
import type { CheckoutAnswerWire, PaymentProvider, Product } from './types';

/** For whom a gift is bought: a gift code to give, or a year applied to a storyteller's account. */
export type GiftFor =
  { for: 'code' } | { for: 'storyteller'; storytellerID: string; storytellerName?: string };

export interface CheckoutRequest {
  product: Product;
  /** Required for 'book'. */
  bookID?: string;
  /** Required for 'gift'. */
  gift?: GiftFor;
}

function giftBody(gift: GiftFor | undefined) {
  return gift?.for === 'storyteller'
    ? { for: 'storyteller' as const, storyteller_id: gift.storytellerID }
    : { for: 'code' as const };
}

export function startCheckout(
  provider: PaymentProvider,
  { product, bookID, gift }: CheckoutRequest,
): Promise<CheckoutAnswerWire> {
  return apiRequest<CheckoutAnswerWire>(`/${provider}/checkout/${product}`, {
    method: 'POST',
    query: product === 'book' ? { book_id: bookID } : undefined,
    json: product === 'gift' ? giftBody(gift) : undefined,
  });
}
