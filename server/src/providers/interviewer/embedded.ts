// The built-in interviewer: a guided interview engine (question bank, follow-ups, no repeats) — not a language model.
//
// It keeps no state of its own: everything is read again from the context on each turn (the themes and
// question ids of this chapter's assistant messages, the ids asked in earlier chapters), so any API process
// can answer any turn, and the same context always gives the same reply.
import type {
  InterviewContext,
  Interviewer,
  InterviewerReply,
  Language,
  TranscriptMessage,
} from './types.ts';
import type { BankQuestion } from './bank-types.ts';
import { getBank } from './bank.ts';
import type { Phrasebook } from './phrasebook-types.ts';
import { EVENT_TIME_FROM, getPhrasebook } from './phrases.ts';
import type { ThemeId } from './themes.ts';
import { THEME_IDS, getTheme, isThemeId, parseThemeAnswer } from './themes.ts';
import type { PersonProfile, ProfileHook } from './profile.ts';
import { readProfile } from './profile.ts';
import { redundantQuestions } from './redundant.ts';
import type { Detail, DetailKind } from './detect.ts';
import { detectDetails, soundsHeavy } from './detect.ts';
import type { Register } from './render.ts';
import { applyRegister, needsGender, render } from './render.ts';
import { countWords, hash32, normalize, rotate, shortHash } from './text.ts';
import { familyQuestionLine } from './family.ts';
import { isFiller, isFirstName, peopleNouns, withoutEcho } from '../understanding/index.ts';

/** The order of a life, used when the person has not said which themes they want. */
// A table: one line per entry reads better than one line per word.
// prettier-ignore
const LIFE_ORDER: readonly ThemeId[] = [
  'childhood', 'family', 'origins', 'school', 'youth', 'love', 'work', 'homes', 'children',
  'friendship', 'passions', 'travels', 'traditions', 'history', 'pride', 'trials', 'transmission',
];

/** Words of a short answer under which the engine asks for more. */
const SHORT_ANSWER_WORDS = 4;
/** Words over which an answer is thanked as a long one. */
const LONG_ANSWER_WORDS = 120;
/** Questions on one theme before moving on, whatever was said. */
const MAX_EXCHANGES_PER_THEME = 5;
/** Follow-ups in a row before going back to the bank, so the interview also moves forward. */
const MAX_FOLLOW_UPS_IN_A_ROW = 3;
/** Ages and years the last-resort questions walk through. */
const OPEN_AGES = [
  6, 8, 10, 12, 14, 16, 18, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80,
] as const;
const OPEN_YEARS_FROM = 1925;
const OPEN_YEARS_TO = 2030;

const DETAIL_WEIGHT: Record<DetailKind, number> = {
  person: 5,
  place: 4,
  sense: 4,
  time: 3,
  feeling: 3,
  animal: 5,
  firm: 4,
  school: 4,
  food: 3,
};

/** Points for each degree of care she showed for a detail (said again, « j'adorais »): what she cared about first. */
const CARE_WEIGHT = 2;

