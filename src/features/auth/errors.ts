// The account screens' own error messages (spec §8 "Other account errors"), as pure functions.
import { ApiError } from '../../lib/api-client';
import { SignedUpButNotSignedInError } from './api/sign-up';

type SignUpErrorKey =
  | 'register.errors.emailExists'
  | 'register.errors.createdLoginFailed'
  | 'register.errors.tooManyRequests'
  | 'register.errors.generic';

export type AuthErrorMessage<K extends string> = { key: K } | { text: string };

export function signUpErrorMessage(error: unknown): AuthErrorMessage<SignUpErrorKey> {
  if (error instanceof SignedUpButNotSignedInError)
    return { key: 'register.errors.createdLoginFailed' };
  if (error instanceof ApiError) {
    if (error.type === 'user_email_already_exists') return { key: 'register.errors.emailExists' };
    if (error.status === 429) return { key: 'register.errors.tooManyRequests' };
    // A field the server refused (422) comes with a message already in the person's language.
    if (error.status === 422 && error.details[0]?.msg)
      return { text: error.details.map((d) => d.msg).join(' ') };
  }
  return { key: 'register.errors.generic' };
}

type ResetErrorKey = 'resetPassword.errors.invalidToken' | 'resetPassword.errors.generic';

export function resetPasswordErrorMessage(error: unknown): AuthErrorMessage<ResetErrorKey> {
  if (error instanceof ApiError) {
    if (error.type === 'invalid_token') return { key: 'resetPassword.errors.invalidToken' };
    if (error.status === 422 && error.details[0]?.msg)
      return { text: error.details.map((d) => d.msg).join(' ') };
  }
  return { key: 'resetPassword.errors.generic' };
}

type UndoEmailChangeErrorKey =
  | 'undoEmailChange.errors.invalidToken'
  | 'undoEmailChange.errors.emailTaken'
  | 'undoEmailChange.errors.tooManyRequests'
  | 'undoEmailChange.errors.generic';

export function undoEmailChangeErrorMessage(
  error: unknown,
): AuthErrorMessage<UndoEmailChangeErrorKey> {
  if (error instanceof ApiError) {
    if (error.type === 'invalid_token') return { key: 'undoEmailChange.errors.invalidToken' };
    if (error.type === 'user_email_already_exists')
      return { key: 'undoEmailChange.errors.emailTaken' };
    if (error.status === 429) return { key: 'undoEmailChange.errors.tooManyRequests' };
    if (error.status === 422 && error.details[0]?.msg)
      return { text: error.details.map((d) => d.msg).join(' ') };
  }
  return { key: 'undoEmailChange.errors.generic' };
}
