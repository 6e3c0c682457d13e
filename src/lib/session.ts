// The signed-in session: the access token and the user, kept in localStorage under their own keys (spec §3)
// and observable from React. Shared by the api-client, the route guard, the shell and every feature.
import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, storageKeys, writeStorage } from './storage';

import type { AccountType, UserPublic } from '@contract/accounts';

export type { AccountType };

/** `GET /users/me` as the server sends it (api.md § Accounts, server/src/contract/accounts.ts). */
export type UserWire = UserPublic;

export interface User {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  isCguValid: boolean;
  isCgvValid: boolean;
  isPdcValid: boolean;
  accountType: AccountType;
  currentLanguage: string | null;
  optInMarketing: boolean;
  freeChaptersAllowed: number;
  /**
   * Keep the sound of spoken answers (issue 20): null until asked, undefined when the server does not
   * know recordings (an older server, or a user stored before it).
   */
  recordAnswers?: boolean | null;
  /** True while any of the three terms (use, sale, privacy) still has to be accepted again. */
  needsCGUValidation: boolean;
}

export interface Session {
  token: string;
  user: User | null;
}

export function userFromWire(wire: UserWire): User {
  return withTermsFlag({
    id: wire.id,
    name: wire.full_name ?? '',
    email: wire.email,
    emailVerified: wire.email_verified ?? false,
    isCguValid: wire.is_cgu_valid,
    isCgvValid: wire.is_cgv_valid,
    isPdcValid: wire.is_pdc_valid,
    accountType: wire.account_type === 'multi-users' ? 'multi-users' : 'standard',
    currentLanguage: wire.current_language ?? null,
    optInMarketing: wire.opt_in_marketing ?? false,
    freeChaptersAllowed: wire.free_chapters_allowed ?? 0,
    recordAnswers: wire.record_answers,
  });
}

function withTermsFlag(user: Omit<User, 'needsCGUValidation'>): User {
  return { ...user, needsCGUValidation: !(user.isCguValid && user.isCgvValid && user.isPdcValid) };
}

function readStoredUser(): User | null {
  const raw = readStorage(storageKeys.user);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<User> | null;
    if (!parsed || typeof parsed.id !== 'string' || typeof parsed.email !== 'string') return null;
    return withTermsFlag(parsed as User);
  } catch {
    return null;
  }
}

function readStoredSession(): Session | null {
  const token = readStorage(storageKeys.token);
  return token ? { token, user: readStoredUser() } : null;
}

let current: Session | null = readStoredSession();
const listeners = new Set<() => void>();

function emit(next: Session | null): void {
  current = next;
  for (const listener of listeners) listener();
}

// Another tab signing in or out changes the same keys: follow it so two tabs never disagree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.token || event.key === storageKeys.user || event.key === null) {
      emit(readStoredSession());
    }
  });
}

export function getSession(): Session | null {
  return current;
}

export function getToken(): string | null {
  return current?.token ?? null;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens a session once both the token and the user are known, so no screen sees half of it. */
export function startSession(token: string, user: User): void {
  // Dexie comes with the device's offline data: loaded here, not with the first screen.
  void import('../offline/device-owner').then(({ claimDeviceData }) => claimDeviceData(user.id));
  writeStorage(storageKeys.token, token);
  writeStorage(storageKeys.user, JSON.stringify(user));
  emit({ token, user });
}

export function setSessionUser(user: User): void {
  if (!current) return;
  writeStorage(storageKeys.user, JSON.stringify(user));
  emit({ ...current, user });
}

/** Merges the fields a profile update changed into the stored user (spec §4 Authentication). */
export function mergeSessionUser(changes: Partial<Omit<User, 'needsCGUValidation'>>): void {
  if (!current?.user) return;
  setSessionUser(withTermsFlag({ ...current.user, ...changes }));
}

/** Forgets the token and the user; the caller clears the rest of the device (see sign-out.ts). */
export function clearSession(): void {
  removeStorage(storageKeys.token);
  removeStorage(storageKeys.user);
  emit(null);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useSessionUser(): User | null {
  return useSession()?.user ?? null;
}
