// The quota rules of spec §4 "New chapter" and §5 "Creating a story", as pure decisions.
import type { MIN_BOOK_CHAPTERS as ServerMinChapters } from '@contract/books';
import type { AccountType } from '../../lib/session';
import type { AccessStatus } from './api/get-access-status';

/** A book gathers at least this many chapters (the wizard and the server refuse fewer). */
export const BOOK_MIN_CHAPTERS: typeof ServerMinChapters = 4;

export type NewChapterStep = 'premium' | 'author' | 'create';
export type NewBookStep = 'premium' | 'create';

/**
 * Without full access and no free chapter left the premium modal opens; otherwise multi-users
 * accounts name the author first. An unknown status (still loading, unreachable) lets the server
 * decide: it answers 402 when the quota is spent.
 */
export function newChapterStep(
  access: AccessStatus | undefined,
  accountType: AccountType | undefined,
): NewChapterStep {
  if (access && !access.isFullAccessGranted && access.freeChaptersAllowed <= 0) return 'premium';
  return accountType === 'multi-users' ? 'author' : 'create';
}

/** A book needs full access; the server refuses it too (402 full_access_required). */
export function newBookStep(access: AccessStatus | undefined): NewBookStep {
  return access && !access.isFullAccessGranted ? 'premium' : 'create';
}

/** The subscription banner is for people known to have no full access. */
export function showsSubscriptionBanner(access: AccessStatus | undefined): boolean {
  return access !== undefined && !access.isFullAccessGranted;
}

export const AUTHOR_NAME_MAX_LENGTH = 100;

/** Spec §5: the author name is required, trimmed. Returns the name to send, or null. */
export function validAuthorName(input: string): string | null {
  const trimmed = input.trim();
  return trimmed === '' ? null : trimmed.slice(0, AUTHOR_NAME_MAX_LENGTH);
}
