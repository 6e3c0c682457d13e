// Numbers said in words, read as numbers: « mille neuf cent soixante-quatre » is 1964, "nineteen fifty-two" is
// 1952. Years are written back in digits, as a book prints them; other numbers keep their words.
import type { Language } from '../interviewer/types.ts';
import { normalize } from '../interviewer/text.ts';
import { CORRECTION_MARKER } from '../understanding/lexicon.ts';

const FR_UNITS: Record<string, number> = {
  zero: 0,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
  vingt: 20,
  vingts: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  soixante: 60,
  septante: 70,
  huitante: 80,
  octante: 80,
  nonante: 90,
};
const EN_UNITS: Record<string, number> = {
  zero: 0,
  oh: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** The value of one number word or hyphenated compound (« soixante-quatre », « quatre-vingt-dix-huit »), or null. */
export function wordValue(word: string, language: Language): number | null {
  const parts = normalize(word)
    .split('-')
    .filter((p) => p && p !== 'et' && p !== 'and');
  if (parts.length === 0) return null;
  const units = language === 'fr' ? FR_UNITS : EN_UNITS;
  let total = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    // « quatre-vingt(s) »: four twenties.
    if (language === 'fr' && part === 'quatre' && /^vingts?$/.test(parts[i + 1] ?? '')) {
      total += 80;
      i++;
      continue;
    }
    const value = units[part];
    if (value === undefined) return null;
    total += value;
  }
  return total;
}

interface Token {
  text: string;
  start: number;
  end: number;
}

/**
 * The spelled numbers of a text with their spans: « mille neuf cent soixante-quatre » → 1964,
 * « dix-neuf cent cinquante » → 1950, "nineteen fifty-two" → 1952, "two thousand and three" → 2003.
 */
export function spelledNumbers(
  text: string,
  language: Language,
): { value: number; start: number; end: number; words: number }[] {
  const tokens: Token[] = [...text.matchAll(/[\p{L}]+(?:-[\p{L}]+)*/gu)].map((m) => ({
    text: m[0],
    start: m.index!,
    end: m.index! + m[0].length,
  }));
  const found: { value: number; start: number; end: number; words: number }[] = [];
  const fr = language === 'fr';
  let i = 0;
  while (i < tokens.length) {
    const parsed = readNumber(tokens, i, fr, text);
    if (parsed) {
      found.push({
        value: parsed.value,
        start: tokens[i]!.start,
        end: tokens[parsed.next - 1]!.end,
        words: parsed.next - i,
      });
      i = parsed.next;
    } else i++;
  }
  return found;
}

function readNumber(
  tokens: Token[],
  from: number,
  fr: boolean,
  text: string,
): { value: number; next: number } | null {
  const language: Language = fr ? 'fr' : 'en';
  let total = 0;
  let current = 0;
  let i = from;
  let any = false;
  while (i < tokens.length) {
    // Only spaces between the words of one number.
    if (i > from && text.slice(tokens[i - 1]!.end, tokens[i]!.start).trim() !== '') break;
    const word = normalize(tokens[i]!.text);
    if (any && (word === 'et' || word === 'and') && i + 1 < tokens.length) {
      const after = wordValue(tokens[i + 1]!.text, language);
      if (after !== null && after < 100 && (current > 0 || total > 0)) {
        i++;
        continue;
      }
      break;
    }
    if (word === 'mille' || word === 'mil' || word === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
      any = true;
      i++;
      continue;
    }
    if (word === 'cent' || word === 'cents' || word === 'hundred') {
      current = (current || 1) * 100;
      any = true;
      i++;
      continue;
    }
    const value = wordValue(tokens[i]!.text, language);
    if (value === null) break;
    if (any && current > 0 && current % 100 !== 0 && current < 100) {
      // "sixty three", « vingt et un », « soixante et onze »: a unit after a round ten.
      if (
        (current >= 20 && current % 10 === 0 && value < 10) ||
        (fr && (current === 60 || current === 80) && value >= 10 && value < 20)
      ) {
        current += value;
        i++;
        continue;
      }
      // "nineteen fifty-two": two numbers side by side make a year.
      if (!fr && current >= 10 && value >= 10 && value < 100) {
        current = current * 100 + value;
        i++;
        continue;
      }
      break;
    }
    if (any && current % 100 !== 0 && value >= 10) break;
    current += value;
    any = true;
    i++;
  }
  if (!any) return null;
  return { value: total + current, next: i };
}

/** Words after a number that make it a duration or a count, never a year (« en vingt minutes »). */
const FR_UNITS_AFTER =
  /^(?:ans?|annees?|mois|jours?|heures?|minutes?|secondes?|semaines?|fois|francs?|centimes?|euros?|kilos?|kilometres?|km|metres?|litres?|personnes?|enfants?|places?|pieces?|etages?)$/;
const EN_UNITS_AFTER =
  /^(?:years?|months?|days?|hours?|minutes?|seconds?|weeks?|times|pounds?|dollars?|pence|cents?|miles?|people|kids|children|rooms?)$/;

/**
 * Years said in words written as digits: « en mille neuf cent soixante-huit » → « en 1968 », « en soixante-huit »
 * → « en 1968 » (a two-digit year after « en » is of the last century), "in nineteen fifty-two" → "in 1952".
 */
