// A chapter title from what the person said most: a place, a year or a span of years, a thing or a person.
import type { Language } from './types.ts';
import { detectDetails } from '../interviewer/detect.ts';
import { capitalize, normalize } from '../interviewer/text.ts';
import { nameReadings, properNouns, weighTerms } from './keywords.ts';
import {
  isFirstName,
  isNegatedAt,
  isProductName,
  resolveCorrections,
  subjectAt,
} from '../understanding/index.ts';
import { straightApostrophes } from './text.ts';

const MAX_TITLE_CHARS = 80;

/** The words titles are made of besides the person's own (the faithfulness test allows these). */
export const TITLE_WORDS: Record<Language, readonly string[]> = {
  fr: ['les', 'années', 'à', 'souvenirs'],
  en: ['the', 'years', 'in', 'memories'],
};

export function makeTitle(said: string[], language: Language, ownNames: string[] = []): string {
  const fr = language === 'fr';
  // « en 1963… non, en 1964 »: only what she corrected to names the chapter.
  const answers = said.map((answer) => resolveCorrections(answer, language));
  const details = answers.flatMap((answer) =>
    detectDetails(answer, language, { register: 'vous', ownNames }),
  );
  const proper = properNouns(answers, ownNames);
  const readings = nameReadings(answers, language, ownNames);
  // The place said most often, by its name ("Douarnenez", "la Bretagne").
  const placeCounts = new Map<
    string,
    { name: string; phrase: string; count: number; first: number }
  >();
  details.forEach((detail, index) => {
    if (detail.kind !== 'place' || !/\p{Lu}/u.test(detail.phrase)) return;
    const name = (detail.noun ?? detail.phrase).replace(
      /^(?:à|au|aux|en|dans|in|at|near|to|from)\s+/iu,
      '',
    );
    // « On n'habitait pas à Vénissieux », « ma petite-fille travaille à Grenoble »: not her years there.
    if (!isHerPlace(answers, name.replace(/^(?:la|le|les|l'|the)\s*/i, ''), language)) return;
    // "at Marks" where she said "at Marks and Spencer" elsewhere: a shop, not a place.
    const entity = readings(normalize(name.replace(/^(?:la|le|les|l'|the)\s*/i, '')));
    if (entity && entity.kind !== 'place' && entity.strength >= 2) return;
    const key = normalize(name);
    const count = proper.get(normalize(name.replace(/^(?:la|le|les|l'|the)\s*/i, '')))?.count ?? 1;
    const entry = placeCounts.get(key);
    if (!entry) placeCounts.set(key, { name, phrase: detail.phrase, count, first: index });
  });
  const best = [...placeCounts.values()].sort((a, b) => b.count - a.count || a.first - b.first)[0];
  const place = best?.name;
  // "Les années à Douarnenez", "Les années en Bretagne": only with the preposition the person used.
  const placeAfterYears = best && /^(?:à|au|aux|en|in)\s/iu.test(best.phrase) ? best.phrase : null;
  const years = [...new Set(details.flatMap((d) => (d.year ? [d.year] : [])))].sort(
    (a, b) => a - b,
  );
  const thing = nounPhrase(answers, language, ownNames);

  // A publisher's title: the place and the period first, then the place and what the chapter is about.
  let title: string;
  const period = years.length >= 2 ? `${years[0]}–${years[years.length - 1]}` : null;
  if (place && period)
    title = placeAfterYears
      ? `${fr ? 'Les années' : 'The years'} ${placeAfterYears} (${period})`
      : `${capitalize(place)} (${period})`;
  else if (place && thing) title = `${capitalize(place)}, ${thing}`;
  else if (place && years.length === 1) title = `${capitalize(place)}, ${years[0]}`;
  else if (place) title = capitalize(place);
  else if (thing && years.length >= 1) title = `${capitalize(thing)} (${period ?? years[0]})`;
  else if (thing) title = capitalize(thing);
  else {
    // Never a generic word: the person the chapter is about, else the word it comes back to most. A bare
    // surname, a drink, a brand, a place she denied are never a title (issue 30).
    const people = [...proper.entries()]
      .sort(([, a], [, b]) => b.count - a.count || a.first - b.first)
      .flatMap(([key, p]) => {
        const entity = readings(key);
        if (!entity || entity.kind !== 'person' || entity.negated || isProductName(p.text))
          return [];
        if (
          entity.callName &&
          /^(?:monsieur|madame|mademoiselle|mr|mrs|ms|miss|dr)\b/i.test(entity.callName)
        )
          return [capitalize(entity.callName)];
        return isFirstName(p.text, language) ? [p.text] : [];
      });
    const term = weighTerms(answers, language, ownNames).find((t) => {
      if (!t.proper) return true;
      const entity = readings(normalize(t.text));
      return entity?.kind === 'place' && !entity.negated && isHerPlace(answers, t.text, language);
    });
    title = people[0] ?? (term ? capitalize(term.text) : fr ? 'Souvenirs' : 'Memories');
  }
  return title.length <= MAX_TITLE_CHARS
    ? title
    : `${title.slice(0, MAX_TITLE_CHARS - 1).trimEnd()}…`;
}

const FR_ARTICLE = "(le|la|les|l'|un|une|des|du|mon|ma|mes|notre|nos|ce|cette|ces)";
const EN_ARTICLE = '(the|a|an|my|our|that|those|this)';

/**
 * "la maison de pêcheur" from "une petite maison de pêcheur": the most weighed common word with the words
 * that came with it, under a definite article. Only words the person said, in the order said.
 */
export function nounPhrase(
  answers: string[],
  language: Language,
  ownNames: string[] = [],
): string | null {
  const text = answers.map(straightApostrophes).join('\n');
  const terms = weighTerms(answers, language, ownNames).filter((t) => !t.proper && t.count >= 2);
  for (const term of terms.slice(0, 4)) {
    const word = escape(term.text);
    const regex =
      language === 'fr'
        ? new RegExp(
            `(?<![\\p{L}'])${FR_ARTICLE}(?:(?<=')|\\s+)((?:[\\p{Ll}]+\\s+)?)(${word}s?)(\\s+(?:de|d'|du|des)\\s*(?:(?:la|l')\\s*)?(?!${FR_ARTICLE}(?![\\p{L}])|(?:ton|ta|tes|son|sa|ses|votre|vos|leur|leurs)(?![\\p{L}]))[\\p{L}'-]+)?(?![\\p{L}])`,
            'giu',
          )
        : new RegExp(
            `(?<![\\p{L}'])${EN_ARTICLE}\\s+((?:[\\p{Ll}]+\\s+)?)(${word}s?)((?:\\s+of\\s+(?:the\\s+)?[\\p{L}'-]+))?(?![\\p{L}])`,
            'giu',
          );
    for (const match of text.matchAll(regex)) {
      const [, article, adjective, noun, complement] = match as unknown as string[];
      if (!complement && !adjective) continue;
      if (adjective && /^(?:plus|très|bien|tout|toute|pas|more|very|so|too|all)\s/i.test(adjective))
        continue;
      const definite = language === 'fr' ? frenchDefinite(article!, adjective || noun!) : 'the';
      if (definite === null) continue;
      if (
        complement &&
        /\s(?:de|des|du|d'|of|the)$/i.test(complement.trim().replace(/^\S+/, ' $&'))
      )
        continue;
      const phrase = `${definite}${language === 'fr' && definite.endsWith("'") ? '' : ' '}${adjective ?? ''}${noun}${complement ?? ''}`;
      return straightToCurly(phrase.replace(/\s+/g, ' ').trim());
    }
  }
  return null;
}

/** The definite article for what followed `article`; null when the gender cannot be told ("notre maison"). */
function frenchDefinite(article: string, next: string): string | null {
  const a = article.toLowerCase();
  const plural = ['les', 'des', 'mes', 'nos', 'ces'].includes(a);
  if (/^[aeiouyhéèêàâîô]/i.test(next) && !plural) return "l'";
  if (plural) return 'les';
  if (['la', 'une', 'ma', 'cette'].includes(a)) return 'la';
  if (['le', 'un', 'mon', 'du', 'ce'].includes(a)) return 'le';
  return null;
}

function straightToCurly(text: string): string {
  return text.replace(/'/g, '’');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A place of her life: said at least once neither denied nor of someone else (« ma fille habite à X »). */
function isHerPlace(answers: string[], name: string, language: Language): boolean {
  let mentioned = false;
  for (const answer of answers) {
    const text = straightApostrophes(answer);
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
      mentioned = true;
      if (!isNegatedAt(text, at, language) && subjectAt(text, at, language) !== 'other')
        return true;
    }
  }
  // A place said only in another form (« la Bretagne » for « en Bretagne ») is left as it was.
  return !mentioned;
}