/** Follow-ups that ask who or where: never asked when the answer just said it (issue 30). */
const ASKS_WHO =
  /(?:^|[^\p{L}'’])(?:qui (?:comptait|était|\{fréquent|\{côtoy)|avec qui|who (?:mattered|was by|did you (?:spend|work|play))|with whom)/iu;
const ASKS_WHERE = /(?:^|[^\p{L}'’])(?:où (?:\{habit|\{viv)|where were you)/iu;

/** One planned turn: the reply and, apart, the question it ends with (tests check questions never repeat). */
export interface PlannedTurn extends InterviewerReply {
  question: string;
}

/**
 * The people a question speaks of (peopleNouns), kept per question: the bank's questions are read again
 * at every turn whose answer spoke of someone, hundreds of them, and they never change.
 */
const peopleOfQuestions = new Map<string, Set<string>>();
function questionPeople(question: string, language: Language): Set<string> {
  const key = `${language}\n${question}`;
  let found = peopleOfQuestions.get(key);
  if (!found) {
    // Bounded: besides the banks' questions, those made from her profile and her answers.
    if (peopleOfQuestions.size >= 10_000) peopleOfQuestions.clear();
    found = peopleNouns(question, language);
    peopleOfQuestions.set(key, found);
  }
  return found;
}

export class EmbeddedInterviewer implements Interviewer {
  readonly kind = 'embedded' as const;

  async opening(ctx: InterviewContext, signal?: AbortSignal): Promise<InterviewerReply> {
    signal?.throwIfAborted();
    const { content, questionId, theme } = planOpening(ctx);
    return { content, questionId, theme };
  }

  async reply(ctx: InterviewContext, signal?: AbortSignal): Promise<InterviewerReply> {
    signal?.throwIfAborted();
    const { content, questionId, theme } = planReply(ctx);
    return { content, questionId, theme };
  }
}

interface Question {
  id: string;
  theme: ThemeId | null;
  text: string;
}

/** Everything a turn needs, read once from the context. */
class Turn {
  readonly language: Language;
  readonly book: Phrasebook;
  readonly profile: PersonProfile;
  readonly register: Register;
  readonly used: Set<string>;
  /** bank questions that would ask again what she already told (redundant.ts): never asked */
  readonly redundant: Set<string>;
  readonly chapter: TranscriptMessage[];
  readonly assistant: TranscriptMessage[];
  readonly earlierThemes: Set<ThemeId>;
  readonly chapterThemes: Set<ThemeId>;
  readonly seed: number;
  readonly bank: readonly BankQuestion[];
  /**
   * People the last answer just spoke of, by their relation or role (« père », « maîtresse »): a bank
   * question about them would ask what she has just told (issue 30). Empty outside a reply.
   */
  justSaid: ReadonlySet<string> = new Set();
  /** The last answer, as she said it (empty outside a reply). */
  justHeard = '';

  constructor(readonly ctx: InterviewContext) {
    this.language = ctx.language === 'en' ? 'en' : 'fr';
    this.book = getPhrasebook(this.language);
    this.profile = readProfile(ctx);
    this.register = this.profile.address.register;
    this.bank = getBank(this.language);
    this.chapter = ctx.messages ?? [];
    this.assistant = this.chapter.filter((m) => m.type === 'assistant');
    this.used = new Set([
      ...(ctx.askedQuestionIds ?? []),
      ...this.assistant.map((m) => m.questionId).filter((id): id is string => !!id),
    ]);
    this.redundant = redundantQuestions(
      this.used,
      new Set((ctx.profile ?? []).filter((p) => p.answer?.trim()).map((p) => p.questionId)),
    );
    this.earlierThemes = new Set(
      (ctx.earlierChapters ?? []).flatMap((c) =>
        (c.themes ?? []).flatMap((t) => (isThemeId(t) ? [t] : parseThemeAnswer(t))),
      ),
    );
    this.chapterThemes = new Set(this.assistant.map((m) => m.theme).filter(isThemeId));
    const lastUser = [...this.chapter].reverse().find((m) => m.type === 'user')?.content ?? '';
    this.seed = hash32(
      [
        this.profile.seed,
        this.used.size,
        this.chapter.length,
        (ctx.earlierChapters ?? []).length,
        lastUser,
      ].join('|'),
    );
  }

  /** A number that varies with the context and the purpose, never with the clock or chance. */
  pick(purpose: string): number {
    return hash32(`${this.seed}:${purpose}`);
  }

  say(template: string, slots: Record<string, string> = {}, gender?: Detail['gender']): string {
    return render(template, { language: this.language, register: this.register, gender, slots });
  }

  topic(theme: ThemeId): string {
    return applyRegister(getTheme(theme).topic[this.language], this.register);
  }

  unusedBank(theme: ThemeId): BankQuestion[] {
    return this.bank.filter(
      (q) =>
        q.theme === theme &&
        !this.used.has(q.id) &&
        !this.redundant.has(q.id) &&
        !this.answeredNow(q.text),
    );
  }

  /** The bank question asks about someone the last answer has just spoken of. */
  answeredNow(question: string): boolean {
    if (this.justSaid.size === 0) return false;
    for (const noun of questionPeople(question, this.language))
      if (this.justSaid.has(noun)) return true;
    return false;
  }

  hookId(hook: ProfileHook): string {
    return `profile:${hook.source}:${shortHash(hook.idSeed)}`;
  }

  unusedHooks(theme: ThemeId): ProfileHook[] {
    return this.profile.hooks.filter((h) => h.theme === theme && !this.used.has(this.hookId(h)));
  }

  remaining(theme: ThemeId): number {
    if (theme === 'children' && this.profile.hasChildren === false) return 0;
    return this.unusedBank(theme).length + this.unusedHooks(theme).length;
  }
}

export function planOpening(ctx: InterviewContext): PlannedTurn {
  const turn = new Turn(ctx);
  const { book } = turn;
  const name = turn.profile.address.name;
  const earlier = ctx.earlierChapters ?? [];
  const parts: string[] = [];
  const greetings = earlier.length === 0 ? book.greetingFirst : book.greetingAgain;
  const greetingList = name ? greetings.named : greetings.anonymous;
  parts.push(
    turn.say(greetingList[turn.pick('greeting') % greetingList.length]!, name ? { name } : {}),
  );
  if (earlier.length === 0) {
    parts.push(turn.say(book.introFirst[turn.pick('intro') % book.introFirst.length]!));
  } else {
    const title = earlier[earlier.length - 1]?.title?.trim();
    if (title)
      parts.push(turn.say(book.lastTime[turn.pick('last') % book.lastTime.length]!, { title }));
  }
  // A question from her family comes before the bank's (issue 31); the bank takes over at the next turn.
  const family = ctx.familyQuestion;
  if (family) {
    const text = familyQuestionLine(family, turn.language, turn.register);
    parts.push(text);
    return {
      content: parts.join(' '),
      questionId: `family:${family.id}`,
      theme: null,
      question: text,
    };
  }
  // The weekly question's link (issue 31) names the bank question to open on (the chat checked it).
  const weekly = ctx.openingQuestionId
    ? turn.bank.find((q) => q.id === ctx.openingQuestionId)
    : undefined;
  const theme = weekly ? weekly.theme : chooseTheme(turn, null);
  const question = weekly
    ? { id: weekly.id, theme: weekly.theme, text: turn.say(weekly.text) }
    : theme
      ? firstQuestionOf(turn, theme)
      : null;
  const chosen = question ?? fallbackQuestion(turn, null);
  if (chosen.theme) {
    parts.push(
      turn.say(book.themeIntro[turn.pick('intro-theme') % book.themeIntro.length]!, {
        topic: turn.topic(chosen.theme),
      }),
    );
  }
  parts.push(chosen.text);
  return {
    content: parts.join(' '),
    questionId: chosen.id,
    theme: chosen.theme,
    question: chosen.text,
  };
}

export function planReply(ctx: InterviewContext): PlannedTurn {
  const turn = new Turn(ctx);
  const answer = trailingAnswer(turn.chapter);
  const words = countWords(answer);
  const norm = normalize(answer).trim();
  const lastAssistant = turn.assistant[turn.assistant.length - 1];
  const currentTheme = isThemeId(lastAssistant?.theme) ? lastAssistant.theme : null;
  const streak = themeStreak(turn.assistant, currentTheme);
  const budget =
    3 + (hash32(`${turn.profile.seed}:${(ctx.earlierChapters ?? []).length}:${currentTheme}`) % 3);
  const followUpsInARow = trailingCount(
    turn.assistant,
    (m) => !!m.questionId?.startsWith('follow:'),
  );

  const refusal = words <= 30 && saysRefusal(norm, turn.language);
  const unsure = !refusal && words <= 12 && saysUnsure(norm, turn.language);
  const asksBack =
    !refusal &&
    !unsure &&
    words <= 15 &&
    /\?\s*$/.test(answer) &&
    asksTheInterviewer(norm, turn.language);
  const details =
    refusal || unsure
      ? []
      : // Words of the question read back by the recogniser are not hers.
        detectDetails(withoutEcho(answer, lastAssistant?.content), turn.language, {
          register: turn.register,
          ownNames: turn.profile.address.ownNames,
        });

  turn.justHeard = answer;
  // Someone she has just spoken of (« mon père était cheminot ») is not asked about again by the bank.
  if (details.some((d) => d.kind === 'person')) turn.justSaid = peopleNouns(answer, turn.language);

  // Transitions land in `parts`; the acknowledgement is put in front once the question is known.
  const parts: string[] = [];
  let next: Question | null = null;
  let kind: AckKind | null = null;

  if (refusal) {
    kind = 'refusal';
    next = transition(turn, currentTheme, parts);
  } else if (unsure) {
    kind = 'unsure';
    next =
      (streak < budget ? nextInTheme(turn, currentTheme) : null) ??
      transition(turn, currentTheme, parts);
  } else {
    if (asksBack) kind = 'questionBack';
    const short = words <= SHORT_ANSWER_WORDS;
    if (
      short &&
      details.length === 0 &&
      !asksBack &&
      !lastAssistant?.questionId?.startsWith('more:')
    ) {
      next = askForMore(turn, currentTheme);
    }
    if (!next && !asksBack) kind = short ? 'neutral' : ackKind(turn, answer, words);
    // Past the theme's budget, one last follow-up is still allowed when the person just named someone or somewhere.
    const vivid = details.some(
      (d) => d.kind !== 'time' && d.kind !== 'feeling' && d.kind !== 'sense',
    );
    if (
      !next &&
      streak >= budget &&
      vivid &&
      followUpsInARow === 0 &&
      streak < MAX_EXCHANGES_PER_THEME
    ) {
      next = followUp(turn, details, answer.length, currentTheme);
    }
    if (!next && streak >= budget) next = transition(turn, currentTheme, parts);
    if (!next && details.length > 0 && followUpsInARow < MAX_FOLLOW_UPS_IN_A_ROW) {
      next = followUp(turn, details, answer.length, currentTheme);
    }
    if (!next) next = nextInTheme(turn, currentTheme);
    if (!next && details.length > 0) next = followUp(turn, details, answer.length, currentTheme);
    if (!next) next = transition(turn, currentTheme, parts);
  }
  const chosen = next ?? fallbackQuestion(turn, currentTheme);
  if (kind) parts.unshift(ack(turn, kind, chosen.text));
  parts.push(chosen.text);
  return {
    content: parts.join(' '),
    questionId: chosen.id,
    theme: chosen.theme,
    question: chosen.text,
  };
}

/** The person's answer: every user message since the last assistant one (a failed turn leaves two). */
function trailingAnswer(messages: TranscriptMessage[]): string {
  const answers: string[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]!.type === 'user'; i--)
    answers.unshift(messages[i]!.content);
  return answers.join('\n').trim();
}

function trailingCount(
  messages: TranscriptMessage[],
  test: (m: TranscriptMessage) => boolean,
): number {
  let count = 0;
  for (let i = messages.length - 1; i >= 0 && test(messages[i]!); i--) count++;
  return count;
}

function themeStreak(assistant: TranscriptMessage[], theme: ThemeId | null): number {
  return theme ? trailingCount(assistant, (m) => m.theme === theme) : 0;
}

/**
 * The next theme. A chapter opens on a theme the person asked for and no earlier chapter covered; within a
 * chapter the talk moves to a neighbouring theme first (childhood, then school…), so a chapter stays one story.
 */
function chooseTheme(turn: Turn, current: ThemeId | null): ThemeId | null {
  const wanted = turn.profile.wantedThemes;
  const related = current ? getTheme(current).related : [];
  const open = THEME_IDS.filter(
    (t) => t !== current && !turn.chapterThemes.has(t) && turn.remaining(t) > 0,
  );
  const isNew = (t: ThemeId) => open.includes(t) && !turn.earlierThemes.has(t);
  const wantedNew = wanted.filter(isNew);
  const lifeNew = LIFE_ORDER.filter(isNew);
  const tiers: ThemeId[][] = [
    ...(current ? [related.filter((t) => wantedNew.includes(t)), related.filter(isNew)] : []),
    wantedNew,
    lifeNew,
    [
      ...wanted.filter((t) => open.includes(t)),
      ...[...open].sort(
        (a, b) =>
          turn.remaining(b) - turn.remaining(a) || LIFE_ORDER.indexOf(a) - LIFE_ORDER.indexOf(b),
      ),
    ],
  ];
  for (const tier of tiers) if (tier.length > 0) return tier[0]!;
  // Every theme visited in this chapter already: go back to one that still has questions.
  return THEME_IDS.find((t) => t !== current && turn.remaining(t) > 0) ?? null;
}

/** Entering a theme: something from onboarding first, then an opening question. */
function firstQuestionOf(turn: Turn, theme: ThemeId): Question | null {
  const hook = turn.unusedHooks(theme)[0];
  if (hook) return hookQuestion(turn, hook);
  const candidates = turn.unusedBank(theme);
  const openings = candidates.filter((q) => q.depth === 'opening');
  const pool = openings.length > 0 ? openings : candidates;
  const chosen = rotate(pool, turn.pick(`first:${theme}`))[0];
  return chosen ? { id: chosen.id, theme, text: turn.say(chosen.text) } : null;
}

/** Staying in the theme: deeper questions first. */
function nextInTheme(turn: Turn, theme: ThemeId | null): Question | null {
  if (!theme || turn.remaining(theme) === 0) return null;
  const hook = turn.unusedHooks(theme)[0];
  if (hook) return hookQuestion(turn, hook);
  const candidates = turn.unusedBank(theme);
  const deeper = candidates.filter((q) => q.depth === 'deeper');
  const pool = deeper.length > 0 ? deeper : candidates;
  const chosen = rotate(pool, turn.pick(`next:${theme}`))[0];
  return chosen ? { id: chosen.id, theme, text: turn.say(chosen.text) } : null;
}

function transition(turn: Turn, current: ThemeId | null, parts: string[]): Question | null {
  const theme = chooseTheme(turn, current);
  const question = theme ? firstQuestionOf(turn, theme) : null;
  if (!question || !theme) return null;
  const templates = turn.book.transition;
  parts.push(
    turn.say(templates[turn.pick('transition') % templates.length]!, { topic: turn.topic(theme) }),
  );
  return question;
}

function hookQuestion(turn: Turn, hook: ProfileHook): Question {
  const { hooks } = turn.book;
  const id = turn.hookId(hook);
  let text: string;
  switch (hook.source) {
    case 'birth':
      text = hook.detail
        ? turn.say(hooks.birthPlace, { place: hook.detail.phrase })
        : turn.say(hooks.birthYear, { year: String(turn.profile.birthYear) });
      break;
    case 'family':
    case 'children':
      text = turn.say(hooks[hook.source], { person: hook.detail!.phrase });
      break;
    case 'work':
    case 'audience':
      text = turn.say(hooks[hook.source], { quote: hook.quote! });
      break;
  }
  return { id, theme: hook.theme, text };
}

function askForMore(turn: Turn, theme: ThemeId | null): Question | null {
  const templates = turn.book.more;
  const start = turn.pick('more') % templates.length;
  for (let i = 0; i < templates.length; i++) {
    const index = (start + i) % templates.length;
    const id = `more:${index}`;
    if (!turn.used.has(id)) return { id, theme, text: turn.say(templates[index]!) };
  }
  return null;
}

/** A follow-up on the most telling detail just said, with a template never used on it before. */
function followUp(
  turn: Turn,
  details: Detail[],
  answerLength: number,
  theme: ThemeId | null,
): Question | null {
  const lastFollowKind = [...turn.assistant]
    .reverse()
    .find((m) => m.questionId?.startsWith('follow:'))
    ?.questionId?.split(':')[1];
  const chapterIds = turn.assistant.map((m) => m.questionId ?? '');
  // What the answer already says is not asked again: « j'ai épousé Robert en 1962 » answers "who, in 1962",
  // and so does « Simone, je l'ai rencontrée… », a name opening the answer that is no detail to follow.
  const saidWho =
    details.some((d) => d.kind === 'person') || namesSomeone(turn.justHeard, turn.language);
  const saidWhere = details.some(
    (d) => d.kind === 'place' || d.kind === 'firm' || d.kind === 'school',
  );
  const scored = details
    .map((detail) => {
      const prefix = `follow:${detail.kind}:${shortHash(detail.key)}-`;
      const recency = answerLength > 0 ? (2 * detail.at) / answerLength : 0;
      const score =
        DETAIL_WEIGHT[detail.kind] +
        CARE_WEIGHT * (detail.care ?? 0) -
        (detail.kind === lastFollowKind ? 3 : 0) +
        recency +
        (hash32(`${turn.seed}:${detail.key}`) % 100) / 1000;
      return { detail, prefix, score };
    })
    // A detail already followed up in this chapter is not pressed a second time.
    .filter(({ prefix }) => !chapterIds.some((id) => id.startsWith(prefix)))
    .sort((a, b) => b.score - a.score);
  for (const { detail, prefix } of scored) {
    const templates = turn.book.followUps[detail.kind];
    const slots = followUpSlots(detail);
    if (detail.kind === 'time' && detail.year && turn.profile.birthYear) {
      const age = detail.year - turn.profile.birthYear;
      if (age >= 1 && age <= 110) slots.age = String(age);
    }
    const start = hash32(`${turn.seed}:${detail.key}:template`) % templates.length;
    for (let i = 0; i < templates.length; i++) {
      const index = (start + i) % templates.length;
      const template = templates[index]!;
      if (needsGender(template) && !detail.gender) continue;
      if (template.includes('{age}') && !slots.age) continue;
      if (/placenoun\}/i.test(template) && !slots.placenoun) continue;
      if (/\{place\}/i.test(template) && !slots.place) continue;
      if (saidWho && ASKS_WHO.test(template)) continue;
      if (saidWhere && ASKS_WHERE.test(template)) continue;
      // A year that dates what she did is asked about as a moment; a period, as a time of life.
      if (detail.kind === 'time' && index >= EVENT_TIME_FROM !== !!detail.event) continue;
      const id = `${prefix}${index}`;
      if (turn.used.has(id)) continue;
      return { id, theme, text: turn.say(template, slots, detail.gender) };
    }
  }
  return null;
}

/**
 * The answer speaks of someone: a relation or a role (« mon mari », "the manager"), or a first name wherever
 * it stands, even opening the answer or in lower case from speech (« simone je l'ai rencontrée… »).
 */
function namesSomeone(answer: string, language: Language): boolean {
  if (!answer) return false;
  if (peopleNouns(answer, language).size > 0) return true;
  for (const [word] of answer.matchAll(/[\p{L}]+(?:-[\p{L}]+)*/gu))
    if (word.length >= 3 && !isFiller(word, language) && isFirstName(word, language)) return true;
  return false;
}

/**
 * The slots of a detail's follow-ups. Names that are no person reuse the others' slots (phrases.fr.ts): an
 * animal is said as {person}, a firm or a school as {place} (« chez Manufrance ») and {placenoun}, a food or
 * a drink as {sense}.
 */
function followUpSlots(detail: Detail): Record<string, string> {
  switch (detail.kind) {
    case 'animal':
      return { person: detail.phrase };
    case 'firm':
    case 'school':
      return { placenoun: detail.phrase, ...(detail.where ? { place: detail.where } : {}) };
    case 'food':
      return { sense: detail.phrase };
    default:
      return {
        [detail.kind]: detail.phrase,
        ...(detail.noun ? { placenoun: detail.noun } : {}),
      };
  }
}

/** When the bank is used up: open questions per theme, then by age, then by year — each asked once. */
function fallbackQuestion(turn: Turn, current: ThemeId | null): Question {
  const { book } = turn;
  const themes = [
    ...(current ? [current] : []),
    ...turn.profile.wantedThemes,
    ...LIFE_ORDER,
  ].filter(
    (t, i, all) =>
      all.indexOf(t) === i && !(t === 'children' && turn.profile.hasChildren === false),
  );
  for (const theme of themes) {
    for (let k = 0; k < book.open.length; k++) {
      const id = `open:${theme}:${k}`;
      if (!turn.used.has(id))
        return { id, theme, text: turn.say(book.open[k]!, { topic: turn.topic(theme) }) };
    }
  }
  const birthYear = turn.profile.birthYear;
  for (const age of OPEN_AGES) {
    if (birthYear && birthYear + age > OPEN_YEARS_TO) continue;
    for (let k = 0; k < book.openAge.length; k++) {
      const id = `open:age:${age}:${k}`;
      if (!turn.used.has(id))
        return { id, theme: null, text: turn.say(book.openAge[k]!, { age: String(age) }) };
    }
  }
  for (let year = Math.max(OPEN_YEARS_FROM, (birthYear ?? 0) + 5); year <= OPEN_YEARS_TO; year++) {
    for (let k = 0; k < book.openYear.length; k++) {
      const id = `open:year:${year}:${k}`;
      if (!turn.used.has(id))
        return { id, theme: null, text: turn.say(book.openYear[k]!, { year: String(year) }) };
    }
  }
  // Past several hundred questions: the last more-prompt that was never asked, else the first open question.
  const more = askForMore(turn, current);
  return (
    more ?? {
      id: `open:${themes[0]}:0`,
      theme: themes[0] ?? null,
      text: turn.say(book.open[0]!, { topic: turn.topic(themes[0] ?? 'childhood') }),
    }
  );
}

type AckKind = keyof Phrasebook['ack'];

function ackKind(turn: Turn, answer: string, words: number): AckKind {
  if (soundsHeavy(answer, turn.language)) return 'heavy';
  if (words > LONG_ANSWER_WORDS) return 'long';
  const name = turn.profile.address.name;
  const recent = turn.assistant.slice(-3).map((m) => m.content);
  if (name && turn.pick('named') % 4 === 0 && !recent.some((c) => c.includes(name))) return 'named';
  return 'neutral';
}

/** A short acknowledgement, never the same as one of the last few, and not echoing the question's words. */
function ack(turn: Turn, kind: AckKind, question: string): string {
  const templates = turn.book.ack[kind];
  const name = turn.profile.address.name ?? '';
  const recent = turn.assistant.slice(-4).map((m) => m.content);
  const questionWords = new Set(contentWords(question));
  const start = turn.pick(`ack:${kind}`) % templates.length;
  let fallback = '';
  for (let i = 0; i < templates.length; i++) {
    const text = turn.say(templates[(start + i) % templates.length]!, { name });
    fallback ||= text;
    if (recent.some((c) => c.startsWith(text))) continue;
    if (contentWords(text).some((w) => questionWords.has(w))) continue;
    return text;
  }
  return fallback;
}

/** Words long enough to sound repeated when said twice in a row ("souvenir… souvenir"). */
function contentWords(text: string): string[] {
  return normalize(text)
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 6);
}

function saysRefusal(norm: string, language: Language): boolean {
  return language === 'fr'
    ? /\b(je (ne )?(veux|voudrais|prefere|souhaite) (pas|ne pas|plutot pas)|je n'ai pas envie|pas envie d'en parler|je prefere ne pas|passons|changeons de sujet|parlons d'autre chose|autre question|question suivante|je ne souhaite pas en parler)\b/.test(
        norm,
      )
    : /\b(i'?d rather not|i would rather not|i don'?t want to (talk|say|go into)|i do not want to (talk|say)|let'?s move on|next question|change the subject|skip (this|that|it)|prefer not to)\b/.test(
        norm,
      );
}

function saysUnsure(norm: string, language: Language): boolean {
  return language === 'fr'
    ? /^(euh\W*)?(je ne sais (pas|plus)|je sais pas|j'sais pas|aucune idee|je ne me (souviens|rappelle) (pas|plus)|je me souviens (pas|plus)|je ne m'en souviens (pas|plus)|pas de souvenirs?|rien|pas vraiment|bof|je n'en sais rien|j'ai oublie|aucun souvenir)\b/.test(
        norm,
      )
    : /^(um+\W*|hmm+\W*)?(i don'?t know|i do not know|no idea|i don'?t remember|i can'?t remember|i do not remember|nothing|not really|i forget|i'?ve forgotten|dunno)\b/.test(
        norm,
      );
}

function asksTheInterviewer(norm: string, language: Language): boolean {
  return language === 'fr'
    ? /\b(et vous|vous-meme|et toi|toi-meme|qui etes-vous|tu es qui)\b/.test(norm)
    : /\b(and you|yourself|who are you|what about you)\b/.test(norm);
}
