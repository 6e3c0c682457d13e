// The app's few localStorage keys (token, user, language, return address) and safe access to them.
// localStorage throws in some private modes and when full: a failed write must never crash a screen.

export const storageKeys = {
  token: 'chapitres.token',
  user: 'chapitres.user',
  lang: 'chapitres.lang',
  /** Set while a language chosen on this device has not reached the account yet (language-choice.ts). */
  langPending: 'chapitres.langPending',
  returnTo: 'chapitres.returnTo',
  queryCache: 'chapitres.queryCache',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Quota or privacy mode: the value simply lives for this page only.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored means nothing to remove.
  }
}
