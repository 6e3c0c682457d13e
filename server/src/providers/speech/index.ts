// From spoken to written: one answer as the browser's speech recognition returned it, made into sentences a
// book can print. Each step only adds what the words themselves say (capitals, punctuation, digits for years)
// or takes out what only the voice made (fillers, doubled subjects, stutters).
import type { Language } from '../interviewer/types.ts';
import { cleanSpeech, straightApostrophes } from '../writer/text.ts';
import { yearsToDigits } from './numbers.ts';
import { punctuate } from './punctuate.ts';
import { truecase, type KnownNames } from './truecase.ts';

export { knownNames, truecase, type KnownNames } from './truecase.ts';
export { yearsToDigits, spelledNumbers } from './numbers.ts';

/** One answer written up: names capitalised, years in digits, punctuation placed, tics left out. */
export function writeUp(answer: string, language: Language, known?: KnownNames): string {
  // An answer with capitals was typed: it is cleaned as before, its names and punctuation are the person's own.
  if (/\p{Lu}/u.test(answer)) return cleanSpeech(answer, language);
  // Sounds, tics and stutters out first: « euh » between two clauses would take their full stop with it.
  let text = cleanSpeech(straightApostrophes(answer), language);
  text = removeSpokenTics(text, language);
  text = yearsToDigits(text, language);
  text = truecase(text, language, { known });
  text = punctuate(text, language);
  return cleanSpeech(text, language);
}

/** What opens a clause: a subject, a conjunction, or the end of the answer. */
const FR_CLAUSE_AFTER =
  "(?=\\s+(?:(?:je|il|ils|elle|elles|on|nous|vous|ça|et|mais|donc|alors|puis|après|ensuite|moi|mon|ma|mes|le|la|les)(?![\\p{L}])|j'|c'|l'|qu')|\\s*$|\\s*[.!?…,;])";
const EN_CLAUSE_AFTER =
  "(?=\\s+(?:i|i'm|i'd|he|she|we|they|it|there|and|but|so|then|my|our|the)(?![\\p{L}'])|\\s*$|\\s*[.!?…,;])";

/**
 * Tics that a written answer puts between commas and speech does not: « voilà », « quoi », « tu vois », « bon »
 * before a new clause or at the end, "you know", "I mean", "like" between two clauses.
 */
export function removeSpokenTics(text: string, language: Language): string {
  if (language === 'fr') {
    return (
      text
        .replace(
          /(?<![\p{L}'])(?:eh bien|eh ben|enfin bon|bon ben|bon bah|ben voilà|bah voilà|et voilà|enfin bref|en fait)(?![\p{L}])/giu,
          ' ',
        )
        .replace(
          new RegExp(
            `(?<![\\p{L}'])(?:tu vois|vous voyez|tu sais|vous savez|tu comprends|vous comprenez|disons|tu vois ce que je veux dire)${FR_CLAUSE_AFTER}`,
            'giu',
          ),
          ' ',
        )
        .replace(
          new RegExp(
            `(?<!(?<![\\p{L}'])(?:me|te|le|la|les|nous|vous|en)\\s)(?<![\\p{L}'])voilà${FR_CLAUSE_AFTER}`,
            'giu',
          ),
          ' ',
        )
        .replace(
          /(?<=(?:^|[\s,])(?:alors|et|bon|bref|enfin|donc)\s)voilà(?![\p{L}])|(?<![\p{L}'])voilà(?=\s+(?:en|à|au|aux|quand|après|pendant|dans|comme)(?![\p{L}]))/giu,
          ' ',
        )
        .replace(
          new RegExp(
            `(?<!(?<![\\p{L}'])(?:de|pas|à|a|pour|sur|avec|par|dit|dire|faire|savais|sais|sait|savait|en|ou|et|que|n'importe)\\s)(?<![\\p{L}'])quoi${FR_CLAUSE_AFTER}`,
            'giu',
          ),
          ' ',
        )
        .replace(
          new RegExp(`(?:^|(?<=[.!?…,;]\\s*))\\s*bon(?![\\p{L}])${FR_CLAUSE_AFTER}`, 'giu'),
          ' ',
        )
        .replace(/(?<![\p{L}'])bon(?=\s+(?:alors|ben|bah|eh|et|ben|donc)(?![\p{L}]))/giu, ' ')
        .replace(
          new RegExp(
            `(?<!(?<![\\p{L}'])(?:un|une|très|si|trop|bien|aussi|plus|pas|était|est|c'est|le|la|fait|sent|sentait|tout|assez|vraiment|du|de|au|en)\\s)(?<![\\p{L}'])bon${FR_CLAUSE_AFTER}`,
            'giu',
          ),
          ' ',
        )
        // « oui un frère andré »: the yes answers the question, the rest is the story.
        .replace(/^(?:oui|ouais|ah oui|oh oui|oh|ah|eh)\s+(?=\p{L})/iu, '')
        .replace(/\s+/g, ' ')
        .trim()
    );
  }
  return (
    text
      .replace(/(?<![\p{L}'])(?:you know what i mean|i mean|you see)(?![\p{L}'])/giu, ' ')
      .replace(
        /(?<!(?<![\p{L}'])(?:a|the|that|this|what|some|any|every|no|which|one|my|his|her|our|their)\s)(?<![\p{L}'])(?:sort of|kind of)(?![\p{L}'])/giu,
        ' ',
      )
      // "you know" that is no verb and object: "you know what", "you know the house" keep it.
      .replace(
        /(?<![\p{L}'])you know(?!\s+(?:what|how|that|where|when|who|why|about|if|whether)(?![\p{L}']))/giu,
        ' ',
      )
      .replace(/(?<=\p{L}\s+)yeah(?![\p{L}'])/giu, ' ')
      .replace(
        new RegExp(
          `(?<=(?:^|[\\s,])(?:was|and|but|so|it's|just)\\s)like(?![\\p{L}'])(?=\\s+(?:really|so|very|totally|the|a|we|i|he|she|they|it|you)(?![\\p{L}']))`,
          'giu',
        ),
        ' ',
      )
      .replace(new RegExp(`(?<![\\p{L}'])(?:well|anyway)${EN_CLAUSE_AFTER}`, 'giu'), ' ')
      .replace(/^(?:oh|ah|well|yeah|yes|so)\s+(?=\p{L})/iu, '')
      // "me mam", "me dad": northern English for "my".
      .replace(
        /(?<![\p{L}'])me(?=\s+(?:mam|mum|mom|dad|da|nan|nana|gran|grandad|grandma|brother|sister|husband|wife|auntie|aunt|uncle|mate|mates|friend|friends|kids|family)(?![\p{L}]))/giu,
        'my',
      )
      .replace(/\s+/g, ' ')
      .trim()
  );
}
