// Turns spoken answers into written sentences: fillers and stutters out, punctuation and capitals in, typography last.
import type { Language } from './types.ts';
import { capitalize, normalize } from '../interviewer/text.ts';
import { isStopWord } from './stopwords.ts';
import {
  capitalizeTitledNames,
  dropCorrections,
  dropFalseStarts,
  dropOpeningFillers,
  elideFrench,
  joinDangling,
  lowerMidSentenceCapitals,
  splitRunOn,
  undislocate,
} from './spoken.ts';

const NOT_LETTER_BEFORE = "(?<![\\p{L}\\p{N}'’])";
const NOT_LETTER_AFTER = '(?![\\p{L}\\p{N}])';

/** Sounds that are never words, in either language. */
const HESITATIONS =
  /(?<![\p{L}\p{N}'’])(?:e+u+h+m*|h+e+u+h*|hu+m+|hm+|mm+h*|pf+t?|u+m+|u+h+|e+r+m+|er)(?![\p{L}\p{N}])[.…]*/giu;

/** French verbal tics, removed wherever they stand. */
const FR_ALWAYS = [
  'bon ben',
  'ben voilà',
  'bah voilà',
  'voilà quoi',
  'enfin bref',
  'comment dire',
  "j'veux dire",
  'je veux dire',
  'hein',
  'bah',
  'beh',
  'ben',
];
/** French tics that are words too: removed only between commas or at the edge of a clause. */
const FR_BETWEEN_COMMAS = [
  'en fait',
  'tu vois',
  'vous voyez',
  'tu sais',
  'vous savez',
  'disons',
  'genre',
  'bref',
  'voilà',
  'quoi',
  'bon',
  'ah',
  'oh',
];
const EN_ALWAYS = ['you know what i mean', 'i mean'];
const EN_BETWEEN_COMMAS = [
  'you know',
  'you see',
  'like',
  'well',
  'basically',
  'actually',
  'sort of',
  'kind of',
  'oh',
];
/** Words a stutter may legitimately repeat: "nous nous sommes mariés", "that that". */
const KEEP_REPEATED = new Set(['nous', 'vous', 'that', 'had']);

/** Straight apostrophes for matching; `typeset` puts the curly one back. */
export function straightApostrophes(text: string): string {
  return text.replace(/[’‘`´]/g, "'");
}

/** Removes hesitations, verbal tics and stutters from one spoken answer; keeps every word that carries meaning. */
export function cleanSpeech(answer: string, language: Language): string {
  let text = straightApostrophes(answer)
    .replace(/\s+/g, ' ')
    .replace(/\.{3,}/g, '…')
    .replace(/ ?… ?/g, '… ');
  text = text.replace(HESITATIONS, ' ');
  // "mon père, euh, était": the commas around a removed sound go with it.
  text = text.replace(/,(\s*,)+/g, ' ');
  // Issue 30: what was taken back (« en 1963… non, en 1964 ») and abandoned starts never reach the page.
  text = dropFalseStarts(dropCorrections(text, language), language);
  const always = language === 'fr' ? FR_ALWAYS : EN_ALWAYS;
  for (const tic of always) {
    // « il était, je veux dire, très sévère »: after a word that cannot close a phrase, the commas go too.
    text = text.replace(
      new RegExp(`([\\p{L}']+),\\s*${escape(tic)}\\s*,`, 'giu'),
      (match, before: string) => (isStopWord(before, language) ? `${before} ` : match),
    );
    // Capitalised "Ben" mid-sentence is a name; at a clause start it is the tic.
    text = text.replace(wordRegex(tic, 'gu'), ' ');
    text = text.replace(
      new RegExp(`(^|[.!?…,;:]\\s*)${escape(capitalize(tic))}(?=[\\s,.!?…])`, 'gu'),
      '$1',
    );
  }
  const commas = language === 'fr' ? FR_BETWEEN_COMMAS : EN_BETWEEN_COMMAS;
  for (const tic of commas) {
    const t = escape(tic);
    // ", en fait," -> ","   "En fait, c'était" -> "c'était"   "c'était dur, quoi." -> "c'était dur."
    text = text.replace(new RegExp(`,\\s*${t}\\s*,`, 'giu'), ' ');
    text = text.replace(new RegExp(`,\\s*${t}\\s*(?=[;.!?…]|$)`, 'giu'), '');
    text = text.replace(new RegExp(`(^|[.!?…;:]\\s*)${t}\\s*(?:,|!|…)\\s*`, 'giu'), '$1');
  }
  if (language === 'fr') {
    // "c'était dur quoi." : "quoi" closing a clause after a word that cannot take it as an object.
    text = text.replace(
      /(?<![\p{L}'])((?!(?:de|pas|sais|savais|à|a|pour|en|ou|et|sur|avec|par|dit|dire|faire|que|quoi|n'importe)\s)[\p{L}']+)\s+quoi(?=\s*[.!?…;]|\s*$)/giu,
      '$1',
    );
    text = text.replace(/(?<![\p{L}'])(et )?voilà(?=\s*[.!?…]|\s*$)/giu, '');
    text = text.replace(/(^|[.!?…]\s*)en fait\s+/giu, '$1');
    // "Alors je suis née…", "Eh bien, on partait…": a spoken run-up, not the story ("alors que" stays).
    text = text.replace(
      /(^|[.!?…]\s*)(?:alors|eh bien|et bien|bon alors|ben alors),?\s+(?!que?\b|qu')(?=\p{L})/giu,
      '$1',
    );
    // "Oui, elle chantait": the yes answers the question, the rest is the story.
    text = text.replace(
      /(^|[.!?…]\s*)(?:(?:ah|oh) )?(?:oui|ouais|si|bien sûr),\s+(?=\p{L})/giu,
      '$1',
    );
  } else {
    text = text.replace(/(^|[.!?…]\s*)(?:well|so|oh|yeah|yes),?\s+(?=\p{L})/giu, '$1');
    text = dropOpeningFillers(text, language);
  }
  text = collapseRepetitions(text);
  return tidyPunctuation(text);
}

/** "je je", "le le", "c'était c'était", "on allait on allait": the stutter goes, the words stay once. */
export function collapseRepetitions(text: string): string {
  const word = "[\\p{L}\\p{N}][\\p{L}\\p{N}'-]*";
  const regex = new RegExp(
    `${NOT_LETTER_BEFORE}(${word}(?:\\s+${word}){0,2})(?:[\\s,…-]+\\1${NOT_LETTER_AFTER})+`,
    'giu',
  );
  let previous: string;
  do {
    previous = text;
    text = text.replace(regex, (match, group: string) => {
      if (!group.includes(' ') && KEEP_REPEATED.has(group.toLowerCase())) return match;
      if (/^\d+$/.test(group)) return match; // "20 20" can be a score, not a stutter
      return group;
    });
  } while (text !== previous);
  return text;
}

/** Spaces, commas and full stops as a written text has them (French spaces before ?!:; come back in `typeset`). */
export function tidyPunctuation(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      .replace(/\s+([,.;:!?…)])/g, '$1')
      .replace(/([(«“])\s+/g, '$1')
      .replace(/([!?])\1+/g, '$1')
      .replace(/,(\s*,)+/g, ',')
      .replace(/[,;:]\s*([.!?…])/g, '$1')
      .replace(/([.!?…])\s*[,;]/g, '$1')
      .replace(/\.(\s*\.)+/g, '.')
      .replace(/(^|[.!?…]\s*)[,;:.]\s*/g, '$1')
      // A space after a punctuation mark, except inside numbers ("1,5", "3.20") and before a closing mark.
      .replace(/([,;:!?])(?=[\p{L}«"“])/gu, '$1 ')
      .replace(/(?<!\d)\.(?=\p{Lu})/gu, '. ')
      .replace(/(?<=\p{L}{2})\.(?=\p{Ll})/gu, '. ')
      .replace(/^[\s,;:.]+/, '')
      // "and, you know, my mum" lost its tic: "and my mum".
      .replace(/(?<![\p{L}'])(and|but|or|et|mais|ou)\s*,\s+(?=\p{Ll})/gu, '$1 ')
      .trim()
  );
}

/**
 * Sentences of a cleaned answer, each capitalised and closed by a full stop (or its own ? ! …). Quotations
 * stay whole: a full stop inside guillemets does not end the sentence around them.
 */
export function splitSentences(text: string, language?: Language): string[] {
  const sentences: string[] = [];
  let depth = 0;
  let straightOpen = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '«' || char === '“') depth++;
    else if ((char === '»' || char === '”') && depth > 0) depth--;
    else if (char === '"') straightOpen = !straightOpen;
    if (depth > 0 || straightOpen) continue;
    if (!/[.!?…]/.test(char)) continue;
    const next = text[i + 1];
    if (next !== undefined && next !== ' ') continue;
    // "Il était… gentil": a pause, not an end, unless a capital follows.
    if (char === '…' && next !== undefined && !/^\s*[\p{Lu}«"“]/u.test(text.slice(i + 1))) continue;
    // "M. Dupont", "J. Martin": an initial, not the end of a sentence.
    const before = text.slice(start, i);
    if (char === '.' && /(?:^|\s)(?:\p{Lu}|M|Mme|Mlle|Dr|St|Ste|Mr|Mrs|Ms|etc)$/u.test(before))
      continue;
    sentences.push(text.slice(start, i + 1));
    start = i + 1;
  }
  sentences.push(text.slice(start));
  const finished = sentences.map(finishSentence).filter((s) => /\p{L}/u.test(s));
  if (!language) return finished;
  // Issue 30: capitals only where due, names after a title capitalised, run-ons cut where a new clause starts.
  return joinDangling(finished, language)
    .flatMap((s) => splitRunOn(s, language))
    .map((s) =>
      undislocate(capitalizeTitledNames(lowerMidSentenceCapitals(s, language), language), language),
    );
}

function finishSentence(raw: string): string {
  let sentence = raw.trim().replace(/^[-–—,;:.\s]+/, '');
  if (!sentence) return '';
  sentence = sentence.replace(/[,;:\s-]+$/, '');
  if (!/[.!?…»"”)]$/.test(sentence)) sentence += '.';
  // The first letter, after an opening quotation mark if any.
  return sentence.replace(
    /^([«"“(\s]*)(\p{Ll})/u,
    (_, lead: string, letter: string) => `${lead}${letter.toLocaleUpperCase('fr')}`,
  );
}

/** An answer that answers nothing: "oui", "non", "je ne sais plus", "I don't remember". */
export function isNonAnswer(sentence: string, language: Language): boolean {
  const norm = normalize(sentence)
    .replace(/[^\p{L}' -]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!norm) return true;
  const fr =
    /^(?:(?:ah |oh |ben |bah )?(?:oui|non|si|ouais|bof|peut-etre|pas vraiment|pas du tout|absolument|exactement|voila|d'accord|merci|rien|je ne sais (?:pas|plus)|je sais (?:pas|plus)|je ne me (?:souviens|rappelle) (?:pas|plus)|je m'en souviens (?:pas|plus)|aucune idee|j'en sais rien|je n'en sais rien|je ne sais pas trop|on passe|passons)(?: (?:du tout|vraiment|trop|non|oui|merci|bien|plus|pas))*)$/;
  const en =
    /^(?:(?:oh |well )?(?:yes|no|yeah|nope|maybe|not really|not at all|sure|right|exactly|okay|ok|thanks|nothing|i don't know|i do not know|i don't remember|i can't remember|i cannot remember|no idea|pass)(?: (?:really|at all|thanks|thank you|sorry))*)$/;
  return (language === 'fr' ? fr : en).test(norm);
}

/** French typography for the printed text: curly apostrophes, guillemets, no-break spaces before ; : ! ? and inside « ». */
export function typeset(text: string, language: Language): string {
  let out = text
    .replace(/[\u00A0\u202F]/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([,.…])/g, '$1');
  // Issue 30: elision and contractions after every rewrite (« que elle » → « qu'elle »).
  if (language === 'fr') out = elideFrench(out);
  out = out.replace(/'/g, '’');
  if (language === 'en') {
    return out.replace(/"([^"]*)"/g, '“$1”').trim();
  }
  out = out
    .replace(/"([^"]*)"/g, '«$1»')
    .replace(/“([^”]*)”/g, '«$1»')
    .replace(/ ?([;!?])/g, '\u202F$1')
    .replace(/(\u202F[;!?])\u202F(?=[;!?])/g, '$1')
    .replace(/ ?:(?!\d)/g, '\u00A0:')
    .replace(/« ?/g, '«\u00A0')
    .replace(/ ?»/g, '\u00A0»');
  return out.trim();
}

/** Words as the keyword and faithfulness code compares them: letters and digits, apostrophes straight. */
export function words(text: string): string[] {
  return straightApostrophes(text).match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? [];
}

function wordRegex(phrase: string, flags: string): RegExp {
  return new RegExp(`${NOT_LETTER_BEFORE}${escape(phrase)}${NOT_LETTER_AFTER}`, flags);
}

export function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
