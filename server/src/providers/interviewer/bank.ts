// The question bank's shape and lookup; the questions themselves live in bank.fr.ts and bank.en.ts.
import type { Language } from './types.ts';
import type { ThemeId } from './themes.ts';
import { QUESTIONS_FR } from './bank.fr.ts';
import { QUESTIONS_EN } from './bank.en.ts';

export type Depth = 'opening' | 'deeper';

export interface BankQuestion {
  /** stable across languages and releases: it is stored and compared forever (`askedQuestionIds`) */
  id: string;
  theme: ThemeId;
  /** `opening` questions start a theme; `deeper` ones come once the person is talking */
  depth: Depth;
  /** French texts carry the vous/tu markup of render.ts */
  text: string;
}

/** One theme's questions, written `[key, depth, text]`; the id becomes `<theme>.<key>`. */
export type ThemeQuestions = readonly (readonly [key: string, depth: Depth, text: string])[];

export type BankSource = Record<ThemeId, ThemeQuestions>;

function buildBank(byTheme: BankSource): BankQuestion[] {
  return Object.entries(byTheme).flatMap(([theme, questions]) =>
    (questions ?? []).map(([key, depth, text]) => ({
      id: `${theme}.${key}`,
      theme: theme as ThemeId,
      depth,
      text,
    })),
  );
}

const BANK_FR: readonly BankQuestion[] = buildBank(QUESTIONS_FR);
const BANK_EN: readonly BankQuestion[] = buildBank(QUESTIONS_EN);

export function getBank(language: Language): readonly BankQuestion[] {
  return language === 'fr' ? BANK_FR : BANK_EN;
}
