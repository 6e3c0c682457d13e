// POST /{provider}/checkout/{product}: opens a payment session and answers the address of the payment
// page (the built-in simulator or Stripe). A printed book names its book (book_id); it is free when a
// book credit remains.
import { apiRequest } from '../../../lib/api-client';
import type { CheckoutAnswerWire, PaymentProvider, Product } from './types';

export interface CheckoutRequest {
  product: Product;
  /** Required for 'book'. */
  bookID?: string;
}

export function startCheckout(
  provider: PaymentProvider,
  { product, bookID }: CheckoutRequest,
): Promise<CheckoutAnswerWire> {
  return apiRequest<CheckoutAnswerWire>(`/${provider}/checkout/${product}`, {
    method: 'POST',
    query: product === 'book' ? { book_id: bookID } : undefined,
  });
}
