// Builders shared by the interviewer tests: contexts, profiles, and a conversation driver.
import type {
  InterviewContext,
  Interviewer,
  Language,
  ProfileAnswer,
  TranscriptMessage,
} from '../../../src/providers/interviewer/types.ts';

/** French typography puts no-break spaces before "?" and ":"; tests compare plain text. */
export function plain(text: string): string {
  return text.replace(/[\u00A0\u202F]/g, ' ');
}

export function profileAnswers(answers: Record<string, string>): ProfileAnswer[] {
  return Object.entries(answers).map(([questionId, answer]) => ({
    questionId,
    question: `Question ${questionId}`,
    answer,
  }));
}

export function context(overrides: Partial<InterviewContext> = {}): InterviewContext {
  return {
    language: 'fr',
    personName: 'Jeanne Martin',
    profile: [],
    earlierChapters: [],
    askedQuestionIds: [],
    messages: [],
    ...overrides,
  };
}

export function assistant(
  content: string,
  questionId: string | null,
  theme: string | null,
): TranscriptMessage {
  return { type: 'assistant', content, questionId, theme };
}

export function user(content: string): TranscriptMessage {
  return { type: 'user', content };
}

/** Plays a chapter: opening, then one reply per answer; returns the transcript. */
export async function playChapter(
  interviewer: Interviewer,
  base: InterviewContext,
  answers: string[],
): Promise<TranscriptMessage[]> {
  const messages: TranscriptMessage[] = [];
  const opening = await interviewer.opening({ ...base, messages: [] });
  messages.push(assistant(opening.content, opening.questionId, opening.theme));
  for (const answer of answers) {
    messages.push(user(answer));
    const reply = await interviewer.reply({ ...base, messages: [...messages] });
    messages.push(assistant(reply.content, reply.questionId, reply.theme));
  }
  return messages;
}

export const FRENCH_WORDS = /\b(vous|votre|merci|bonjour|quel|quelle|comment)\b/i;
export const ENGLISH_WORDS = /\b(you|your|thank|hello|what|which|how)\b/i;

export function languageOf(text: string): Language | 'mixed' {
  const fr = FRENCH_WORDS.test(text);
  const en = ENGLISH_WORDS.test(text);
  return fr && !en ? 'fr' : en && !fr ? 'en' : 'mixed';
}
