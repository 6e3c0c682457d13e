// Tables of the accounts module: people and their single-use tokens.

import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased: an address is unique whatever its case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull().default(''),
    accountType: text('account_type', { enum: ['standard', 'multi-users'] })
      .notNull()
      .default('standard'),
    currentLanguage: text('current_language').notNull().default('fr-FR'),
    optInMarketing: boolean('opt_in_marketing').notNull().default(false),
    optInTracking: boolean('opt_in_tracking').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    cguVersion: integer('cgu_version').notNull().default(0),
    cgvVersion: integer('cgv_version').notNull().default(0),
    pdcVersion: integer('pdc_version').notNull().default(0),
    /** Bumped by a password change, "log out everywhere" and deletion: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Bumped by triggers (migration 0008) in the transaction that changes anything the chapter list shows
     * (chapters, their summary versions, their pictures): the list's cache key.
     */
    contentVersion: bigint('content_version', { mode: 'number' }).notNull().default(0),
    /** Ever created, deleting one does not give it back (free-chapter allowance). */
    chaptersCreated: integer('chapters_created').notNull().default(0),
    /** Full access until then (12-month pack, gift code, granted by an operator); null: none of those. */
    fullAccessUntil: timestamp('full_access_until', { withTimezone: true, mode: 'date' }),
    /** Printed books paid for and not ordered yet (the 12-month pack includes one). */
    bookCredits: integer('book_credits').notNull().default(0),
    /** Whether the sound of spoken answers is kept (issue 20): null until the person was asked. */
    recordAnswers: boolean('record_answers'),
    /** The Stripe customer, reused for every checkout of this person. */
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A text column (no database enum): a new kind needs no migration. */
    kind: text('kind', {
      enum: ['email_validation', 'password_reset', 'email_change_undo'],
    }).notNull(),
    /** SHA-256 of the token: a database leak does not leak usable links. */
    tokenHash: text('token_hash').notNull(),
    /**
     * For email validation: the address the link validates (a changed email needs its own link). For
     * undoing an email change: the previous address, which the link gives back.
     */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId),
  ],
);
