// Tables of the onboarding module: the seeded questions (one row per question and language) and each
// person's answers (one per question).
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

export const onboardingQuestions = pgTable(
  'onboarding_questions',
  {
    /** A stable slug (birth, family, …): the interviewer reads answers by it. */
    id: text('id').notNull(),
    language: text('language', { enum: ['fr', 'en'] }).notNull(),
    number: integer('number').notNull(),
    question: text('question').notNull(),
    validAnswers: jsonb('valid_answers').$type<string[]>().notNull().default([]),
    exampleAnswer: text('example_answer').notNull().default(''),
    inputType: text('input_type', { enum: ['radio', 'checkbox', 'text'] }).notNull(),
    isCustomAnswerAllowed: boolean('is_custom_answer_allowed').notNull().default(false),
    isAnswerRequired: boolean('is_answer_required').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.id, t.language] })],
);

export const onboardingAnswers = pgTable(
  'onboarding_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    answer: text('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('onboarding_answers_user_question_key').on(t.userId, t.questionId),
    index('onboarding_answers_user_idx').on(t.userId),
  ],
);
