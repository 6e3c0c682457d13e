// Tables of the premium module: subscriptions as the payment provider reports them, every provider event
// applied (once), checkout sessions (the simulator's, and Stripe's for the record), gift codes (hashed) and
// printed-book orders with the files frozen when they were paid.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { books } from './books.ts';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['demo', 'stripe'] }).notNull(),
    /** The provider's id (Stripe `sub_…`, the simulator's own). */
    providerId: text('provider_id').notNull(),
    /** The provider's words: active, past_due, canceled… */
    status: text('status').notNull(),
    /** End of the period paid for; null: renews by itself (the simulator). */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }),
    /** Set when it will stop at the end of the period. */
    cancelAt: timestamp('cancel_at', { withTimezone: true, mode: 'date' }),
    /** Time of the newest provider event applied: an older one arriving late changes nothing. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_id_key').on(t.provider, t.providerId),
    index('subscriptions_user_idx').on(t.userId),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    userId: uuid('user_id'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the person deleted their account: a completed payment is kept for the accounts. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['demo', 'stripe'] }).notNull(),
    /** Stripe's `cs_…`; for the simulator, the row's own id. */
    providerSessionId: text('provider_session_id').notNull(),
    product: text('product', {
      enum: ['subscription', 'premium-12-months-and-a-book', 'book', 'gift'],
    }).notNull(),
    /** A gift (issue 31): applied to this storyteller's account when paid; null for a code to give. */
    giftFor: uuid('gift_for').references(() => users.id, { onDelete: 'set null' }),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    /** A printed book as it was when the checkout opened: its files are frozen under the order's folder
     *  then, so deleting the book afterwards leaves what the order needs (issue 28). */
    bookTitle: text('book_title'),
    pageCount: integer('page_count'),
    /** Cents of euro asked; 0 for a printed book opened with a credit (taken only when it completes). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('eur'),
    paidWithCredit: boolean('paid_with_credit').notNull().default(false),
    /** refused: paid for nothing we can give (the book credit already used, a second subscription):
     *  nothing granted, the payment refunded (Stripe) or not taken (the simulator). */
    status: text('status', { enum: ['open', 'completed', 'canceled', 'refused'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('checkout_sessions_provider_key').on(t.provider, t.providerSessionId)],
);

export const giftCodes = pgTable(
  'gift_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the normalised code: a database leak does not leak usable codes. */
    codeHash: text('code_hash').notNull(),
    /** The last four characters, to tell codes apart in `gift-codes list`. */
    hint: text('hint').notNull(),
    months: integer('months').notNull(),
    /** Printed books the code gives with its months (a bought gift gives one, as the 12-month pack). */
    bookCredits: integer('book_credits').notNull().default(0),
    /** Who paid for it (issue 31); null for codes made with the CLI, or once that account is gone. */
    boughtBy: uuid('bought_by').references(() => users.id, { onDelete: 'set null' }),
    /** The checkout that paid for it: a replayed payment event makes no second code. */
    checkoutId: uuid('checkout_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_codes_hash_key').on(t.codeHash),
    uniqueIndex('gift_codes_checkout_key').on(t.checkoutId),
  ],
);

export interface ShippingAddress {
  name: string;
  line1: string;
  line2: string | null;
  postalCode: string;
  city: string;
  country: string;
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the person deleted their account: the order is still printed, shipped and accounted for. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    bookTitle: text('book_title').notNull(),
    status: text('status', { enum: ['paid', 'sent_to_printer', 'shipped'] })
      .notNull()
      .default('paid'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    paidWithCredit: boolean('paid_with_credit').notNull().default(false),
    shipping: jsonb('shipping').$type<ShippingAddress | null>(),
    provider: text('provider').notNull(),
    /** The checkout session it was paid through: one order per session. */
    providerRef: text('provider_ref').notNull(),
    /** Storage folder of the print files frozen when it was paid. */
    filesPrefix: text('files_prefix').notNull(),
    pageCount: integer('page_count'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_provider_ref_key').on(t.provider, t.providerRef),
    index('orders_user_idx').on(t.userId, t.createdAt),
  ],
);
