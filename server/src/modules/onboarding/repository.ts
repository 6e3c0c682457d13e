// Database access for the onboarding questions (seeded) and each person's answers.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { onboardingAnswers, onboardingQuestions } from '../../db/schema/index.ts';
import type { QuestionLanguage, QuestionSeed } from './questions.ts';

export type QuestionRow = typeof onboardingQuestions.$inferSelect;
export type AnswerRow = typeof onboardingAnswers.$inferSelect;

export interface QuestionWithAnswer extends QuestionRow {
  answerId: string | null;
}

export class OnboardingRepository {
  // Read for every answer to the biographer (its context): built once rather than at each call (issue 34).
  private readonly answersQuery;

  constructor(private readonly db: Db) {
    this.answersQuery = db
      .select({
        id: onboardingAnswers.id,
        questionId: onboardingAnswers.questionId,
        answer: onboardingAnswers.answer,
        question: onboardingQuestions.question,
      })
      .from(onboardingAnswers)
      .innerJoin(
        onboardingQuestions,
        and(
          eq(onboardingQuestions.id, onboardingAnswers.questionId),
          eq(onboardingQuestions.language, sql.placeholder('language')),
        ),
      )
      .where(eq(onboardingAnswers.userId, sql.placeholder('userId')))
      .orderBy(asc(onboardingQuestions.number))
      .prepare('onboarding_answers');
  }

  /** Writes the seeded questions; run at every start, so editing the seed edits the served text. */
  async seed(questions: readonly QuestionSeed[]): Promise<void> {
    const rows = questions.flatMap((q) =>
      (['fr', 'en'] as const).map((language) => ({
        id: q.id,
        language,
        number: q.number,
        question: q.text[language].question,
        validAnswers: q.text[language].validAnswers,
        exampleAnswer: q.text[language].example,
        inputType: q.inputType,
        isCustomAnswerAllowed: q.isCustomAnswerAllowed,
        isAnswerRequired: q.isAnswerRequired,
      })),
    );
    await this.db
      .insert(onboardingQuestions)
      .values(rows)
      .onConflictDoUpdate({
        target: [onboardingQuestions.id, onboardingQuestions.language],
        set: {
          number: sql`excluded.number`,
          question: sql`excluded.question`,
          validAnswers: sql`excluded.valid_answers`,
          exampleAnswer: sql`excluded.example_answer`,
          inputType: sql`excluded.input_type`,
          isCustomAnswerAllowed: sql`excluded.is_custom_answer_allowed`,
          isAnswerRequired: sql`excluded.is_answer_required`,
        },
      });
  }

  async questionsWithAnswers(userId: string, language: QuestionLanguage) {
    return this.db
      .select({
        id: onboardingQuestions.id,
        language: onboardingQuestions.language,
        number: onboardingQuestions.number,
        question: onboardingQuestions.question,
        validAnswers: onboardingQuestions.validAnswers,
        exampleAnswer: onboardingQuestions.exampleAnswer,
        inputType: onboardingQuestions.inputType,
        isCustomAnswerAllowed: onboardingQuestions.isCustomAnswerAllowed,
        isAnswerRequired: onboardingQuestions.isAnswerRequired,
        answerId: onboardingAnswers.id,
      })
      .from(onboardingQuestions)
      .leftJoin(
        onboardingAnswers,
        and(
          eq(onboardingAnswers.questionId, onboardingQuestions.id),
          eq(onboardingAnswers.userId, userId),
        ),
      )
      .where(eq(onboardingQuestions.language, language))
      .orderBy(asc(onboardingQuestions.number));
  }

  /** Both languages: a radio answer given before a language switch stays valid. */
  async questionVariants(questionId: string): Promise<QuestionRow[]> {
    return this.db.select().from(onboardingQuestions).where(eq(onboardingQuestions.id, questionId));
  }

  /** The person's answers with the question text in their language, in question order. */
  answers(userId: string, language: QuestionLanguage) {
    return this.answersQuery.execute({ userId, language });
  }

  async findAnswer(userId: string, id: string): Promise<AnswerRow | null> {
    const [row] = await this.db
      .select()
      .from(onboardingAnswers)
      .where(and(eq(onboardingAnswers.id, id), eq(onboardingAnswers.userId, userId)))
      .limit(1);
    return row ?? null;
  }

  /** One answer per question: a second one replaces the first (`created` says which happened). */
  async upsertAnswer(
    userId: string,
    questionId: string,
    answer: string,
  ): Promise<{ row: AnswerRow; created: boolean }> {
    const [row] = await this.db
      .insert(onboardingAnswers)
      .values({ userId, questionId, answer })
      .onConflictDoUpdate({
        target: [onboardingAnswers.userId, onboardingAnswers.questionId],
        set: { answer, updatedAt: new Date() },
      })
      .returning({
        id: onboardingAnswers.id,
        userId: onboardingAnswers.userId,
        questionId: onboardingAnswers.questionId,
        answer: onboardingAnswers.answer,
        createdAt: onboardingAnswers.createdAt,
        updatedAt: onboardingAnswers.updatedAt,
        // xmax is 0 for a freshly inserted row and set for one the conflict updated.
        created: sql<boolean>`(xmax = 0)`,
      });
    const { created, ...answerRow } = row!;
    return { row: answerRow, created };
  }

  async updateAnswer(userId: string, id: string, answer: string): Promise<AnswerRow | null> {
    const [row] = await this.db
      .update(onboardingAnswers)
      .set({ answer, updatedAt: new Date() })
      .where(and(eq(onboardingAnswers.id, id), eq(onboardingAnswers.userId, userId)))
      .returning();
    return row ?? null;
  }

  async deleteAnswer(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(onboardingAnswers)
      .where(and(eq(onboardingAnswers.id, id), eq(onboardingAnswers.userId, userId)))
      .returning({ id: onboardingAnswers.id });
    return rows.length > 0;
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.db.delete(onboardingAnswers).where(eq(onboardingAnswers.userId, userId));
  }
}
