// The phrasebook of a language: everything the embedded interviewer says besides the bank questions (the
// shape is in phrasebook-types.ts, the texts in phrases.fr.ts and phrases.en.ts).
import type { Language } from './types.ts';
import type { Phrasebook } from './phrasebook-types.ts';
import { PHRASES_FR } from './phrases.fr.ts';
import { PHRASES_EN } from './phrases.en.ts';

export function getPhrasebook(language: Language): Phrasebook {
  return language === 'fr' ? PHRASES_FR : PHRASES_EN;
}

/**
 * Time follow-ups from this position on are about a year that dates something she did (« j'ai épousé
 * Robert en 1962 »): how she lived it, what changed. The ones before suit a period (« dans les années 50 »).
 * The same position in both phrasebooks.
 */
export const EVENT_TIME_FROM = 6;
