// The address a signed-out visitor asked for, remembered across the login (and sign-up) round trip.
import { readStorage, removeStorage, storageKeys, writeStorage } from './storage';

// Only same-origin paths are kept: a stored "//evil.example" or "https://…" would turn the login
// into an open redirect.
export function isSafeReturnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function rememberReturnTo(path: string): void {
  if (isSafeReturnPath(path)) writeStorage(storageKeys.returnTo, path);
}

export function forgetReturnTo(): void {
  removeStorage(storageKeys.returnTo);
}

/** Reads and forgets the remembered address, so it is used once. */
export function consumeReturnTo(): string | null {
  const path = readStorage(storageKeys.returnTo);
  forgetReturnTo();
  return path && isSafeReturnPath(path) ? path : null;
}
