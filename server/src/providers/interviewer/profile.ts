// What the onboarding answers tell the interviewer: how to address the person, the wanted themes, hooks to start from.
import type { InterviewContext } from './types.ts';
import type { ThemeId } from './themes.ts';
import { parseThemeAnswer } from './themes.ts';
import type { Address } from './address.ts';
import { readAddress } from './address.ts';
import type { Detail } from './detect.ts';
import { detectDetails } from './detect.ts';
import { clip, normalize } from './text.ts';

/** The onboarding question ids the core seeds (api.md § Onboarding). */
export const PROFILE_QUESTION_IDS = [
  'birth',
  'family',
  'children',
  'work',
  'themes',
  'audience',
  'speaking',
  'name_use',
] as const;

/** A first question built on something the person wrote during onboarding. */
export interface ProfileHook {
  /** `profile:<question>:<hash>`: asked once in a lifetime, like a bank question */
  idSeed: string;
  theme: ThemeId;
  source: 'birth' | 'family' | 'children' | 'work' | 'audience';
  detail?: Detail;
  /** a short quotation of the answer, for work and audience */
  quote?: string;
}

export interface PersonProfile {
  address: Address;
  wantedThemes: ThemeId[];
  birthYear: number | null;
  /** false when the person said they have no children: that theme is then never proposed */
  hasChildren: boolean | null;
  hooks: ProfileHook[];
  /** a stable fingerprint of the person, mixed into every choice so two people do not get the same interview */
  seed: string;
}

export function readProfile(ctx: InterviewContext): PersonProfile {
  const language = ctx.language;
  const answerOf = (id: string): string | null => {
    const answer = ctx.profile.find((p) => p.questionId === id)?.answer?.trim();
    return answer ? answer : null;
  };
  const address = readAddress(ctx.personName, answerOf('name_use'), language);
  const themesAnswer = answerOf('themes');
  const birth = answerOf('birth');
  const birthYear = birth ? readYear(birth) : null;
  const childrenAnswer = answerOf('children');
  const hasChildren = childrenAnswer === null ? null : !saysNone(childrenAnswer);

  const hooks: ProfileHook[] = [];
  const detect = (text: string) =>
    detectDetails(text, language, { register: address.register, ownNames: address.ownNames });
  if (birth) {
    const place = detect(birth).find((d) => d.kind === 'place');
    if (place)
      hooks.push({
        idSeed: `birth:place:${place.key}`,
        theme: 'origins',
        source: 'birth',
        detail: place,
      });
    else if (birthYear)
      hooks.push({ idSeed: `birth:year:${birthYear}`, theme: 'origins', source: 'birth' });
  }
  for (const source of ['family', 'children'] as const) {
    const answer = answerOf(source);
    if (!answer || (source === 'children' && hasChildren === false)) continue;
    for (const person of detect(answer).filter(
      (d) => d.kind === 'person' && /\p{Lu}/u.test(d.phrase),
    )) {
      hooks.push({
        idSeed: `${source}:${person.key}`,
        theme: source === 'family' ? 'family' : 'children',
        source,
        detail: person,
      });
    }
  }
  const work = answerOf('work');
  if (work && !saysNone(work)) {
    hooks.push({
      idSeed: `work:${normalize(work).slice(0, 60)}`,
      theme: 'work',
      source: 'work',
      quote: clip(work, 90),
    });
  }
  const audience = answerOf('audience');
  if (audience) {
    hooks.push({
      idSeed: `audience:${normalize(audience).slice(0, 60)}`,
      theme: 'transmission',
      source: 'audience',
      quote: clip(audience, 90),
    });
  }

  return {
    address,
    wantedThemes: themesAnswer ? parseThemeAnswer(themesAnswer) : [],
    birthYear,
    hasChildren,
    hooks,
    seed: [ctx.personName ?? '', ...ctx.profile.map((p) => `${p.questionId}=${p.answer}`)].join(
      '|',
    ),
  };
}

function readYear(text: string): number | null {
  const match = text.match(/(?<!\d)(19\d{2}|20[0-2]\d)(?!\d)/);
  return match ? Number(match[1]) : null;
}

function saysNone(answer: string): boolean {
  const norm = normalize(answer).trim();
  return /^(non|aucun|aucune|pas d'enfants?|je n'ai pas d'enfants?|sans enfants?|none|no|no children|i have no children|i don't have children|nothing|rien|n\/a|-)(?![a-z])/.test(
    norm,
  );
}
