// « Raconter ma propre histoire »: a member who has no story of her own is shown her circles when she
// opens `/` (src/app/routes/home-loader.ts). Choosing to tell her own story is remembered for this tab,
// so that `/` then leads to the storyteller's onboarding and home as for anyone; once she has a chapter
// or answered the onboarding, `/` no longer asks.
const INTENT_KEY = 'chapitres.ownStory';

export function rememberOwnStoryIntent(): void {
  try {
    window.sessionStorage.setItem(INTENT_KEY, '1');
  } catch {
    // Private mode: `/` shows her circles again, with the same button.
  }
}

export function wantsOwnStory(): boolean {
  try {
    return window.sessionStorage.getItem(INTENT_KEY) === '1';
  } catch {
    return false;
  }
}

export function forgetOwnStoryIntent(): void {
  try {
    window.sessionStorage.removeItem(INTENT_KEY);
  } catch {
    // Nothing was kept.
  }
}
