// Tables of the family circle (issue 31): the people a storyteller invites (readers and contributors),
// the chapters she releases to them, the questions they ask, the words they leave under a chapter and
// the photos they suggest. Every row goes with the storyteller (cascade); what a member wrote goes with
// the member's account, except the photos she accepted, which stay in her chapter credited « un proche ».
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { conversations } from './conversations.ts';

export const circleMembers = pgTable(
  'circle_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The storyteller whose circle this is. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member's account, once the invitation is accepted (null while invited). */
    memberId: uuid('member_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The address invited, lower-cased. Only the storyteller ever sees it. */
    email: text('email').notNull(),
    /** How she names them to the biographer (« ma fille », « mon petit-fils »); optional. */
    relation: text('relation'),
    role: text('role', { enum: ['reader', 'contributor'] }).notNull(),
    /**
     * SHA-256 of the single-use invitation token; kept after acceptance (`accepted_at` set) so that a link
     * used twice answers « used » (409), not « unknown » (404). Sending again replaces it.
     */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true, mode: 'date' }),
    /** When the member wants the news of a released chapter. */
    notify: text('notify', { enum: ['immediate', 'weekly', 'never'] })
      .notNull()
      .default('immediate'),
    /** The last news mail (the weekly digest counts from it). */
    lastNewsAt: timestamp('last_news_at', { withTimezone: true, mode: 'date' }),
    /** A contributor she allows to open the book wizard (the book stays hers). */
    canMakeBook: boolean('can_make_book').notNull().default(false),
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('circle_members_owner_email_key').on(t.ownerId, t.email),
    uniqueIndex('circle_members_owner_member_key')
      .on(t.ownerId, t.memberId)
      .where(sql`${t.memberId} is not null`),
    uniqueIndex('circle_members_invite_key')
      .on(t.inviteTokenHash)
      .where(sql`${t.inviteTokenHash} is not null`),
    index('circle_members_member_idx').on(t.memberId),
  ],
);

/** A chapter released to the circle (absent: private). Taking it back deletes the row. */
export const circleReleases = pgTable('circle_releases', {
  conversationId: uuid('conversation_id')
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const circleQuestions = pgTable(
  'circle_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member who asked; their questions go with their account. */
    askerId: uuid('asker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The chapter whose conversation the biographer asked it in (null: not asked yet). */
    conversationId: uuid('conversation_id').references(() => conversations.id, {
      onDelete: 'set null',
    }),
    askedAt: timestamp('asked_at', { withTimezone: true, mode: 'date' }),
    /** Her first answer after it was asked; the asker is told then. */
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    askerToldAt: timestamp('asker_told_at', { withTimezone: true, mode: 'date' }),
    /** She set it aside: never offered. */
    declinedAt: timestamp('declined_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('circle_questions_owner_idx').on(t.ownerId, t.createdAt)],
);

/** A short word a member leaves under a released chapter. Never printed unless she chooses. */
export const chapterWords = pgTable(
  'chapter_words',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    printed: boolean('printed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('chapter_words_conversation_idx').on(t.conversationId, t.createdAt)],
);

/** A photo a contributor suggests for a chapter, until she accepts it (then a chapter image) or declines it. */
export const suggestedPhotos = pgTable(
  'suggested_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    contributorId: uuid('contributor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    legend: text('legend'),
    key: text('key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('suggested_photos_conversation_idx').on(t.conversationId, t.createdAt)],
);

/** A browser's Web Push subscription (her installed app, or a member's). A 404/410 from its service drops it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** Her gentle weekly question (opt-in): the day, the channels, the last one sent. */
export const storyRhythms = pgTable('story_rhythms', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** ISO weekday, 1 (Monday) to 7 (Sunday). */
  weekday: integer('weekday').notNull(),
  byEmail: boolean('by_email').notNull().default(true),
  byPush: boolean('by_push').notNull().default(false),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
