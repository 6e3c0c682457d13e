// Wire types of the onboarding calls (api.md § Onboarding, spec §3): the server's contract
// (server/src/contract/onboarding.ts), imported as types only.
import type {
  CreateAnswerBody,
  UpdateAnswerBody,
  OnboardingAnswer,
  OnboardingAnswerList,
  OnboardingQuestion,
  OnboardingQuestionList,
  QuestionsQuery,
} from '@contract/onboarding';

export type OnboardingQuestionWire = OnboardingQuestion;
export type OnboardingQuestionListWire = OnboardingQuestionList;
export type OnboardingAnswerWire = OnboardingAnswer;
export type OnboardingAnswerListWire = OnboardingAnswerList;
/** POST /onboardings/answers. */
export type NewAnswer = CreateAnswerBody;
/** PATCH /onboardings/answers/{id}. */
export type UpdateAnswerPayload = UpdateAnswerBody;

/** The server seeds radio, checkbox and text. */
export type AnswerInputType = OnboardingQuestion['answer_input_type'];
export type QuestionsStatus = NonNullable<QuestionsQuery['questions_status']>;
