// What was just sent to the payment page, kept in sessionStorage (per tab, it survives the trip to the
// payment page and back) so that /payment-success can say plainly what was bought. Nothing else reads it.
import type { CheckoutRequest } from './api/checkout';
import type { Product } from './api/types';

const KEY = 'chapitres.checkout';
const PRODUCTS: Product[] = ['subscription', 'premium-12-months-and-a-book', 'book', 'gift'];

export function rememberCheckout(request: CheckoutRequest): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(request));
  } catch {
    // Private mode or full storage: the success page then speaks in general terms.
  }
}

/** The checkout remembered in this tab, if any. */
export function readRememberedCheckout(): CheckoutRequest | null {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CheckoutRequest> | null;
    if (!value || !PRODUCTS.includes(value.product as Product)) return null;
    const gift = readGift(value.gift);
    return {
      product: value.product as Product,
      ...(typeof value.bookID === 'string' ? { bookID: value.bookID } : {}),
      ...(gift ? { gift } : {}),
    };
  } catch {
    return null;
  }
}

/** A gift as remembered: for whom it was bought (a storyteller's name, to thank by name). */
function readGift(value: unknown): CheckoutRequest['gift'] | null {
  if (!value || typeof value !== 'object') return null;
  const gift = value as Record<string, unknown>;
  if (gift.for === 'code') return { for: 'code' };
  if (gift.for === 'storyteller' && typeof gift.storytellerID === 'string')
    return {
      for: 'storyteller',
      storytellerID: gift.storytellerID,
      ...(typeof gift.storytellerName === 'string'
        ? { storytellerName: gift.storytellerName }
        : {}),
    };
  return null;
}

/** Forgets it once a result page has used it, so that a later visit does not repeat it. */
export function forgetRememberedCheckout(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored means nothing to forget.
  }
}
