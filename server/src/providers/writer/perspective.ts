// Retells a sentence in the third person when that can be done without guessing; otherwise says it cannot.
import type { Language, ProfileAnswer, SummaryOptions } from './types.ts';
import { readAddress } from '../interviewer/address.ts';
import { normalize } from '../interviewer/text.ts';
import { nameKey, speechLexicon } from '../speech/lexicon.ts';

export type Gender = 'f' | 'm';

/** Who the third person is: a name for the first mention of a paragraph, a pronoun afterwards. */
export interface Narrator {
  /** "Jeanne", "Madame Martin", or null when there is no name */
  name: string | null;
  gender: Gender | null;
  language: Language;
}

/**
 * Every word the third-person rewrite can write that the person did not say (pronouns, possessives, verb
 * endings aside): the faithfulness test allows these, and nothing else.
 */
export const THIRD_PERSON_WORDS: Record<Language, readonly string[]> = {
  fr: [
    'elle',
    'il',
    'lui',
    'son',
    'sa',
    'ses',
    'se',
    "s'",
    'sien',
    'sienne',
    'siens',
    'siennes',
    'même',
    "l'auteur",
    'auteur',
    'ils',
    'elles',
    'leur',
    'leurs',
    'eux',
    'famille',
  ],
  en: [
    'she',
    'he',
    'her',
    'his',
    'him',
    'hers',
    'herself',
    'himself',
    "she's",
    "he's",
    "she'd",
    "he'd",
    "she'll",
    "he'll",
    'the',
    'author',
    "author's",
    'they',
    'them',
    'their',
    'theirs',
    'themselves',
    "they're",
    "they'd",
    "they've",
    "they'll",
  ],
};

/** The narrator of a third-person chapter: the first name (or how the person likes to be called) and a gender when the person's own words give it. */
export function readNarrator(
  personName: string | null,
  profile: ProfileAnswer[],
  answers: string[],
  language: Language,
): Narrator {
  const nameUse = profile.find((p) => p.questionId === 'name_use')?.answer ?? null;
  const address = readAddress(personName, nameUse, language);
  const full = (personName ?? '').replace(/\s+/g, ' ').trim();
  // "Madame Martin" is how the biographer speaks to her; a book says "Jeanne" when it knows it.
  const titled =
    address.name &&
    /^(Madame|Mademoiselle|Monsieur|Mrs|Miss|Ms|Mr|Dr|Docteur)\b/.test(address.name);
  const name = titled
    ? (full.split(' ')[0] ?? address.name)
    : (address.name ?? (full.split(' ')[0] || null));
  let gender: Gender | null = null;
  if (address.name && /^(Madame|Mademoiselle|Mrs|Miss|Ms)\b/.test(address.name)) gender = 'f';
  else if (address.name && /^(Monsieur|Mr)\b/.test(address.name)) gender = 'm';
  else gender = genderFromWords(answers.join(' \n '), language);
  // "Margaret tells it in her own words": an English first name says it when the answers do not.
  if (gender === null && language === 'en' && name)
    gender = speechLexicon('en').genders.get(nameKey(name.split(' ')[0]!)) ?? null;
  return { name: name || null, gender, language };
}

