// Onboarding: serves the seeded questions in the person's language, checks and keeps their answers, and hands
// them to the interviewer as its knowledge of the person.
import { userLocale } from '../../i18n/messages.ts';
import { AppError } from '../../errors.ts';
import {
  MAX_ANSWER_LENGTH,
  type OnboardingAnswer,
  type OnboardingQuestion,
} from '../../contract/onboarding.ts';
import type { UserRow } from '../accounts/repository.ts';
import type { ProfileAnswer } from '../../providers/interviewer/types.ts';
import type { OnboardingRepository, QuestionRow } from './repository.ts';
import { ONBOARDING_QUESTIONS, type QuestionLanguage } from './questions.ts';

export type QuestionsStatus = 'unanswered' | 'answered' | 'all';

export function userLanguage(user: Pick<UserRow, 'currentLanguage'>): QuestionLanguage {
  return userLocale(user);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class OnboardingService {
  constructor(private readonly repository: OnboardingRepository) {}

  async seed(): Promise<void> {
    await this.repository.seed(ONBOARDING_QUESTIONS);
  }

  async questions(
    user: UserRow,
    status: QuestionsStatus,
    skip: number,
    limit: number,
  ): Promise<{ data: OnboardingQuestion[]; count: number }> {
    const rows = (await this.repository.questionsWithAnswers(user.id, userLanguage(user))).filter(
      (row) =>
        status === 'all' || (status === 'answered' ? row.answerId !== null : row.answerId === null),
    );
    return {
      data: rows.slice(skip, skip + limit).map((row) => ({
        question_id: row.id,
        question_number: row.number,
        question: row.question,
        valid_answers: row.validAnswers,
        example_answer: row.exampleAnswer,
        answer_input_type: row.inputType,
        is_custom_answer_allowed: row.isCustomAnswerAllowed,
        is_answer_required: row.isAnswerRequired,
        language: row.language,
        answer_id: row.answerId,
      })),
      count: rows.length,
    };
  }

  async answers(
    user: UserRow,
    skip: number,
    limit: number,
  ): Promise<{ data: OnboardingAnswer[]; count: number }> {
    const rows = await this.repository.answers(user.id, userLanguage(user));
    return {
      data: rows.slice(skip, skip + limit).map((row) => ({
        id: row.id,
        question_id: row.questionId,
        question: row.question,
        answer: row.answer,
      })),
      count: rows.length,
    };
  }

  /** One answer per question: answering again replaces the answer (`created` false). */
  async answer(
    user: UserRow,
    questionId: string,
    rawAnswer: string,
  ): Promise<{ answer: OnboardingAnswer; created: boolean }> {
    const variants = await this.repository.questionVariants(questionId);
    if (variants.length === 0)
      throw new AppError('validation_error', {}, { loc: ['body', 'question_id'] });
    const answer = checkAnswer(variants, rawAnswer);
    const { row, created } = await this.repository.upsertAnswer(user.id, questionId, answer);
    return { answer: this.toWire(row, variants, user), created };
  }

  async updateAnswer(user: UserRow, id: string, rawAnswer: string): Promise<OnboardingAnswer> {
    const existing = UUID.test(id) ? await this.repository.findAnswer(user.id, id) : null;
    if (!existing) throw new AppError('not_found');
    const variants = await this.repository.questionVariants(existing.questionId);
    const answer = checkAnswer(variants, rawAnswer);
    const row = await this.repository.updateAnswer(user.id, id, answer);
    if (!row) throw new AppError('not_found');
    return this.toWire(row, variants, user);
  }

  async deleteAnswer(user: UserRow, id: string): Promise<void> {
    if (!UUID.test(id) || !(await this.repository.deleteAnswer(user.id, id)))
      throw new AppError('not_found');
  }

  /** What the interviewer knows of the person, questions in their language. */
  async profile(user: UserRow): Promise<ProfileAnswer[]> {
    const rows = await this.repository.answers(user.id, userLanguage(user));
    return rows.map((row) => ({
      questionId: row.questionId,
      question: row.question,
      answer: row.answer,
    }));
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.repository.deleteAllOf(userId);
  }

  private toWire(
    row: { id: string; questionId: string; answer: string },
    variants: QuestionRow[],
    user: UserRow,
  ): OnboardingAnswer {
    const language = userLanguage(user);
    const question = variants.find((v) => v.language === language) ?? variants[0]!;
    return {
      id: row.id,
      question_id: row.questionId,
      question: question.question,
      answer: row.answer,
    };
  }
}

/** Trimmed, 1 to 255 characters; a radio answer is one of the choices unless a custom answer is allowed. */
function checkAnswer(variants: QuestionRow[], rawAnswer: string): string {
  const answer = rawAnswer.trim();
  if (answer.length === 0 || answer.length > MAX_ANSWER_LENGTH)
    throw new AppError('validation_error', {}, { loc: ['body', 'answer'] });
  const question = variants[0]!;
  if (
    question.inputType === 'radio' &&
    !question.isCustomAnswerAllowed &&
    !variants.some((v) => v.validAnswers.includes(answer))
  )
    throw new AppError('validation_error', {}, { loc: ['body', 'answer'] });
  return answer;
}
