// Wire types of the premium calls, field for field the same as server/src/contract/premium.ts and the
// `payment_provider` of server/src/contract/system.ts (api.md § Premium, § Service endpoints). Declared
// here because the app's TypeScript setup does not compile the server's sources.

/** `{provider}` in the payment paths: Stripe, or the built-in simulator when no Stripe key is set. */
export type PaymentProvider = 'demo' | 'stripe';

/** What can be bought (the last segment of POST /{provider}/checkout/…). */
export type Product = 'subscription' | 'premium-12-months-and-a-book' | 'book';

/** Prices in cents of euro (spec §9). */
export const PRICES: Record<Product, number> = {
  subscription: 1400,
  'premium-12-months-and-a-book': 16800,
  book: 4900,
};

export const CURRENCY = 'EUR';

export interface SubscriptionWire {
  /** Stripe's subscription status: active, past_due, canceled… */
  status: string;
  /** When an active subscription set to stop ends; null when it renews. */
  cancel_at: string | null;
}

export interface PremiumStatusWire {
  is_full_access_granted: boolean;
  /** End of the 12-month pack or gift code (future), else null. */
  full_access_until: string | null;
  subscription: SubscriptionWire | null;
  free_chapters_allowed: number;
  /** Printed books already paid for (the 12-month pack includes one), not yet ordered. */
  book_credits: number;
}

export interface CheckoutAnswerWire {
  redirect_url: string;
}

export interface PromoCodeAnswerWire {
  message: string;
}

export type OrderStatus = 'paid' | 'sent_to_printer' | 'shipped';

export interface OrderWire {
  id: string;
  book_id: string | null;
  book_title: string;
  status: OrderStatus;
  /** Cents actually paid (0 when a book credit paid for it). */
  amount: number;
  currency: string;
  paid_with_credit: boolean;
  created_at: string;
}

export interface ListWire<T> {
  data: T[];
  count: number;
}
