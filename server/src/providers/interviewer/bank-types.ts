// The question bank's shape, shared by the lookup (bank.ts) and the questions (bank.fr.ts, bank.en.ts) so
// that none of them imports another's importer.
import type { ThemeId } from './themes.ts';

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
