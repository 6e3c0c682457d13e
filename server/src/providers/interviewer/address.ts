// How the biographer addresses the person: the name it uses and, in French, vous or tu (onboarding `name_use`).
import type { Language } from './types.ts';
import type { Register } from './render.ts';
import { normalize } from './text.ts';

export interface Address {
  /** what follows "Bonjour" ("Jeanne", "Madame Martin"), or null when no name is to be used */
  name: string | null;
  register: Register;
  /** the person's own first name and surname, so the engine never follows up on the person as on a third party */
  ownNames: string[];
}

export type NameUseId = 'first_name' | 'first_name_tu' | 'madame' | 'monsieur' | 'no_name';

/** What the core seeds as the `valid_answers` of the `name_use` radio question (a custom answer is allowed too). */
export const NAME_USE_OPTIONS: readonly { id: NameUseId; fr: string; en: string }[] = [
  { id: 'first_name', fr: 'Par mon prénom, en me vouvoyant', en: 'By my first name' },
  { id: 'first_name_tu', fr: 'Par mon prénom, en me tutoyant', en: 'By my first name, informally' },
  { id: 'madame', fr: 'Madame, suivi de mon nom', en: 'Mrs, followed by my surname' },
  { id: 'monsieur', fr: 'Monsieur, suivi de mon nom', en: 'Mr, followed by my surname' },
  { id: 'no_name', fr: 'Sans utiliser mon nom', en: 'Without using my name' },
];

const TITLES: { words: string[]; fr: string; en: string }[] = [
  { words: ['madame', 'mme', 'mrs'], fr: 'Madame', en: 'Mrs' },
  { words: ['mademoiselle', 'mlle', 'miss'], fr: 'Mademoiselle', en: 'Miss' },
  { words: ['ms'], fr: 'Madame', en: 'Ms' },
  { words: ['monsieur', 'mr', 'mister'], fr: 'Monsieur', en: 'Mr' },
  { words: ['docteur', 'dr', 'doctor'], fr: 'Docteur', en: 'Dr' },
];

export function readAddress(
  personName: string | null,
  nameUse: string | null | undefined,
  language: Language,
): Address {
  const full = (personName ?? '').replace(/\s+/g, ' ').trim();
  const tokens = full ? full.split(' ') : [];
  const firstName = tokens[0] ?? null;
  const surname = tokens.length > 1 ? tokens.slice(1).join(' ') : null;
  const ownNames = tokens.filter((t) => t.length > 1);
  const answer = (nameUse ?? '').trim();
  const norm = normalize(answer);

  const option = NAME_USE_OPTIONS.find((o) => normalize(o.fr) === norm || normalize(o.en) === norm);
  const titled = (title: { fr: string; en: string }) => {
    const word = language === 'fr' ? title.fr : title.en;
    return surname ? `${word} ${surname}` : word;
  };
  if (option) {
    switch (option.id) {
      case 'first_name':
        return { name: firstName, register: 'vous', ownNames };
      case 'first_name_tu':
        return { name: firstName, register: language === 'fr' ? 'tu' : 'vous', ownNames };
      case 'madame':
        return { name: titled(TITLES[0]!), register: 'vous', ownNames };
      case 'monsieur':
        return { name: titled(TITLES[3]!), register: 'vous', ownNames };
      case 'no_name':
        return { name: null, register: 'vous', ownNames };
    }
  }

  // A custom answer: read what it asks for, in either language.
  const register: Register =
    language === 'fr' && /tutoi|tutoy|\btu\b|\btoi\b/.test(norm) && !/vouvoi|vouvoy/.test(norm)
      ? 'tu'
      : 'vous';
  if (
    /\b(sans|pas de|pas mon|no name|without|don't use|do not use)\b/.test(norm) &&
    /\b(nom|name|prenom)\b/.test(norm)
  ) {
    return { name: null, register, ownNames };
  }
  const calledMatch = answer.match(
    /(?<![\p{L}])(?:[Aa]ppel(?:ez|le|er)?[- ]moi|[Dd]ites|[Dd]is|[Cc]all me|[Jj]e m['’]appelle|[Mm]on surnom(?: est)?|[Mm]y nickname(?: is)?)\s*[:«"“]?\s*([\p{Lu}][\p{L}'’-]*(?:\s+[\p{Lu}][\p{L}'’-]*){0,2})/u,
  );
  if (calledMatch)
    return {
      name: calledMatch[1]!,
      register,
      ownNames: [...ownNames, ...calledMatch[1]!.split(' ')],
    };
  for (const title of TITLES) {
    const alternatives = title.words.join('|');
    if (!new RegExp(`\\b(${alternatives})\\b`).test(norm)) continue;
    // "Madame Martin" written out wins over the account's surname.
    const written = answer.match(
      new RegExp(
        `\\b(?:${alternatives})\\.?\\s+([\\p{Lu}][\\p{L}'’-]+(?:\\s+[\\p{Lu}][\\p{L}'’-]+)?)`,
        'iu',
      ),
    );
    const word = language === 'fr' ? title.fr : title.en;
    if (
      written &&
      /^\p{Lu}/u.test(written[1]!) &&
      !/^(suivi|followed|et|and|plus)\b/i.test(written[1]!)
    ) {
      return { name: `${word} ${written[1]}`, register: 'vous', ownNames };
    }
    return { name: titled(title), register: 'vous', ownNames };
  }
  if (/prenom|first name|firstname/.test(norm)) return { name: firstName, register, ownNames };
  // A short capitalised answer is the name itself ("Mamie Jo", "Jeannot").
  if (/^[\p{Lu}][\p{L}'’-]*(?:\s+[\p{Lu}][\p{L}'’-]*){0,2}$/u.test(answer)) {
    return { name: answer, register, ownNames: [...ownNames, ...answer.split(' ')] };
  }
  return { name: firstName, register, ownNames };
}
