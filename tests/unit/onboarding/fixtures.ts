// Onboarding questions and answers as the server sends them (api.md § Onboarding).
import type {
  OnboardingAnswerWire,
  OnboardingQuestionWire,
} from '../../../src/features/onboarding/api/types';

function question(
  id: string,
  number: number,
  fields: Partial<OnboardingQuestionWire>,
): OnboardingQuestionWire {
  return {
    question_id: id,
    question_number: number,
    question: id,
    valid_answers: [],
    example_answer: '',
    answer_input_type: 'text',
    is_custom_answer_allowed: false,
    is_answer_required: false,
    language: 'fr',
    answer_id: null,
    ...fields,
  };
}

export const birthQuestion = question('birth', 1, {
  question: 'En quelle année et où êtes-vous né ?',
  example_answer: 'En 1942, à Lyon',
  is_answer_required: true,
});

export const themesQuestion = question('themes', 2, {
  question: 'Quels sujets aimeriez-vous raconter ?',
  answer_input_type: 'checkbox',
  valid_answers: ['Enfance', 'Travail', 'Famille'],
  example_answer: 'Les vacances à la mer',
  is_custom_answer_allowed: true,
});

export const speakingQuestion = question('speaking', 3, {
  question: 'Comment préférez-vous que le biographe s’adresse à vous ?',
  answer_input_type: 'radio',
  valid_answers: ['Tutoiement', 'Vouvoiement'],
  is_answer_required: true,
});

export const questions = [birthQuestion, themesQuestion, speakingQuestion];

export function answer(q: OnboardingQuestionWire, text: string, id = `a-${q.question_id}`) {
  return {
    id,
    question_id: q.question_id,
    question: q.question,
    answer: text,
  } satisfies OnboardingAnswerWire;
}

export function list<T>(data: T[]) {
  return { data, count: data.length };
}
