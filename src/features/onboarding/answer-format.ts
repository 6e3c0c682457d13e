// How an onboarding answer is written (spec §5): checkbox choices joined by ', ' with the custom text
// appended, a radio choice or the custom text, or the typed text; at most 255 characters (252 and an
// ellipsis). And the way back, to edit a saved answer with the same inputs.
import type { AnswerInputType, OnboardingQuestionWire } from './api/types';

export const ANSWER_MAX_LENGTH = 255;
const TRUNCATED_LENGTH = 252;
export const ELLIPSIS = '…';
export const CHOICE_SEPARATOR = ', ';

/** What the inputs hold: the choices ticked, and the typed text (custom answer, or the answer itself). */
export interface AnswerValue {
  selected: string[];
  text: string;
}

export const emptyAnswer: AnswerValue = { selected: [], text: '' };

export type InputKind = 'radio' | 'checkbox' | 'text';

export function inputKind(type: AnswerInputType): InputKind {
  if (type === 'radio') return 'radio';
  return type === 'checkbox' ? 'checkbox' : 'text';
}

/**
 * Length as the server and the inputs' maxLength count it (UTF-16 units: an emoji counts two), so a
 * composed answer the server accepts is exactly one this function accepts.
 */
export function answerLength(answer: string): number {
  return answer.length;
}

export function truncateAnswer(answer: string): string {
  if (answerLength(answer) <= ANSWER_MAX_LENGTH) return answer;
  let kept = '';
  // By code point, so an emoji is never cut in half.
  for (const char of answer) {
    if (kept.length + char.length > TRUNCATED_LENGTH) break;
    kept += char;
  }
  return kept + ELLIPSIS;
}

type QuestionShape = Pick<
  OnboardingQuestionWire,
  'answer_input_type' | 'valid_answers' | 'is_custom_answer_allowed'
>;

export function composeAnswer(question: QuestionShape, value: AnswerValue): string {
  const kind = inputKind(question.answer_input_type);
  const custom = kind === 'text' || question.is_custom_answer_allowed ? value.text.trim() : '';
  if (kind === 'checkbox') {
    // In the order the question lists them, whatever order they were ticked in.
    const chosen = question.valid_answers.filter((option) => value.selected.includes(option));
    return truncateAnswer([...chosen, ...(custom ? [custom] : [])].join(CHOICE_SEPARATOR));
  }
  if (kind === 'radio') {
    const chosen = question.valid_answers.find((option) => value.selected.includes(option));
    return truncateAnswer(chosen ?? custom);
  }
  return truncateAnswer(custom);
}

export function isAnswered(question: QuestionShape, value: AnswerValue | undefined): boolean {
  return composeAnswer(question, value ?? emptyAnswer) !== '';
}

/** A saved answer back into the inputs: known choices are ticked, the rest becomes the typed text. */
export function parseAnswer(question: QuestionShape, answer: string): AnswerValue {
  const kind = inputKind(question.answer_input_type);
  if (kind === 'radio') {
    return question.valid_answers.includes(answer)
      ? { selected: [answer], text: '' }
      : { selected: [], text: answer };
  }
  if (kind === 'checkbox') {
    const parts = answer.split(CHOICE_SEPARATOR);
    const selected = parts.filter((part) => question.valid_answers.includes(part));
    const rest = parts.filter((part) => !question.valid_answers.includes(part));
    return { selected, text: rest.join(CHOICE_SEPARATOR).trim() };
  }
  return { selected: [], text: answer };
}
