// POST /login/access-token (form-encoded username + password), then the rest of signing in: load the
// user, open the session, and decide where to go (onboarding, the remembered address, or home).
import type { LoginBody, TokenResponse } from '@contract/accounts';
import { apiRequest } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';
import { MissingTokenError } from '../../../lib/api-errors';
import { followAccountLanguage } from '../../../lib/language-choice';
import { consumeReturnTo } from '../../../lib/return-to';
import { startSession, type AccountType } from '../../../lib/session';
import { getMe } from './get-me';
import { hasUnansweredOnboardingQuestions } from './get-unanswered-onboarding';

export interface Credentials {
  email: string;
  password: string;
}

export async function requestAccessToken({ email, password }: Credentials): Promise<string> {
  const answer = await apiRequest<TokenResponse | undefined>('/login/access-token', {
    method: 'POST',
    form: { username: email.trim(), password } satisfies LoginBody,
    token: null,
  });
  if (!answer?.access_token) throw new MissingTokenError();
  return answer.access_token;
}

export function destinationAfterLogin(input: {
  accountType: AccountType;
  hasUnansweredQuestions: boolean;
  returnTo: string | null;
}): string {
  // An invitation to a family circle is accepted first: the relative came to read, not to tell.
  if (input.returnTo?.startsWith('/circle/join')) return input.returnTo;
  if (input.hasUnansweredQuestions && input.accountType === 'standard') return '/onboarding';
  return input.returnTo ?? '/';
}

/** Signs in and returns the path to go to next. */
export async function signIn(credentials: Credentials): Promise<string> {
  const token = await requestAccessToken(credentials);
  const user = await getMe(token);
  startSession(token, user);
  // The latest choice wins: one made on this device before signing in goes to the account, otherwise
  // the account's language is applied (before the next page, so it opens in that language).
  await followAccountLanguage(user);

  let hasUnansweredQuestions = false;
  try {
    hasUnansweredQuestions = await hasUnansweredOnboardingQuestions();
  } catch (error) {
    // Onboarding must never keep someone out: go on to the address they asked for.
    console.warn('Could not load onboarding questions', error);
  }
  return destinationAfterLogin({
    accountType: user.accountType,
    hasUnansweredQuestions,
    returnTo: consumeReturnTo(),
  });
}

export function useLoginMutation() {
  // The form shows its own error rules (spec §8).
  return useAction(signIn);
}
