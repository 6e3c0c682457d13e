// The book wizard's state (spec §3 Wizard saved state, §4 Book wizard, §5 Wizard validation) as pure
// data and functions: the shape, reading and writing it in localStorage, the rules of each step, the
// order of the chosen chapters and the POST /books payload. No React here.
//
// Where it is stored: localStorage under `chapitres.bookWizard`, written on every change so that a reload
// reopens the same step with everything typed. The spec says the wizard never clears it; we clear it
// after a SUCCESSFUL creation only, so the next book starts fresh (a failed creation keeps it all).
import {
  MAX_BOOK_AUTHOR_LENGTH,
  MAX_BOOK_CHAPTERS,
  MAX_BOOK_DEDICATION_LENGTH,
  MAX_BOOK_SUBTITLE_LENGTH,
  MAX_BOOK_SUMMARY_LENGTH,
  MAX_BOOK_TITLE_LENGTH,
  MIN_BOOK_CHAPTERS,
  type BookImageRef,
  type BookSuggestionsWire,
  type CreateBookPayload,
} from './api/types';

export const WIZARD_STORAGE_KEY = 'chapitres.bookWizard';
/** Steps 1 to 6 are the modals; 0 is the introduction. */
export const WIZARD_STEP_COUNT = 6;
export const MIN_AUTHOR_LENGTH = 3;

export type WizardStep = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A picked picture: the reference sent to the server plus its address, to show it again after a reload. */
export interface WizardImage extends BookImageRef {
  url: string;
}

export interface BookParameters {
  title: string;
  subtitle: string;
  author: string;
  bookSummary: string;
  dedication: string;
  coverImage: WizardImage | null;
  authorImage: WizardImage | null;
  largePrint: boolean;
  /** Issue 20: a code per chapter with recorded answers, opening a page that plays them. */
  voiceCodes: boolean;
}

export interface WizardState {
  /** Chapter ids in the order they were chosen. */
  selectedConversations: string[];
  /** Chapter ids in the book's order (step 2). */
  sortedConversations: string[];
  bookParameters: BookParameters;
  currentStep: WizardStep;
}

export function emptyWizardState(author = ''): WizardState {
  return {
    selectedConversations: [],
    sortedConversations: [],
    bookParameters: {
      title: '',
      subtitle: '',
      author: author.slice(0, MAX_BOOK_AUTHOR_LENGTH),
      bookSummary: '',
      dedication: '',
      coverImage: null,
      authorImage: null,
      largePrint: false,
      voiceCodes: false,
    },
    currentStep: 0,
  };
}

// ---------------------------------------------------------------- storage

/** What is written: the state plus the account it belongs to, so another person on the device never sees it. */
interface StoredWizardState extends WizardState {
  owner: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((item): item is string => typeof item === 'string' && !!item))];
}

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

function image(value: unknown): WizardImage | null {
  if (!isRecord(value)) return null;
  const { conv_id, image_id, url } = value;
  if (typeof image_id !== 'string' || !image_id) return null;
  if (conv_id !== null && typeof conv_id !== 'string') return null;
  return { conv_id, image_id, url: typeof url === 'string' ? url : '' };
}

function step(value: unknown): WizardStep {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6
    ? (value as WizardStep)
    : 0;
}

/**
 * Reads a saved state; anything unreadable (old shape, hand-edited, another account's) gives null.
 * Missing fields take their empty value, so an older saved state still opens.
 */
export function parseWizardState(raw: string | null, owner: string | null): WizardState | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    console.warn('Book wizard: the saved state could not be read', error);
    return null;
  }
  if (!isRecord(parsed)) {
    console.warn('Book wizard: the saved state has an unknown shape');
    return null;
  }
  if (typeof parsed.owner === 'string' && owner !== null && parsed.owner !== owner) return null;
  const params = isRecord(parsed.bookParameters) ? parsed.bookParameters : {};
  const selected = stringList(parsed.selectedConversations);
  return {
    selectedConversations: selected,
    sortedConversations: stringList(parsed.sortedConversations).filter((id) =>
      selected.includes(id),
    ),
    bookParameters: {
      title: text(params.title, MAX_BOOK_TITLE_LENGTH),
      subtitle: text(params.subtitle, MAX_BOOK_SUBTITLE_LENGTH),
      author: text(params.author, MAX_BOOK_AUTHOR_LENGTH),
      bookSummary: text(params.bookSummary, MAX_BOOK_SUMMARY_LENGTH),
      dedication: text(params.dedication, MAX_BOOK_DEDICATION_LENGTH),
      coverImage: image(params.coverImage),
      authorImage: image(params.authorImage),
      largePrint: params.largePrint === true,
      voiceCodes: params.voiceCodes === true,
    },
    currentStep: step(parsed.currentStep),
  };
}

