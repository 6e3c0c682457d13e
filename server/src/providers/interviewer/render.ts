// Turns the bank's marked-up sentences into what the person reads: vous/tu, he/she/they, quoted details.
//
// Markup, kept small so the French stays readable in the data files:
//   {vous gardez|tu gardes}   register: left for vouvoiement (and English), right for tutoiement
//   <était-il|était-elle|étaient-ils>   the detail's gender: masculine | feminine | plural
//   {person} {de:person} {que:person} {à:person} {Person}   slots; a capital first letter capitalises
import type { Language } from './types.ts';
import { capitalize, typeset } from './text.ts';

export type Register = 'vous' | 'tu';
export type Gender = 'm' | 'f' | 'pl';

export interface RenderOptions {
  language: Language;
  register: Register;
  gender?: Gender | null;
  slots?: Record<string, string>;
}

const REGISTER_MARKUP = /\{([^{}|]*)\|([^{}|]*)\}/g;
const GENDER_MARKUP = /<([^<>|]*)\|([^<>|]*)\|([^<>|]*)>/g;
const SLOT_MARKUP = /\{(?:(de|que|à):)?(\p{L}+)\}/gu;

/**
 * True when the text can only be said knowing the gender of what it talks about. A detail of unknown gender
 * ("Paul") is singular, so a template whose masculine and feminine forms agree ("<a|a|ont>") still fits it.
 */
export function needsGender(template: string): boolean {
  return [...template.matchAll(GENDER_MARKUP)].some(([, m, f]) => m !== f);
}

export function applyRegister(template: string, register: Register): string {
  return template.replace(REGISTER_MARKUP, (_m, vous: string, tu: string) =>
    register === 'tu' ? tu : vous,
  );
}

export function render(template: string, options: RenderOptions): string {
  let text = applyRegister(template, options.register);
  text = text.replace(GENDER_MARKUP, (_m, m: string, f: string, pl: string) => {
    if (options.gender === 'f') return f;
    if (options.gender === 'pl') return pl;
    return m;
  });
  // Slots last, so that words typed by the person are never read as markup.
  text = text.replace(SLOT_MARKUP, (match, prep: string | undefined, name: string) => {
    const key = name.toLowerCase();
    const value = options.slots?.[key];
    if (value === undefined) return match;
    let out = value;
    if (prep === 'de') out = options.language === 'fr' ? frDe(value) : value;
    else if (prep === 'que') out = options.language === 'fr' ? frQue(value) : value;
    else if (prep === 'à') out = options.language === 'fr' ? frA(value) : value;
    return name[0] === name[0]!.toUpperCase() ? capitalize(out) : out;
  });
  return typeset(text, options.language);
}

const VOWEL_START = /^[aeiouyhàâäéèêëîïôöùûüœæ]/i;

/** "de" before a noun phrase: d'Anne, du pain, des confitures, de la soupe, de l'odeur. */
export function frDe(phrase: string): string {
  if (/^le\s/i.test(phrase)) return `du ${phrase.slice(3)}`;
  if (/^les\s/i.test(phrase)) return `des ${phrase.slice(4)}`;
  if (/^(de\s|du\s|des\s|d')/i.test(phrase)) return phrase; // already partitive: "de l'eau" stays
  if (VOWEL_START.test(phrase)) return `d'${phrase}`;
  return `de ${phrase}`;
}

/** "que" before a noun phrase: qu'Anne, que votre père. */
export function frQue(phrase: string): string {
  return VOWEL_START.test(phrase) ? `qu'${phrase}` : `que ${phrase}`;
}

/** "à" before a noun phrase: au pain, aux confitures, à la soupe, à l'odeur. */
export function frA(phrase: string): string {
  if (/^le\s/i.test(phrase)) return `au ${phrase.slice(3)}`;
  if (/^les\s/i.test(phrase)) return `aux ${phrase.slice(4)}`;
  return `à ${phrase}`;
}