const FR_FEMININE =
  /(?<![\p{L}'])(?:je suis|je me suis|j'etais|je serais|je suis restee|je suis devenue)\s+(?:(?:tres|toute|tout|bien|si|assez|un peu|deja|alors|vraiment|encore|pas|plutot)\s+)*(nee|allee|venue|partie|restee|devenue|arrivee|mariee|tombee|entree|sortie|rentree|retournee|montee|descendue|installee|occupee|heureuse|contente|seule|petite|fiere|amoureuse|veuve|enceinte|fatiguee|malade|inquiete|maman|mere|grand-mere|institutrice|couturiere|infirmiere|ouvriere|vendeuse|secretaire|une fille|une jeune fille|la seule fille|la fille|la petite)(?![\p{L}])/gu;
const FR_MASCULINE =
  /(?<![\p{L}'])(?:je suis|je me suis|j'etais|je serais|je suis reste|je suis devenu)\s+(?:(?:tres|tout|bien|si|assez|un peu|deja|alors|vraiment|encore|pas|plutot)\s+)*(ne|alle|venu|parti|reste|devenu|arrive|marie|tombe|entre|sorti|rentre|retourne|monte|descendu|installe|occupe|heureux|content|seul|petit|fier|amoureux|veuf|fatigue|inquiet|papa|pere|grand-pere|instituteur|ouvrier|vendeur|un garcon|un jeune homme|le seul garcon|le petit)(?![\p{L}])/gu;
const EN_FEMININE =
  /(?<![\p{L}'])(?:i was|i am|i'm|as|i became)\s+(?:a |an |the |just a |only a )?(?:little |young |new |proud )?(girl|woman|mother|mum|mom|wife|bride|widow|grandmother|grandma|housewife|daughter)(?![\p{L}])/gu;
const EN_MASCULINE =
  /(?<![\p{L}'])(?:i was|i am|i'm|as|i became)\s+(?:a |an |the |just a |only a )?(?:little |young |new |proud )?(boy|man|father|dad|husband|groom|widower|grandfather|grandpa|son|lad)(?![\p{L}])/gu;

/** Agreement words in the person's own first-person sentences ("je suis née", "I was a little girl"). */
export function genderFromWords(text: string, language: Language): Gender | null {
  const norm = normalize(text);
  const [feminine, masculine] =
    language === 'fr' ? [FR_FEMININE, FR_MASCULINE] : [EN_FEMININE, EN_MASCULINE];
  const f = [...norm.matchAll(feminine)].length;
  const m = [...norm.matchAll(masculine)].length;
  return f > m ? 'f' : m > f ? 'm' : null;
}

export interface Retold {
  text: string;
  /** false: the sentence could not be retold safely and must be quoted as the person said it */
  ok: boolean;
  /** the sentence used the name as its subject (the pronoun can follow) */
  named: boolean;
}

/** A part of a sentence retold, with how many times it names the narrator (not by a pronoun). */
interface RetoldPart extends Retold {
  mentions: number;
}

/** Whether a word standing for the narrator names her (« Jeanne », "the author") rather than a pronoun. */
function isNaming(word: string): boolean {
  return word !== '' && !/^(?:elle|il|lui|she|he)$/i.test(word);
}

/** The subject the narrator goes by: the name the first time in a paragraph, then a pronoun when one is known. */
export function subjectOf(narrator: Narrator, named: boolean): string {
  const fr = narrator.language === 'fr';
  const pronoun =
    narrator.gender === 'f'
      ? fr
        ? 'elle'
        : 'she'
      : narrator.gender === 'm'
        ? fr
          ? 'il'
          : 'he'
        : null;
  if (pronoun && (named || !narrator.name)) return pronoun;
  return narrator.name ?? (fr ? "l'auteur" : 'the author');
}

/**
 * Third-person retelling of one first-person sentence; quoted passages inside it are left as said.
 * A sentence that would name her twice (« Margaret's brother was older than Margaret », "the author…
 * the author") when no pronoun is known is not retold: it is quoted as she said it (issue 35).
 */
export function retell(
  sentence: string,
  narrator: Narrator,
  named: boolean,
  before: readonly string[] = [],
): Retold {
  const parts = sentence.split(/(«[^»]*»|“[^”]*”|"[^"]*")/);
  let ok = true;
  let usedName = named;
  let mentions = 0;
  const out = parts.map((part, index) => {
    if (index % 2 === 1) return part; // a quotation: the person's or someone else's exact words
    const result =
      narrator.language === 'fr'
        ? retellFrench(part, narrator, usedName, onReferent(sentence, before))
        : retellEnglish(part, narrator, usedName);
    ok &&= result.ok;
    usedName = result.named;
    mentions += result.mentions;
    return result.text;
  });
  if (mentions > 1) ok = false;
  return { text: out.join(''), ok, named: usedName };
}

const L = '[\\p{L}]';
const FR_CLITICS = "(?:(?:me\\s+|m'|le\\s+|la\\s+|l'|les\\s+|lui\\s+|leur\\s+|y\\s+|en\\s+)*)";
const FR_SUBJECT = new RegExp(
  `(?<![\\p{L}'])([Jj]e\\s+|[Jj]')((?:ne\\s+|n'))?(${FR_CLITICS})(${L}+(?:-${L}+)?)`,
  'gu',
);

function retellFrench(
  text: string,
  narrator: Narrator,
  named: boolean,
  referent: OnReferent | null = null,
): RetoldPart {
  let ok = true;
  let usedName = named;
  let mentions = 0;
  // "Moi, je…": the stress is on the subject, which the retelling names anyway.
  let unstressed = text.replace(
    /(?<![\p{L}'])([Mm])oi,?\s+(j['e])/gu,
    (_, m: string, je: string) => (m === 'M' ? je[0]!.toUpperCase() + je.slice(1) : je),
  );
  // « Odette et moi, on a pleuré » → « Odette et moi ont pleuré » (« moi » is retold below): one plural subject.
  const together = withJointSubject(unstressed);
  if (together === null) return { text, ok: false, named: usedName, mentions };
  unstressed = together;
  // « c'est moi qui ai cousu »: the verb after « moi qui » agrees with the narrator, « elle qui a cousu ».
  let agreed = true;
  unstressed = unstressed.replace(
    new RegExp(
      `(?<![\\p{L}'])([Mm]oi(?:-même)?\\s+qui\\s+)((?:ne\\s+|n')?)(${FR_CLITICS})(${L}+)`,
      'gu',
    ),
    (_, head: string, ne: string, clitics: string, verb: string) => {
      const third = frenchThirdPerson(verb);
      if (!third) {
        agreed = false;
        return `${head}${ne}${clitics}${verb}`;
      }
      const reflexive = clitics.replace(/(^|\s)me\s+/g, '$1se ').replace(/(^|\s)m'/g, "$1s'");
      return `${head}${elide(`${ne}${reflexive}${third}`)}`;
    },
  );
  if (!agreed) ok = false;
  let out = unstressed.replace(
    FR_SUBJECT,
    (match, je: string, ne: string | undefined, clitics: string, verb: string, at: number) => {
      const third = frenchThirdPerson(verb);
      if (!third) {
        ok = false;
        return match;
      }
      const subject = subjectOf(narrator, usedName);
      if (narrator.name && subject === narrator.name) usedName = true;
      if (isNaming(subject)) mentions += 1;
      const reflexive = clitics.replace(/(^|\s)me\s+/g, '$1se ').replace(/(^|\s)m'/g, "$1s'");
      const tail = elide(`${reflexive}${third}`);
      const negation = ne ? elide(`ne ${tail}`) : tail;
      const said = `${subject} ${negation}`;
      return je[0] === 'J' || startsSentence(unstressed, at)
        ? said[0]!.toUpperCase() + said.slice(1)
        : said;
    },
  );
  const stressed =
    narrator.gender === 'f' ? 'elle' : narrator.gender === 'm' ? 'lui' : narrator.name;
  out = out
    .replace(
      /(?<![\p{L}'])([Mm])(on|a|es)(?![\p{L}'])/gu,
      (_, m: string, rest: string) => `${m === 'M' ? 'S' : 's'}${rest}`,
    )
    .replace(
      /(?<![\p{L}'])([Mm])(ien|ienne|iens|iennes)(?![\p{L}'])/gu,
      (_, m: string, rest: string) => `${m === 'M' ? 'S' : 's'}${rest}`,
    );
  if (stressed) {
    out = out.replace(
      /(?<![\p{L}'])([Mm])oi(-même)?(?![\p{L}'])/gu,
      (_, m: string, self: string | undefined) => {
        if (isNaming(stressed)) mentions += 1;
        const word = `${stressed}${self ?? ''}`;
        return m === 'M' ? word[0]!.toUpperCase() + word.slice(1) : word;
      },
    );
  }
  // « avec mes frères, on allait… »: « on » is she and the people she names, « elle allait avec ses frères ».
  const withHers = /(?<![\p{L}'])avec\s+(?:mon|ma|mes)(?![\p{L}])/iu.test(text);
  const plural = retellWe(
    out,
    withHers ? { subject: subjectOf(narrator, usedName), plural: false } : referent,
  );
  if (plural === null) return { text, ok: false, named: usedName, mentions };
  out = retellMe(plural, narrator);
  // « avec maman », « papa disait »: the narrator's parents, told from outside.
  out = out
    .replace(/(?<![\p{L}'])([Mm])aman(?![\p{L}'])/gu, (_, m: string) =>
      m === 'M' ? 'Sa mère' : 'sa mère',
    )
    .replace(/(?<![\p{L}'])([Pp])apa(?![\p{L}'])/gu, (_, p: string) =>
      p === 'P' ? 'Son père' : 'son père',
    );
  // What is left cannot be retold without guessing: "vous", "tu", a verb whose plural is not sure.
  if (
    /(?<![\p{L}'])(?:[jmt]'|(?:je|me|moi|nous|notre|nos|tu|te|toi|ton|ta|tes|vous|votre|vos)(?![\p{L}]))/iu.test(
      out,
    )
  )
    ok = false;
  return { text: out, ok, named: usedName, mentions };
}

const FR_PLURAL: Record<string, string> = {
  est: 'sont',
  a: 'ont',
  va: 'vont',
  fait: 'font',
  peut: 'peuvent',
  veut: 'veulent',
  doit: 'doivent',
  sait: 'savent',
  dit: 'disent',
  vient: 'viennent',
  revient: 'reviennent',
  devient: 'deviennent',
  tient: 'tiennent',
  prend: 'prennent',
  met: 'mettent',
  voit: 'voient',
  part: 'partent',
  sort: 'sortent',
  vit: 'vivent',
  boit: 'boivent',
  connaît: 'connaissent',
  croit: 'croient',
  fut: 'furent',
  eut: 'eurent',
  sommes: 'sont',
  avons: 'ont',
  allons: 'vont',
  faisons: 'font',
  disons: 'disent',
  pouvons: 'peuvent',
  voulons: 'veulent',
  devons: 'doivent',
  savons: 'savent',
  venons: 'viennent',
  prenons: 'prennent',
};

/** The third person plural of a verb said with « on » or « nous »: « était » / « étions » → « étaient ». */
export function frenchPlural(verb: string): string | null {
  const lower = verb.toLowerCase();
  if (FR_PLURAL[lower]) return FR_PLURAL[lower];
  if (/(?:ait|ions)$/.test(lower)) return lower.replace(/(?:ait|ions)$/, 'aient');
  if (/(?:ons)$/.test(lower) && lower.length > 4) return lower.replace(/ons$/, 'ent');
  if (/[^ée]e$/.test(lower) && lower.length > 3) return `${lower}nt`;
  return null;
}

const FR_INDIRECT =
  /^(?:vien|ven|arriv|di|dis|dit|disai|demand|donn|appr|écri|écriv|offr|parl|répond|racont|montr|expliqu|promi|promet|propos|plai|plu|plaisai|manqu|téléphon|march|fai|fais|envoy|achet|prêt|apport|rend|souri|conseill|interdi|permi|permett|lanç|jet|cri|chant|lis|lu|port)/;

/** « il m'a dit » → « il lui a dit », « il m'a vue » → « il l'a vue »: the narrator as an object. */
function retellMe(text: string, narrator: Narrator): string {
  const direct = narrator.gender === 'm' ? 'le' : 'la';
  return text.replace(
    /(?<![\p{L}'])([Mm])(?:e\s+|')((?:(?:ne|n')\s*)?)(\p{L}+)(\s+\p{L}+)?(?=([^.!?;:]*))/gu,
    (match, m: string, ne: string, verb: string, rest: string | undefined, after: string) => {
      const lower = verb.toLowerCase();
      // « me voilà », « me suis » belong to the narrator's own subject, handled with « je ».
      if (/^(?:suis|voilà|voila)$/.test(lower)) return match;
      const object = isIndirectObject(verb, `${rest ?? ''}${after}`)
        ? 'lui '
        : /^[aeiouyhéèêàâîôû]/i.test(verb)
          ? "l'"
          : `${direct} `;
      const pronoun = m === 'M' ? object[0]!.toUpperCase() + object.slice(1) : object;
      return `${pronoun}${ne}${verb}${rest ?? ''}`.replace(/ {2,}/g, ' ');
    },
  );
}

/**
 * « on s'est mariés » → « ils se sont mariés », « on habitait » → « la famille habitait », « nous étions » →
 * « ils étaient », « notre maison » → « leur maison ». Null when a verb cannot be turned with certainty.
 */
function retellWe(text: string, referent: OnReferent | null = null): string | null {
  let failed = false;
  let out = text.replace(
    /(?<![\p{L}'])(qu'|[Oo]n|[Nn]ous)(\s+|(?<=qu')(?=on))(on\s+)?((?:(?:n'|ne\s+)?)(?:(?:se\s+|s'|y\s+|en\s+|l'|le\s+|la\s+|les\s+|lui\s+|leur\s+|nous\s+)*))(\p{L}+)(?=((?:\s+\p{L}+){0,3}))/gu,
    (
      match,
      head: string,
      space: string,
      onAfterQu: string | undefined,
      clitics: string,
      verb: string,
      after: string,
    ) => {
      const qu = head === "qu'";
      if (qu && !onAfterQu && !/^on$/i.test(space + '')) {
        if (!/^on\s/i.test(match.slice(3))) return match;
      }
      const subject = qu ? 'on' : head.toLowerCase();
      const capital = /^[ON]/.test(head);
      // « qui nous gardait »: « nous » is the object there, turned below.
      if (subject === 'nous' && !/(?:ons|sommes)$/i.test(verb)) return match;
      const plainClitics = clitics.replace(/(^|\s)nous(\s|$)/g, '$1se$2');
      // « on était voisins », « on est contents »: a plural after « être » is a plural subject.
      const pluralAfterBe =
        /^(?:est|était|sera|serait|fut)$/i.test(verb) &&
        /^\s+(?:(?:tous|toutes|très|bien|si|pas|plus|assez|encore|toujours|jamais)\s+)*(?!(?:tous|toutes|très|pas|plus|dans|sans|alors|après|toujours|jamais|vers|sous|puis|depuis|dehors|ans|mais|trois|deux|six|dix)(?:\s|$))\p{L}+[sx](?:\s|$)/u.test(
          after,
        );
      const participlePlural =
        pluralAfterBe ||
        /(?:^|\s)(?!(?:tous|plus|puis|dessus|dessous|jus|toutes|vites?|mais|jamais|très|après|dans|sans|chez|vers|ans|fois|alors|depuis|parfois|toujours)(?:\s|$))\p{L}+(?:és|ées|is|us|ts|tes|eux|aux)(?:\s|$)/u.test(
          after,
        );
      const lowerVerb = verb.toLowerCase();
      let subjectWord: string;
      let verbWord: string;
      if (subject === 'on' && !participlePlural) {
        // « on » is the family, the couple, the pupils… only when the words around say so; else it is quoted.
        if (referent === null) {
          failed = true;
          return match;
        }
        if (referent.plural) {
          const plural = frenchPlural(lowerVerb);
          if (!plural) {
            failed = true;
            return match;
          }
          subjectWord = referent.subject;
          verbWord = plural;
        } else {
          subjectWord = referent.subject;
          verbWord = verb;
        }
      } else {
        const plural = subject === 'nous' ? frenchPluralFromWe(lowerVerb) : frenchPlural(lowerVerb);
        if (!plural) {
          failed = true;
          return match;
        }
        subjectWord = 'ils';
        verbWord = plural;
      }
      const said =
        `${subjectWord} ${plainClitics.replace(/(^|\s)s'\s*(?![aeiouyhéèêàâîôû])/giu, '$1se ').replace(/(^|\s)(?:se|s')\s*(?=[aeiouyhéèêàâîôû])/giu, "$1s'")}${verbWord}`
          .replace(/s'\s+/g, "s'")
          .replace(/\s{2,}/g, ' ');
      const elidedSaid = said.replace(
        /(?<![\p{L}'])(ne|se)\s+(?=[aeiouyhéèêàâîôû])/giu,
        (_, w: string) => `${w[0]}'`,
      );
      const lead = qu ? (subjectWord === 'ils' ? "qu'" : 'que ') : '';
      const written = `${lead}${elidedSaid}`;
      return capital ? written[0]!.toUpperCase() + written.slice(1) : written;
    },
  );
  if (failed) return null;
  out = out
    .replace(
      /(?<![\p{L}'])(avec|chez|pour|sans|entre|que|qu'|à|de|sur|vers|contre|comme|derrière|devant|avant|après)\s+nous(?![\p{L}'])/giu,
      '$1 eux',
    )
    // « qui nous gardait », « Marcel nous fabriquait des trottinettes »: the family as an object, direct
    // (« les ») or indirect (« leur ») as what follows the verb says.
    .replace(
      /(?<![\p{L}'])nous\s+(\p{L}+)(?=([^.!?;:]*))/gu,
      (match, verb: string, after: string) =>
        /(?:ons|sommes)$/i.test(verb)
          ? match
          : `${isIndirectObject(verb, after) ? 'leur' : 'les'} ${verb}`,
    )
    .replace(/(?<![\p{L}'])([Nn])otre(?![\p{L}'-])/gu, (_, n: string) =>
      n === 'N' ? 'Leur' : 'leur',
    )
    .replace(/(?<![\p{L}'])([Nn])os(?![\p{L}'])/gu, (_, n: string) =>
      n === 'N' ? 'Leurs' : 'leurs',
    );
  return out;
}

/** Who « on » stands for: « la famille », « le couple », « les élèves »… and whether the verb turns plural. */
export interface OnReferent {
  subject: string;
  plural: boolean;
}

const ON_CUES: { kind: string; cue: RegExp }[] = [
  {
    kind: 'couple',
    cue: /(?<![\p{L}])(?:mon mari|ma femme|mon époux|mon épouse|mon fiancé|ma fiancée|mon compagnon|ma compagne|notre mariage|nos noces|épous(?:é|ée|er|e|ait)|(?:on|nous) (?:s'est|nous sommes) (?:mariés|fiancés|rencontrés|installés))(?![\p{L}])/iu,
  },
  {
    kind: 'school',
    cue: /(?<![\p{L}])(?:école|classe|maîtresse|instituteur|institutrice|élèves|pensionnat|lycée|collège|récré|récréation|camarades|cour de récré)(?![\p{L}])/iu,
  },
  {
    kind: 'work',
    cue: /(?<![\p{L}])(?:usine|atelier|collègues|patron|patronne|chantier|contremaître)(?![\p{L}])/iu,
  },
  {
    kind: 'family',
    cue: /(?<![\p{L}])(?:famille|parents|papa|maman|mon père|ma mère|frères?|sœurs?|soeurs?|grand-mère|grand-père|grands-parents|à la maison|notre maison|chez nous|mes enfants|nos enfants|les enfants)(?![\p{L}])/iu,
  },
];

/** Named groups « on » may stand for in the school and work kinds, when she said them. */
const ON_GROUPS: Record<string, RegExp> = {
  school: /(?<![\p{L}])les (élèves|enfants|filles|garçons)(?![\p{L}])/iu,
  work: /(?<![\p{L}])les (ouvrières|ouvriers|collègues|employés|employées)(?![\p{L}])/iu,
};

function cueKinds(sentence: string): string[] {
  return ON_CUES.filter((c) => c.cue.test(sentence)).map((c) => c.kind);
}

/**
 * Who « on » means in a sentence, read from the sentence itself, then from the nearest sentence before it that
 * names one kind of group: the family, the couple, the pupils, the workmates. Null when nothing says, or when
 * the words point two ways: the sentence is then quoted as she said it.
 */
export function onReferent(sentence: string, before: readonly string[] = []): OnReferent | null {
  for (const text of [sentence, ...[...before].reverse()]) {
    const kinds = cueKinds(text);
    if (kinds.length === 0) continue;
    if (kinds.length > 1) return null;
    const kind = kinds[0]!;
    if (kind === 'family') return { subject: 'la famille', plural: false };
    if (kind === 'couple') return { subject: 'le couple', plural: false };
    // The pupils, the workers: only a group she named, never one guessed.
    for (const said of [sentence, ...before]) {
      const group = said.match(ON_GROUPS[kind]!)?.[1];
      if (group) return { subject: `les ${group.toLocaleLowerCase('fr')}`, plural: true };
    }
    return null;
  }
  return null;
}

/** « Odette et moi, on a pleuré », « moi et mon frère, nous allions » → one plural subject and its verb. */
function withJointSubject(text: string): string | null {
  let failed = false;
  const out = text.replace(
    /(?<![\p{L}'])((?:(?:[Mm]on|[Mm]a|[Mm]es)\s+\p{L}+(?:\s+\p{Lu}[\p{L}-]+)?|[\p{Lu}][\p{L}-]+)\s+et\s+moi|[Mm]oi\s+et\s+(?:(?:mon|ma|mes)\s+\p{L}+(?:\s+\p{Lu}[\p{L}-]+)?|[\p{Lu}][\p{L}-]+)),?\s+(on|nous)\s+((?:ne\s+|n')?)((?:(?:se\s+|s'|nous\s+|y\s+|en\s+)*))(\p{L}+)/gu,
    (match, subject: string, pronoun: string, ne: string, clitics: string, verb: string) => {
      const lower = verb.toLowerCase();
      const plural = pronoun === 'nous' ? frenchPluralFromWe(lower) : frenchPlural(lower);
      if (!plural) {
        failed = true;
        return match;
      }
      const reflexive = clitics.replace(/(^|\s)nous\s+/g, '$1se ').replace(/(^|\s)s'\s*/g, '$1se ');
      return `${subject} ${elide(`${ne}${reflexive}${plural}`)}`;
    },
  );
  return failed ? null : out;
}

const TIME_NOUN =
  /^(?:le|la|les|l')\s*(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|soir|soirs|matin|matins|midi|nuit|jour|jours|week-end|lendemain|été|hiver|printemps|automne|année|dimanches|jeudis|samedis)(?![\p{L}])/iu;

/**
 * Whether « nous » / « me » before this verb is an indirect object (« leur », « lui »): the verb takes one
 * (« dire », « donner »), or a direct object follows it (« nous fabriquait des trottinettes »); a participle
 * that agrees (« nous a emmenés ») or nothing after makes it direct.
 */
function isIndirectObject(verb: string, after: string): boolean {
  const lower = verb.toLowerCase();
  const words = after.trim().split(/\s+/).filter(Boolean);
  const auxiliary = /^(?:a|avait|as|ai|aura|aurait|eut|ont|avaient)$/.test(lower);
  let meaning = lower;
  let rest = words;
  if (auxiliary && words.length) {
    const participle = words[0]!.toLowerCase();
    // « il nous a emmenés », « il m'a vue »: the participle agrees with a direct object before it.
    if (
      /(?:és|ées|ée|ue|ues|us|ise|ises|ite|ites|te|tes)$/.test(participle) &&
      participle.length > 3
    )
      return false;
    meaning = participle;
    rest = words.slice(1);
  }
  if (FR_INDIRECT.test(meaning)) return true;
  const next = rest.join(' ');
  if (TIME_NOUN.test(next)) return false;
  return /^(?:des|un|une|du|de la|de l'|le|la|les|l'|mon|ma|mes|son|sa|ses|notre|nos|leur|leurs|ce|cet|cette|ces|plein|tout|toute|tous|toutes)(?![\p{L}])/iu.test(
    next,
  );
}

function frenchPluralFromWe(verb: string): string | null {
  if (FR_PLURAL[verb]) return FR_PLURAL[verb];
  if (/ions$/.test(verb)) return verb.replace(/ions$/, 'aient');
  if (/ons$/.test(verb) && verb.length > 4) return verb.replace(/ons$/, 'ent');
  return null;
}

/** "était" for "étais", "a" for "ai", "vient" for "viens"; null when the form is not one we can be sure of. */
export function frenchThirdPerson(verb: string): string | null {
  const lower = verb.toLowerCase();
  const irregular: Record<string, string> = {
    suis: 'est',
    ai: 'a',
    aie: 'ait',
    vais: 'va',
    peux: 'peut',
    veux: 'veut',
    vaux: 'vaut',
    connais: 'connaît',
    reconnais: 'reconnaît',
    nais: 'naît',
    parais: 'paraît',
    plais: 'plaît',
  };
  if (irregular[lower]) return irregular[lower];
  if (lower.length < 2) return null;
  if (/ais$/.test(lower)) return `${verb.slice(0, -1)}t`;
  if (/rai$/.test(lower)) return verb.slice(0, -1);
  if (/(?:e|é)$/.test(lower)) return verb; // "je travaille", "je me suis mariée" (after the auxiliary)
  if (/ds$/.test(lower)) return verb.slice(0, -1);
  if (/x$/.test(lower)) return `${verb.slice(0, -1)}t`;
  if (/[iounr]s$/.test(lower) && !/ss$/.test(lower)) return `${verb.slice(0, -1)}t`;
  if (/ts$/.test(lower)) return verb.slice(0, -1);
  return null;
}

/** "ne est" -> "n'est", "se est" -> "s'est", "se appelle" -> "s'appelle". */
function elide(text: string): string {
  return text.replace(
    /(?<![\p{L}'])(ne|se|le|la)\s+(?=[aeiouyhéèêàâîôû])/giu,
    (_, word: string) => `${word[0]}'`,
  );
}

const EN_ADVERBS =
  '(?:(?:never|always|just|still|often|also|really|only|even|usually|sometimes|then|once|hardly|barely|already|soon)\\s+)*';
const EN_SUBJECT = new RegExp(
  `(?<![\\p{L}'])I(?:'(m|ve|d|ll)|\\s+(${EN_ADVERBS})([a-z']+))(?![\\p{L}])`,
  'gu',
);
const EN_SAME = new Set([
  'was',
  'had',
  'did',
  'could',
  'would',
  'will',
  'can',
  'should',
  'must',
  'might',
  'may',
  'shall',
  'cannot',
  "didn't",
  "couldn't",
  "wasn't",
  "won't",
  "wouldn't",
  "can't",
  "hadn't",
  "shouldn't",
  'used',
  'went',
  'got',
  'met',
  'left',
  'grew',
  'became',
  'came',
  'saw',
  'took',
  'made',
  'knew',
  'thought',
  'told',
  'said',
  'felt',
  'found',
  'gave',
  'kept',
  'lost',
  'ran',
  'sat',
  'stood',
  'taught',
  'brought',
  'bought',
  'caught',
  'fell',
  'wrote',
  'drove',
  'rode',
  'spent',
  'sent',
  'heard',
  'learnt',
  'began',
  'won',
  'wore',
  'ate',
  'slept',
  'swam',
  'sang',
  'built',
  'understood',
  'forgot',
  'hid',
  'held',
  'let',
  'put',
  'read',
  'set',
  'shut',
  'cut',
  'hit',
  'hurt',
  'quit',
  'paid',
  'led',
  'fed',
  'dreamt',
  'meant',
  'lit',
  'broke',
  'chose',
  'spoke',
  'woke',
  'married',
  'studied',
]);
const EN_PRESENT: Record<string, string> = {
  am: 'is',
  have: 'has',
  do: 'does',
  "don't": "doesn't",
  "haven't": "hasn't",
  "'m": 'is',
};
const EN_REGULAR_PRESENT = new Set([
  'live',
  'work',
  'remember',
  'think',
  'know',
  'love',
  'like',
  'want',
  'feel',
  'miss',
  'believe',
  'say',
  'see',
  'hope',
  'wish',
  'keep',
  'still',
  'recall',
  'suppose',
  'guess',
  'imagine',
  'need',
  'enjoy',
  'prefer',
  'hate',
  'go',
  'get',
  'come',
  'find',
  'mean',
  'reckon',
  'wonder',
  'understand',
  'agree',
]);

function englishThirdPerson(verb: string): string | null {
  const lower = verb.toLowerCase();
  if (EN_PRESENT[lower]) return EN_PRESENT[lower];
  if (EN_SAME.has(lower) || /ed$/.test(lower)) return verb;
  if (EN_REGULAR_PRESENT.has(lower)) {
    if (/(?:s|sh|ch|x|o)$/.test(lower)) return `${verb}es`;
    return `${verb}s`;
  }
  return null;
}

function retellEnglish(text: string, narrator: Narrator, named: boolean): RetoldPart {
  let ok = true;
  let usedName = named;
  let mentions = 0;
  let out = text.replace(
    EN_SUBJECT,
    (
      match,
      contraction: string | undefined,
      adverbs: string | undefined,
      verb: string | undefined,
      at: number,
    ) => {
      const subject = subjectOf(narrator, usedName);
      if (narrator.name && subject === narrator.name) usedName = true;
      if (isNaming(subject)) mentions += 1;
      const cap = (s: string) => (startsSentence(text, at) ? s[0]!.toUpperCase() + s.slice(1) : s);
      if (contraction) {
        const form = contraction === 'm' || contraction === 've' ? 's' : contraction;
        // "She's" for a pronoun; a name keeps the full verb ("Margaret is").
        if (/^(she|he)$/.test(subject)) return cap(`${subject}'${form}`);
        const full: Record<string, string> = { m: 'is', ve: 'has', d: 'would', ll: 'will' };
        if (contraction === 'd') {
          ok = false;
          return match;
        }
        return cap(`${subject} ${full[contraction]}`);
      }
      const third = englishThirdPerson(verb!);
      if (!third) {
        ok = false;
        return match;
      }
      return cap(`${subject} ${adverbs ?? ''}${third}`);
    },
  );
  const g = narrator.gender;
  const possessive =
    g === 'f' ? 'her' : g === 'm' ? 'his' : narrator.name ? `${narrator.name}'s` : "the author's";
  const object = g === 'f' ? 'her' : g === 'm' ? 'him' : (narrator.name ?? 'the author');
  const swap = (word: string, by: string) =>
    word[0] === word[0]!.toUpperCase() ? by[0]!.toUpperCase() + by.slice(1) : by;
  // Without a pronoun each of these names her: counted, so as not to name her twice in a sentence.
  const naming = (by: string) => {
    if (!g) mentions += 1;
    return by;
  };
  out = out
    .replace(/(?<![\p{L}'])(my)(?![\p{L}'])/giu, (w: string) => swap(w, naming(possessive)))
    .replace(/(?<![\p{L}'])(me)(?![\p{L}'])/giu, (w: string) => swap(w, naming(object)))
    .replace(/(?<![\p{L}'])(mine)(?![\p{L}'])/giu, (w: string) =>
      swap(w, naming(g === 'm' ? 'his' : g === 'f' ? 'hers' : possessive)),
    );
  if (g)
    out = out.replace(/(?<![\p{L}'])(myself)(?![\p{L}'])/giu, (w: string) =>
      swap(w, g === 'f' ? 'herself' : 'himself'),
    );
  // "we were", "our house": the family, told from outside.
  const they: Record<string, string> = {
    we: 'they',
    "we're": "they're",
    "we'd": "they'd",
    "we've": "they've",
    "we'll": "they'll",
    us: 'them',
    our: 'their',
    ours: 'theirs',
    ourselves: 'themselves',
  };
  out = out.replace(
    /(?<![\p{L}'])(we're|we'd|we've|we'll|we|us|our|ours|ourselves)(?![\p{L}'])/giu,
    (w: string) => swap(w, they[w.toLowerCase()]!),
  );
  if (
    /(?<![\p{L}'])(?:I|I'\w+|myself|we|us|our|ours|ourselves|you|your|yours)(?![\p{L}])/u.test(
      out,
    ) ||
    /(?<![\p{L}'])(?:we|us|our|you|your)(?![\p{L}])/iu.test(out)
  )
    ok = false;
  return { text: out, ok, named: usedName, mentions };
}

function startsSentence(text: string, at: number): boolean {
  return /(?:^|[.!?…]\s)[\s«“"(]*$/u.test(text.slice(0, at));
}

/** « je », « j'ai », « mon »…: a text that says these is told in the first person. */
const FIRST_PERSON: Record<Language, RegExp> = {
  fr: /(?<![\p{L}])(?:(?:je|me|moi|mon|ma|mes)(?![\p{L}])|[jm]['’])/iu,
  en: /(?<![\p{L}])(?:(?:i|me|my|mine)(?![\p{L}'’])|i['’])/iu,
};

/**
 * What a new choice means for the text kept: nothing (no style, and the point of view it already has),
 * written again in the new style or point of view, or a point of view the built-in writer cannot give it.
 */
export function restyling(
  previous: string,
  options: Pick<SummaryOptions, 'style' | 'perspective'>,
  language: Language,
): 'none' | 'restyle' | 'perspective-not-applied' {
  const firstPerson = FIRST_PERSON[language].test(withoutQuotes(previous));
  if (options.perspective === 'premiere' && !firstPerson) return 'perspective-not-applied';
  if (options.style !== null) return 'restyle';
  if (options.perspective === 'troisieme' && firstPerson) return 'restyle';
  return 'none';
}

/** The person's words quoted as said (« … ») are not the narration. */
function withoutQuotes(text: string): string {
  return text.replace(/«[^»]*»|“[^”]*”|"[^"]*"/g, ' ');
}