/**
 * Where a contributor's wizard for a storyteller's book is kept (issue 31): apart from the person's own
 * book, so neither overwrites the other.
 */
export function circleWizardStorageKey(storytellerId: string): string {
  return `${WIZARD_STORAGE_KEY}.circle.${storytellerId}`;
}

export function loadWizardState(
  owner: string | null,
  key: string = WIZARD_STORAGE_KEY,
): WizardState | null {
  try {
    return parseWizardState(window.localStorage.getItem(key), owner);
  } catch (error) {
    // Storage disabled (private mode): the wizard starts empty. Spec §8: logged only.
    console.warn('Book wizard: the saved state could not be read', error);
    return null;
  }
}

export function saveWizardState(
  state: WizardState,
  owner: string | null,
  key: string = WIZARD_STORAGE_KEY,
): void {
  const stored: StoredWizardState = { ...state, owner };
  try {
    window.localStorage.setItem(key, JSON.stringify(stored));
  } catch (error) {
    // Full or disabled storage: the wizard still works, it just will not survive a reload.
    console.warn('Book wizard: the state could not be saved', error);
  }
}

export function clearWizardState(key: string = WIZARD_STORAGE_KEY): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored means nothing to clear.
  }
}

// ---------------------------------------------------------------- chapters

/**
 * Adds or removes a chapter. A new choice takes its place by date in the book's order when
 * `chronology` (every chapter's id, oldest first) is given: just after the last placed chapter older
 * than it, so chapters chosen in any order stand oldest first; without it, it goes to the end.
 */
export function toggleChapter(
  state: WizardState,
  id: string,
  chronology?: readonly string[],
): WizardState {
  const chosen = state.selectedConversations.includes(id);
  const selectedConversations = chosen
    ? state.selectedConversations.filter((other) => other !== id)
    : [...state.selectedConversations, id];
  const synced = syncOrder(
    selectedConversations,
    state.sortedConversations.filter((other) => other !== id),
  );
  if (!chosen && chronology?.includes(id)) {
    const rank = (other: string) => chronology.indexOf(other);
    const placed = synced.filter((other) => other !== id);
    let after = -1;
    placed.forEach((other, index) => {
      if (rank(other) !== -1 && rank(other) < rank(id)) after = index;
    });
    placed.splice(after + 1, 0, id);
    return { ...state, selectedConversations, sortedConversations: placed };
  }
  return { ...state, selectedConversations, sortedConversations: synced };
}

/**
 * The book's order: the chapters already placed keep their places, newly chosen ones follow in the
 * order they were chosen. With nothing placed yet it is the order of choice (spec §4: step 2 starts
 * with the selected conversations).
 */
export function syncOrder(selected: readonly string[], sorted: readonly string[]): string[] {
  const kept = sorted.filter((id) => selected.includes(id));
  return [...kept, ...selected.filter((id) => !kept.includes(id))];
}

/** Moves one item; `from` and `to` are 0-based indexes. Out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) {
    return [...list];
  }
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/**
 * Drops what no longer exists (a chapter deleted or untitled since the state was saved, a picture of
 * such a chapter). A step beyond the choice of chapters goes back to it when too few are left.
 */
export function pruneWizardState(
  state: WizardState,
  chapters: ReadonlyMap<string, { imageIds: readonly string[] }>,
): WizardState {
  const selected = state.selectedConversations.filter((id) => chapters.has(id));
  const sorted = syncOrder(selected, state.sortedConversations);
  const keepImage = (picked: WizardImage | null) =>
    picked &&
    picked.conv_id !== null &&
    !chapters.get(picked.conv_id)?.imageIds.includes(picked.image_id)
      ? null
      : picked;
  const params = state.bookParameters;
  const coverImage = keepImage(params.coverImage);
  const authorImage = keepImage(params.authorImage);
  const unchanged =
    selected.length === state.selectedConversations.length &&
    sorted.join() === state.sortedConversations.join() &&
    coverImage === params.coverImage &&
    authorImage === params.authorImage;
  if (unchanged) return state;
  const currentStep =
    state.currentStep > 1 && selectionProblem(selected.length) !== null ? 1 : state.currentStep;
  return {
    ...state,
    selectedConversations: selected,
    sortedConversations: sorted,
    bookParameters: { ...params, coverImage, authorImage },
    currentStep,
  };
}

