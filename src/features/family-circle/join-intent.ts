// The invitation one chose to accept while signed out: its page is remembered as the address to come
// back to after the sign-up or sign-in (src/lib/return-to.ts), and the token here, for this tab, so
// that coming back accepts it without asking a second time.
import { rememberReturnTo } from '../../lib/return-to';

const INTENT_KEY = 'chapitres.circleJoin';

export function joinPath(token: string): string {
  return `/circle/join?token=${encodeURIComponent(token)}`;
}

export function rememberJoinIntent(token: string): void {
  rememberReturnTo(joinPath(token));
  try {
    window.sessionStorage.setItem(INTENT_KEY, token);
  } catch {
    // Private mode: the person presses « Rejoindre » once more, nothing is lost.
  }
}

/** True (once) when this token was chosen before signing in or up. */
export function takeJoinIntent(token: string): boolean {
  try {
    const stored = window.sessionStorage.getItem(INTENT_KEY);
    if (stored !== token) return false;
    window.sessionStorage.removeItem(INTENT_KEY);
    return true;
  } catch {
    return false;
  }
}
