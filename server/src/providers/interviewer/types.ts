// The interviewer seam: what the core hands to a biographer and what it gets back.
export type Language = 'fr' | 'en';

export interface ProfileAnswer {
  questionId: string;
  question: string;
  answer: string;
}

export interface EarlierChapter {
  title: string | null;
  summary: string | null;
  keywords: string[];
  themes: string[];
}

export interface TranscriptMessage {
  type: 'user' | 'assistant';
  content: string;
  questionId?: string | null;
  theme?: string | null;
}

/** A question a member of her family circle asked, offered at the start of a new chapter (issue 31). */
export interface FamilyQuestion {
  id: string;
  /** The question as the relative wrote it. */
  text: string;
  /** The relative's first name, or null when they gave none. */
  askerName: string | null;
  /** How she named them (« ma fille », "my grandson"), or null. */
  relation: string | null;
}

export interface InterviewContext {
  language: Language;
  /** full_name, may be empty */
  personName: string | null;
  /** onboarding answers (question ids are stable seeds: birth, family, children, work, themes, audience, speaking, name_use) */
  profile: ProfileAnswer[];
  /** the person's other chapters, oldest first */
  earlierChapters: EarlierChapter[];
  /** every question id already asked to this person, all chapters (bank ids and synthetic ones) */
  askedQuestionIds: string[];
  /** this chapter so far, chronological */
  messages: TranscriptMessage[];
  /** opening only: a family question to ask first, before the bank's */
  familyQuestion?: FamilyQuestion | null;
  /**
   * opening only: the bank question (its id) the chapter opens on, the weekly question's link (issue 31);
   * set by the core only when no family question waits and she was never asked it
   */
  openingQuestionId?: string | null;
}

export interface InterviewerReply {
  content: string;
  questionId: string | null;
  theme: string | null;
}

export interface Interviewer {
  readonly kind: 'embedded' | 'openai';
  /** greeting + first question */
  opening(ctx: InterviewContext, signal?: AbortSignal): Promise<InterviewerReply>;
  /** ctx.messages ends with the user's answer */
  reply(ctx: InterviewContext, signal?: AbortSignal): Promise<InterviewerReply>;
}

/** The model server failed, timed out or answered garbage; the core maps it to 503 `ai_unavailable`. */
export class InterviewerUnavailableError extends Error {
  constructor(message = 'The interviewer is unavailable', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InterviewerUnavailableError';
  }
}
