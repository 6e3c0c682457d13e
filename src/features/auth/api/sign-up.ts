// POST /users/signup (payload per spec §3), followed by the automatic login.
import type { SignupBody } from '@contract/accounts';
import { apiRequest } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';
import { getLocaleTag } from '../../../lib/i18n';
import type { AccountType } from '../../../lib/session';
import { signIn } from './login';

export interface SignUpInput {
  email: string;
  password: string;
  optInMarketing: boolean;
  accountType: AccountType;
  /** The privacy choice on this device; undefined when none was made (the field is left out). */
  optInTracking?: boolean;
}

/** POST /users/signup (server/src/contract/accounts.ts). */
export type SignUpPayload = SignupBody;

export function signUpPayload(
  input: SignUpInput,
  localeTag: string = getLocaleTag(),
): SignUpPayload {
  return {
    email: input.email.trim(),
    password: input.password,
    current_language: localeTag,
    opt_in_marketing: input.optInMarketing,
    // The form cannot be sent without accepting the terms, which covers all three documents.
    cgu_validated: true,
    cgv_validated: true,
    pdc_validated: true,
    account_type: input.accountType,
    ...(input.optInTracking === undefined ? {} : { opt_in_tracking: input.optInTracking }),
  };
}

/** Thrown when the account was created but the automatic login failed: the person should log in. */
export class SignedUpButNotSignedInError extends Error {
  constructor(readonly cause: unknown) {
    super('Signed up, automatic login failed');
    this.name = 'SignedUpButNotSignedInError';
  }
}

/** Creates the account, then signs in; returns the path to go to next. */
export async function signUp(input: SignUpInput): Promise<string> {
  await apiRequest('/users/signup', { method: 'POST', json: signUpPayload(input), token: null });
  try {
    return await signIn({ email: input.email, password: input.password });
  } catch (error) {
    throw new SignedUpButNotSignedInError(error);
  }
}

export function useSignUpMutation() {
  // The form shows its own error rules (spec §8).
  return useAction(signUp);
}
