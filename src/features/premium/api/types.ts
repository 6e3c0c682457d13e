// Wire types of the premium calls (api.md § Premium, § Service endpoints): the server's contract
// (server/src/contract/premium.ts, accounts.ts), imported as types only. PRICES is typed with the
// contract's own literal prices, so a price changed on the server is a compile error here.
import type { Message } from '@contract/accounts';
import type { MIN_BOOK_CHAPTERS as ServerMinChapters } from '@contract/books';
import type {
  CheckoutAnswer,
  Order,
  OrderList,
  OrderStatus,
  PaymentProviderName,
  PremiumStatus,
  PRICES as ServerPrices,
  Product,
  SubscriptionWire,
} from '@contract/premium';

/** `{provider}` in the payment paths: Stripe, or the built-in simulator when no Stripe key is set. */
export type PaymentProvider = PaymentProviderName;

/** What can be bought (the last segment of POST /{provider}/checkout/…). */
export type { Product };

/** Prices in cents of euro (spec §9). */
export const PRICES: typeof ServerPrices = {
  subscription: 1400,
  'premium-12-months-and-a-book': 16800,
  book: 4900,
  gift: 16800,
};

export const CURRENCY = 'EUR';

/** A book gathers at least this many chapters, and needs full access (said beside the free chapters left). */
export const BOOK_MIN_CHAPTERS: typeof ServerMinChapters = 4;

export type { OrderStatus, SubscriptionWire };
export type PremiumStatusWire = PremiumStatus;
export type CheckoutAnswerWire = CheckoutAnswer;
export type PromoCodeAnswerWire = Message;
export type OrderWire = Order;
export type OrderListWire = OrderList;
