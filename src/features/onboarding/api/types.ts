// Wire types of the onboarding calls (api.md § Onboarding, spec §3), declared here until
// server/src/contract/ exports them; the field names are the server's, exactly.

/** The server seeds radio, checkbox and text; anything else is treated as text. */
export type AnswerInputType = 'radio' | 'checkbox' | 'text' | (string & {});

export interface OnboardingQuestionWire {
  question_id: string;
  question_number: number;
  question: string;
  valid_answers: string[];
  example_answer: string | null;
  answer_input_type: AnswerInputType;
  is_custom_answer_allowed: boolean;
  is_answer_required: boolean;
  language: string;
  answer_id: string | null;
}

export interface OnboardingAnswerWire {
  id: string;
  question_id: string;
  question: string;
  answer: string;
}

export type QuestionsStatus = 'unanswered' | 'answered' | 'all';

export interface ListWire<T> {
  data: T[];
  count: number;
}
