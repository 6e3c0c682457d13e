// The question bank's lookup; its shape is in bank-types.ts, the questions in bank.fr.ts and bank.en.ts.
import type { Language } from './types.ts';
import type { ThemeId } from './themes.ts';
import type { BankQuestion, BankSource } from './bank-types.ts';
import { QUESTIONS_FR } from './bank.fr.ts';
import { QUESTIONS_EN } from './bank.en.ts';

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
