// Wire types of the onboarding calls (api.md § Onboarding, spec §3). The app imports these with `import type`.
import { Type, type Static } from '@sinclair/typebox';
import { ListOf, Pagination } from './common.ts';

export const MAX_ANSWER_LENGTH = 255;

export const OnboardingQuestion = Type.Object({
  question_id: Type.String(),
  question_number: Type.Integer(),
  question: Type.String(),
  valid_answers: Type.Array(Type.String()),
  example_answer: Type.String(),
  // `enum` and a type list rather than anyOf: fast-json-stringify validates every anyOf value it writes.
  answer_input_type: Type.Unsafe<'radio' | 'checkbox' | 'text'>({
    type: 'string',
    enum: ['radio', 'checkbox', 'text'],
  }),
  is_custom_answer_allowed: Type.Boolean(),
  is_answer_required: Type.Boolean(),
  language: Type.String(),
  answer_id: Type.Unsafe<string | null>({ type: ['string', 'null'] }),
});
export type OnboardingQuestion = Static<typeof OnboardingQuestion>;
export const OnboardingQuestionList = ListOf(OnboardingQuestion);
export type OnboardingQuestionList = Static<typeof OnboardingQuestionList>;

export const QuestionsQuery = Type.Intersect([
  Pagination,
  Type.Object({
    questions_status: Type.Optional(
      Type.Union([Type.Literal('unanswered'), Type.Literal('answered'), Type.Literal('all')], {
        default: 'all',
      }),
    ),
  }),
]);
export type QuestionsQuery = Static<typeof QuestionsQuery>;

export const AnswersQuery = Type.Intersect([
  Pagination,
  // Accepted for the client's sake; a person only ever sees their own answers.
  Type.Object({ get_all_users_and_languages: Type.Optional(Type.Boolean()) }),
]);
export type AnswersQuery = Static<typeof AnswersQuery>;

export const OnboardingAnswer = Type.Object({
  id: Type.String({ format: 'uuid' }),
  question_id: Type.String(),
  question: Type.String(),
  answer: Type.String(),
});
export type OnboardingAnswer = Static<typeof OnboardingAnswer>;
export const OnboardingAnswerList = ListOf(OnboardingAnswer);
export type OnboardingAnswerList = Static<typeof OnboardingAnswerList>;

export const CreateAnswerBody = Type.Object(
  {
    question_id: Type.String({ minLength: 1, maxLength: 100 }),
    // Checked after trimming by the service (1 to 255 characters).
    answer: Type.String({ maxLength: 10_000 }),
  },
  { additionalProperties: false },
);
export type CreateAnswerBody = Static<typeof CreateAnswerBody>;

export const UpdateAnswerBody = Type.Object(
  { answer: Type.String({ maxLength: 10_000 }) },
  { additionalProperties: false },
);
export type UpdateAnswerBody = Static<typeof UpdateAnswerBody>;
