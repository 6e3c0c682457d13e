// The home-screen shortcut « Nouveau chapitre » (`/?action=new-chapter`, manifest/manifest.ts): the wish
// is kept for this tab while the person first signs in or answers the onboarding questions, then the
// home page starts the chapter, once. It expires, so a chapter never starts long after the tap.
// The weekly question's mail and notification (issue 31) add the bank question to open on:
// `/?action=new-chapter&question=<id>`; it is kept with the wish and handed to POST /conversations.
export const NEW_CHAPTER_ACTION = 'new-chapter';
export const NEW_CHAPTER_SHORTCUT = `/?action=${NEW_CHAPTER_ACTION}`;
const KEY = 'chapitres.newChapterIntent';
const INTENT_LIFETIME_MS = 30 * 60 * 1000;
/** A bank question id is short and plain (`childhood.first_memory`); anything else is left out. */
const QUESTION_ID = /^[\w.:-]{1,100}$/;

export interface NewChapterIntent {
  /** The bank question the chapter opens on, or null for the biographer's own choice. */
  questionId: string | null;
}

function paramsOf(search: string | URLSearchParams): URLSearchParams {
  return typeof search === 'string' ? new URLSearchParams(search) : search;
}

export function isNewChapterShortcut(search: string | URLSearchParams): boolean {
  return paramsOf(search).get('action') === NEW_CHAPTER_ACTION;
}

/** The question a shortcut's address names (`&question=`), or null (none, or not the shortcut). */
export function shortcutQuestionId(search: string | URLSearchParams): string | null {
  const params = paramsOf(search);
  if (params.get('action') !== NEW_CHAPTER_ACTION) return null;
  const id = params.get('question')?.trim() ?? '';
  return QUESTION_ID.test(id) ? id : null;
}

/** The shortcut's address, with the question to open on when there is one. */
export function newChapterShortcut(questionId: string | null = null): string {
  return questionId && QUESTION_ID.test(questionId)
    ? `${NEW_CHAPTER_SHORTCUT}&question=${encodeURIComponent(questionId)}`
    : NEW_CHAPTER_SHORTCUT;
}

export function rememberNewChapterIntent(now = Date.now(), questionId: string | null = null): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ at: now, questionId }));
  } catch {
    // Storage disabled: the shortcut still works when the person is already signed in.
  }
}

export function forgetNewChapterIntent(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/** A recent shortcut tap waiting (with its question), or null; forgets it either way (used once). */
export function takeNewChapterIntent(now = Date.now()): NewChapterIntent | null {
  let kept: string | null;
  try {
    kept = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  forgetNewChapterIntent();
  if (!kept) return null;
  let at = Number(kept);
  let questionId: string | null = null;
  // A bare time was kept before the question came along (issue 31).
  if (Number.isNaN(at)) {
    try {
      const parsed = JSON.parse(kept) as { at?: unknown; questionId?: unknown };
      at = typeof parsed.at === 'number' ? parsed.at : 0;
      questionId =
        typeof parsed.questionId === 'string' && QUESTION_ID.test(parsed.questionId)
          ? parsed.questionId
          : null;
    } catch {
      return null;
    }
  }
  return at > 0 && now - at < INTENT_LIFETIME_MS ? { questionId } : null;
}