// ---------------------------------------------------------------- rules (spec §5 Wizard)

export type SelectionProblem = 'none' | 'range';

/** Step 1: at least one chapter, and the 4 to 10 the server accepts. */
export function selectionProblem(count: number): SelectionProblem | null {
  if (count === 0) return 'none';
  if (count < MIN_BOOK_CHAPTERS || count > MAX_BOOK_CHAPTERS) return 'range';
  return null;
}

export type AuthorProblem = 'required' | 'tooShort';

/** Step 3: required once trimmed, and at least 3 characters. */
export function authorProblem(author: string): AuthorProblem | null {
  const trimmed = author.trim();
  if (!trimmed) return 'required';
  if (trimmed.length < MIN_AUTHOR_LENGTH) return 'tooShort';
  return null;
}

export interface SummaryProblems {
  /** Title or subtitle empty. */
  titles: boolean;
  summary: boolean;
}

/** Step 4: title and subtitle, and the back-cover summary. Null when all is well. */
export function summaryProblems(params: BookParameters): SummaryProblems | null {
  const titles = !params.title.trim() || !params.subtitle.trim();
  const summary = !params.bookSummary.trim();
  return titles || summary ? { titles, summary } : null;
}

/** True when the person may leave `step` forwards. */
export function canLeaveStep(state: WizardState, from: WizardStep): boolean {
  switch (from) {
    case 1:
      return selectionProblem(state.selectedConversations.length) === null;
    case 3:
      return authorProblem(state.bookParameters.author) === null;
    case 4:
      return summaryProblems(state.bookParameters) === null;
    default:
      return true;
  }
}

// ---------------------------------------------------------------- suggestions and creation

/** Fills only the fields still empty: what the person typed is never replaced (spec §4). */
export function applySuggestions(
  params: BookParameters,
  suggestions: Partial<BookSuggestionsWire> | null | undefined,
): BookParameters {
  if (!suggestions) return params;
  const fill = (current: string, suggested: unknown, max: number) =>
    current.trim() || typeof suggested !== 'string' ? current : suggested.trim().slice(0, max);
  return {
    ...params,
    title: fill(params.title, suggestions.title, MAX_BOOK_TITLE_LENGTH),
    subtitle: fill(params.subtitle, suggestions.subtitle, MAX_BOOK_SUBTITLE_LENGTH),
    bookSummary: fill(params.bookSummary, suggestions.summary, MAX_BOOK_SUMMARY_LENGTH),
    dedication: fill(params.dedication, suggestions.dedication, MAX_BOOK_DEDICATION_LENGTH),
  };
}

/**
 * Suggestions are asked on entering step 4 while a required field (title, subtitle, summary) is empty.
 * The optional dedication alone does not ask again: someone who emptied it on purpose keeps it empty.
 */
export function wantsSuggestions(params: BookParameters): boolean {
  return [params.title, params.subtitle, params.bookSummary].some((value) => !value.trim());
}

function imageRef(picked: WizardImage | null): BookImageRef | null {
  return picked ? { conv_id: picked.conv_id, image_id: picked.image_id } : null;
}

/**
 * The POST /books body, or null when the book cannot be made yet: creation needs an author, a title,
 * a subtitle and at least one chapter in order (spec §5).
 */
export function buildCreatePayload(state: WizardState): CreateBookPayload | null {
  const params = state.bookParameters;
  const author = params.author.trim();
  const title = params.title.trim();
  const subtitle = params.subtitle.trim();
  if (!author || !title || !subtitle || state.sortedConversations.length === 0) return null;
  const dedication = params.dedication.trim();
  return {
    title,
    subtitle,
    author,
    conversation_ids: [...state.sortedConversations],
    summary: params.bookSummary.trim(),
    dedication: dedication ? dedication : null,
    front_cover_image_id: imageRef(params.coverImage),
    back_cover_image_id: imageRef(params.authorImage),
    large_print: params.largePrint,
    voice_codes: params.voiceCodes,
  };
}
