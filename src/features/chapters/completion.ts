// The profile completion checklist (spec §3 "Profile completion item"): three items, and the share
// done as a rounded percentage.

export type CompletionItemId = 'onboarding' | 'chapters' | 'book';

export interface CompletionItem {
  id: CompletionItemId;
  completed: boolean;
}

/** "Chapters" is done from this many chapters on (spec §9). */
export const CHECKLIST_MIN_CHAPTERS = 3;

export interface CompletionFacts {
  /** At least one onboarding answer exists. */
  hasOnboardingAnswers: boolean;
  conversationCount: number;
  /** Generation statuses of the person's books. */
  bookStatuses: string[];
}

export function completionItems(facts: CompletionFacts): CompletionItem[] {
  return [
    { id: 'onboarding', completed: facts.hasOnboardingAnswers },
    { id: 'chapters', completed: facts.conversationCount >= CHECKLIST_MIN_CHAPTERS },
    { id: 'book', completed: facts.bookStatuses.includes('success') },
  ];
}

export interface CompletionProgress {
  completed: number;
  total: number;
  /** Rounded to a whole number, 0 to 100. */
  percent: number;
  allDone: boolean;
}

export function completionProgress(items: CompletionItem[]): CompletionProgress {
  const total = items.length;
  const completed = items.filter((item) => item.completed).length;
  return {
    completed,
    total,
    percent: total === 0 ? 0 : Math.round((completed / total) * 100),
    allDone: total > 0 && completed === total,
  };
}
