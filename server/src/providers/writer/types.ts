// The writer seam: what the core hands over to turn a chapter's conversation into its title, keywords and text.
import type { Language, ProfileAnswer, TranscriptMessage } from '../interviewer/types.ts';

export type { Language, ProfileAnswer, TranscriptMessage };

/** The control center's style choices (spec: summary instruction text), stable ids sent by the app. */
export const SUMMARY_STYLES = [
  'naturel-decontracte',
  'elegant-formel',
  'direct-percutant',
  'creatif-inspirant',
  'chaleureux-amical',
] as const;
export type SummaryStyle = (typeof SUMMARY_STYLES)[number];

export const SUMMARY_PERSPECTIVES = ['premiere', 'troisieme'] as const;
export type SummaryPerspective = (typeof SUMMARY_PERSPECTIVES)[number];

/** The comment box of the control center is limited to this many characters (spec § Limits). */
export const MAX_COMMENT_CHARS = 500;

export interface SummaryOptions {
  /** null: no style chosen (the options can be toggled off) */
  style: SummaryStyle | null;
  /** null: no perspective chosen; the writers then keep the person's own first person */
  perspective: SummaryPerspective | null;
  /** the person's free comment, at most 500 characters */
  comment: string | null;
  /** keep the current text (possibly edited by hand) and only add what it does not tell yet (default true) */
  usePreviousSummary: boolean;
}

export interface WriterInput {
  language: Language;
  /** full_name, may be empty */
  personName: string | null;
  /** onboarding answers */
  profile: ProfileAnswer[];
  /** the chapter's messages, user and assistant, chronological */
  transcript: TranscriptMessage[];
  /**
   * What the person wrote elsewhere, for the spelling of names: other chapters' titles and keywords, picture
   * captions. Optional; never a source of facts.
   */
  context?: string[];
  /** the chapter's current text (generated or edited by hand), null when there is none */
  previousSummary: string | null;
  doTitle: boolean;
  doKeywords: boolean;
  doSummary: boolean;
  options: SummaryOptions;
}

export interface WriterOutput {
  /** set when doTitle was asked and a title could be made */
  title?: string;
  /** set when doKeywords was asked */
  keywords?: string[];
  /** set when doSummary was asked and there was something to tell */
  summary?: string;
  /** stable codes, see WRITER_WARNINGS; `unfaithful:<tokens>` lists what the model added that nobody said */
  warnings: string[];
}

/** Warning codes a writer can return (the `unfaithful:` one carries the offending tokens after the colon). */
export const WRITER_WARNINGS = {
  /** the embedded writer cannot follow a free instruction: the comment was ignored */
  commentNotApplied: 'comment_not_applied',
  /** the answers hold too little to write from (only "oui", "je ne sais plus"…) */
  notEnoughContent: 'not_enough_content',
  /**
   * usePreviousSummary: every answer is already told in the current text, which was kept as it is, and
   * nothing else (style, point of view, comment) was asked
   */
  noNewContent: 'no_new_content',
  /**
   * usePreviousSummary: the first person was asked, but the current text is told in the third person and
   * the embedded writer cannot turn it back without losing the person's corrections
   */
  perspectiveNotApplied: 'perspective_not_applied',
  /** prefix: names, places or numbers the model wrote that are not in the transcript or the profile */
  unfaithful: 'unfaithful:',
} as const;

export interface BookSuggestionChapter {
  title: string;
  keywords: string[];
  /** the chapter's current text, null when it has none */
  text: string | null;
}

export interface BookSuggestionInput {
  language: Language;
  /** the book's author as the wizard has it (may be empty) */
  author: string;
  chapters: BookSuggestionChapter[];
  /** the person's free wish for the suggestions, at most 500 characters */
  instructions: string | null;
}

/** Plain text, typographic for the language; every field non-empty. */
export interface BookSuggestionOutput {
  title: string;
  subtitle: string;
  summary: string;
  dedication: string;
}

export interface Writer {
  readonly kind: 'embedded' | 'openai';
  write(input: WriterInput, signal?: AbortSignal): Promise<WriterOutput>;
  suggestBook(input: BookSuggestionInput, signal?: AbortSignal): Promise<BookSuggestionOutput>;
}

/** The model server failed, timed out or answered garbage; the core maps it to 503 `ai_unavailable`. */
export class WriterUnavailableError extends Error {
  constructor(message = 'The writer is unavailable', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WriterUnavailableError';
  }
}
