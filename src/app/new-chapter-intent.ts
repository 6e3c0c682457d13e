// The home-screen shortcut « Nouveau chapitre » (`/?action=new-chapter`, manifest/manifest.ts): the wish
// is kept for this tab while the person first signs in or answers the onboarding questions, then the
// home page starts the chapter, once. It expires, so a chapter never starts long after the tap.
export const NEW_CHAPTER_ACTION = 'new-chapter';
export const NEW_CHAPTER_SHORTCUT = `/?action=${NEW_CHAPTER_ACTION}`;
const KEY = 'chapitres.newChapterIntent';
const INTENT_LIFETIME_MS = 30 * 60 * 1000;

export function isNewChapterShortcut(search: string | URLSearchParams): boolean {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return params.get('action') === NEW_CHAPTER_ACTION;
}

export function rememberNewChapterIntent(now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, String(now));
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

/** Whether a recent shortcut tap is waiting; forgets it either way (used once). */
export function takeNewChapterIntent(now = Date.now()): boolean {
  let at: number;
  try {
    at = Number(sessionStorage.getItem(KEY));
  } catch {
    return false;
  }
  forgetNewChapterIntent();
  return at > 0 && now - at < INTENT_LIFETIME_MS;
}