export function yearsToDigits(text: string, language: Language): string {
  const fr = language === 'fr';
  const numbers = spelledNumbers(text, language);
  const ranges = yearRanges(text, numbers, language);
  let out = '';
  let last = 0;
  let lastYear = -2;
  for (const [index, number] of numbers.entries()) {
    const before = normalize(text.slice(Math.max(0, number.start - 16), number.start));
    const after =
      normalize(text.slice(number.end, number.end + 16))
        .trim()
        .split(/\s+/)[0] ?? '';
    const unitAfter = (fr ? FR_UNITS_AFTER : EN_UNITS_AFTER).test(after.replace(/[^\p{L}]/gu, ''));
    let year: number | null = null;
    if (number.value >= 1000 && number.value <= 2099 && number.words >= 2 && !unitAfter)
      year = number.value;
    else if (
      number.value >= 20 &&
      number.value <= 99 &&
      !unitAfter &&
      (fr
        ? /(?:^|[^\p{L}])(?:en|jusqu'en|depuis|des|vers|janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre|(?:suis|est|etait|nee?) de)\s*$/u.test(
            before,
          )
        : /(?:^|[^\p{L}])(?:in|since|until|till|of|around|january|february|march|april|may|june|july|august|september|october|november|december)\s*$/u.test(
            before,
          ))
    )
      year = 1900 + number.value;
    else if (ranges.has(index)) year = 1900 + number.value;
    else if (
      number.value >= 20 &&
      number.value <= 99 &&
      !unitAfter &&
      lastYear === index - 1 &&
      correctsYear(text.slice(numbers[index - 1]!.end, number.start), language)
    )
      // "in fifty-two no fifty-three": a year corrected by a bare number is a year too.
      year = 1900 + number.value;
    if (year === null) continue;
    lastYear = index;
    out += text.slice(last, number.start) + String(year);
    last = number.end;
  }
  return out + text.slice(last);
}

/** The words between a year and the number that corrects it: "no", « non », "sorry, no". */
function correctsYear(between: string, language: Language): boolean {
  return re(`^[\\s,.…;:—–-]*(?:${CORRECTION_MARKER[language]})[\\s,.…;:—–-]*$`, language).test(
    normalize(between),
  );
}

const correctionRegexes = new Map<Language, RegExp>();
function re(source: string, language: Language): RegExp {
  let regex = correctionRegexes.get(language);
  if (!regex) {
    regex = new RegExp(source, 'u');
    correctionRegexes.set(language, regex);
  }
  return regex;
}

/** The words that open a range of years: « de soixante-quatre à soixante-dix », "from fifty-six to sixty". */
const RANGE_OPEN: Record<Language, RegExp> = {
  fr: /(?:^|[^\p{L}])(?:de|d'|entre|depuis)\s*$/u,
  en: /(?:^|[^\p{L}])(?:from|between)\s*$/u,
};
/** The words between the two ends of a range. */
const RANGE_JOIN: Record<Language, RegExp> = {
  fr: /^\s*(?:,\s*)?(?:a|au|jusqu'a|jusqu'en|et|-)\s*$/u,
  en: /^\s*(?:,\s*)?(?:to|till|until|through|and|-)\s*$/u,
};

/** Words that may follow a range of years: a new clause, a preposition, a filler — never a counted noun. */
const RANGE_AFTER: Record<Language, RegExp> = {
  fr: /^(?:on|je|j|tu|il|elle|nous|vous|ils|elles|c|ca|et|puis|mais|ou|donc|alors|quand|parce|comme|a|au|aux|en|dans|chez|pour|avec|sur|pendant|euh|ben|bah|hein|non|oui|voila|enfin|bon|la|ici|la-bas|apres|avant|on|y)$/u,
  en: /^(?:i|we|you|he|she|they|it|and|then|but|or|so|when|because|as|at|in|on|with|for|during|um|er|uh|well|no|yes|there|here|after|before)$/u,
};

/**
 * The numbers of a text (their indexes) said as a range of years by their last two digits: « de
 * soixante-quatre à soixante-dix », "from fifty-six to sixty". Both ends are between 20 and 99, the second
 * after the first, and no unit follows the second (« de vingt à trente ans » is an age, not years).
 */
function yearRanges(
  text: string,
  numbers: { value: number; start: number; end: number }[],
  language: Language,
): Set<number> {
  const found = new Set<number>();
  const units = language === 'fr' ? FR_UNITS_AFTER : EN_UNITS_AFTER;
  for (let i = 0; i + 1 < numbers.length; i++) {
    const first = numbers[i]!;
    const second = numbers[i + 1]!;
    if (first.value < 20 || first.value > 99 || second.value < 20 || second.value > 99) continue;
    if (second.value <= first.value) continue;
    const opener = normalize(text.slice(Math.max(0, first.start - 16), first.start));
    if (!RANGE_OPEN[language].test(opener)) continue;
    if (!RANGE_JOIN[language].test(normalize(text.slice(first.end, second.start)))) continue;
    const afterWord = (end: number) =>
      normalize(text.slice(end, end + 16)).match(/^[\s,;.!?…]*([\p{L}]*)/u)?.[1] ?? '';
    if (units.test(afterWord(first.end))) continue;
    // A count is followed by what is counted (« de vingt à trente élèves »); years end the phrase or
    // are followed by a new clause or a filler.
    const next = afterWord(second.end);
    if (next !== '' && !RANGE_AFTER[language].test(next)) continue;
    found.add(i);
    found.add(i + 1);
  }
  return found;
}
