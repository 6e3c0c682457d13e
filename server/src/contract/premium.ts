// Wire types of the premium calls (api.md § Premium). The app imports these with `import type`.
import { Type, type Static } from '@sinclair/typebox';

const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });

export const PAYMENT_PROVIDERS = ['demo', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Prices in cents of euro (spec §9). */
export const PRICES = {
  subscription: 1400,
  'premium-12-months-and-a-book': 16800,
  book: 4900,
  /** A gift from a relative (issue 31): the 12-month pack's price, for her account or as a code. */
  gift: 16800,
} as const;
export type Product = keyof typeof PRICES;

/** What a gift gives (issue 31): as the 12-month pack, months of full access and one printed book. */
export const GIFT_MONTHS = 12;
export const GIFT_BOOK_CREDITS = 1;

/**
 * POST /{provider}/checkout/gift: `code` — a gift code mailed to the buyer, to give; `storyteller` —
 * applied to the account of that storyteller, whose circle the buyer is a member of (storyteller_id).
 */
export const GiftRecipient = Type.Unsafe<'code' | 'storyteller'>({
  type: 'string',
  enum: ['code', 'storyteller'],
});
export type GiftRecipient = Static<typeof GiftRecipient>;
export const GiftCheckoutBody = Type.Object(
  {
    for: GiftRecipient,
    /** Required with `for: 'storyteller'`; not allowed with `for: 'code'`. */
    storyteller_id: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type GiftCheckoutBody = { for: 'code' } | { for: 'storyteller'; storyteller_id: string };

export const SubscriptionWire = Type.Object({
  /** Stripe's subscription status: active, past_due, canceled… */
  status: Type.String(),
  /** When an active subscription set to stop ends; null when it renews. */
  cancel_at: NullableString,
});
export type SubscriptionWire = Static<typeof SubscriptionWire>;

export const PremiumStatus = Type.Object({
  is_full_access_granted: Type.Boolean(),
  /** End of the 12-month pack or gift code (future), else null. */
  full_access_until: NullableString,
  subscription: Type.Union([SubscriptionWire, Type.Null()]),
  free_chapters_allowed: Type.Integer({ minimum: 0 }),
  /** Printed books already paid for (the 12-month pack includes one), not yet ordered. */
  book_credits: Type.Integer({ minimum: 0 }),
});
export type PremiumStatus = Static<typeof PremiumStatus>;

export const CheckoutAnswer = Type.Object({ redirect_url: Type.String() });
export type CheckoutAnswer = Static<typeof CheckoutAnswer>;

export const BookCheckoutQuery = Type.Object({ book_id: Type.String() });
export const PromoCodeQuery = Type.Object({ customer_promo_code: Type.String({ maxLength: 64 }) });

export const OrderStatus = Type.Unsafe<'paid' | 'sent_to_printer' | 'shipped'>({
  type: 'string',
  enum: ['paid', 'sent_to_printer', 'shipped'],
});
export type OrderStatus = Static<typeof OrderStatus>;

/** Where a printed book is sent (country: ISO 3166 alpha-2). */
export const ShippingAddressWire = Type.Object({
  name: Type.String(),
  line1: Type.String(),
  line2: NullableString,
  postal_code: Type.String(),
  city: Type.String(),
  country: Type.String(),
});
export type ShippingAddressWire = Static<typeof ShippingAddressWire>;

export const Order = Type.Object({
  id: Type.String({ format: 'uuid' }),
  book_id: NullableString,
  book_title: Type.String(),
  status: OrderStatus,
  /** Cents of euro actually paid (0 when a book credit paid for it). */
  amount: Type.Integer({ minimum: 0 }),
  currency: Type.String(),
  paid_with_credit: Type.Boolean(),
  created_at: Type.String(),
  /**
   * Where the book is going; null once it is shipped (the address is then forgotten) or when the
   * payment service did not give one. Optional for the app's copies stored before it existed.
   */
  shipping_address: Type.Optional(Type.Union([ShippingAddressWire, Type.Null()])),
});
export type Order = Static<typeof Order>;
export const OrderList = Type.Object({
  data: Type.Array(Order),
  count: Type.Integer({ minimum: 0 }),
});
export type OrderList = Static<typeof OrderList>;
