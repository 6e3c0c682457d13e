// What people see when a call fails (spec §8), decided in ONE place: the global response handling
// (logout on 401/403, 404, each 422 message, 429, 5xx, other; no toast when offline) and the login
// error rules. The rules are pure functions; handleGlobalApiError applies them.
import { ApiError } from './api-client';
import { i18n } from './i18n';
import { getSession } from './session';
import { signOut } from './sign-out';
import { toast } from './toast';
import { keepTogether } from './typography';

/** Thrown when the login answer has no access_token. */
export class MissingTokenError extends Error {
  constructor() {
    super('No access token received');
    this.name = 'MissingTokenError';
  }
}

type GlobalErrorKey =
  | 'global.logout'
  | 'global.notFound'
  | 'global.validation'
  | 'global.tooManyRequests'
  | 'global.server'
  | 'global.generic';

type LoginErrorKey =
  | 'login.incorrectCredentials'
  | 'login.emailAlreadyExists'
  | 'login.badRequest'
  | 'login.unauthorized'
  | 'login.server'
  | 'login.generic'
  | 'login.noToken'
  | 'login.fallback';

/** A message from the `errors` catalogue, or a text the server already wrote in the user's language. */
export type ErrorMessage<K extends string = GlobalErrorKey | LoginErrorKey> =
  { key: K; values?: Record<string, string> } | { text: string };

export interface GlobalErrorOutcome {
  logout: boolean;
  messages: ErrorMessage<GlobalErrorKey>[];
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Spec §8 "Global response handling", as data. `signedIn` avoids telling a guest they were logged out. */
export function globalErrorOutcome(error: unknown, signedIn: boolean): GlobalErrorOutcome {
  if (isAbort(error)) return { logout: false, messages: [] };
  if (!(error instanceof ApiError)) return { logout: false, messages: [{ key: 'global.generic' }] };
  // No response: the offline banner says it, not a toast.
  if (error.status === null) return { logout: false, messages: [] };
  const status = error.status;
  if (status === 401 || status === 403) {
    return signedIn
      ? { logout: true, messages: [{ key: 'global.logout' }] }
      : { logout: false, messages: [] };
  }
  if (status === 404) return { logout: false, messages: [{ key: 'global.notFound' }] };
  if (status === 422) {
    const texts = [...new Set(error.details.map((d) => d.msg.trim()).filter(Boolean))];
    return {
      logout: false,
      messages: texts.length ? texts.map((text) => ({ text })) : [{ key: 'global.validation' }],
    };
  }
  if (status === 429) return { logout: false, messages: [{ key: 'global.tooManyRequests' }] };
  if ([500, 502, 503, 504].includes(status))
    return { logout: false, messages: [{ key: 'global.server' }] };
  return { logout: false, messages: [{ key: 'global.generic' }] };
}

/** Spec §8 "Login" rules (also used for the automatic login after sign-up). */
export function loginErrorMessage(error: unknown): ErrorMessage<LoginErrorKey> {
  if (error instanceof MissingTokenError) return { key: 'login.noToken' };
  if (!(error instanceof ApiError) || error.status === null) return { key: 'login.generic' };
  const first = error.details[0];
  if (first) {
    if (
      first.msg === 'Incorrect email or password' ||
      first.type === 'incorrect_email_or_password'
    ) {
      return { key: 'login.incorrectCredentials' };
    }
    if (first.type === 'user_email_already_exists') return { key: 'login.emailAlreadyExists' };
    return first.msg.trim() ? { text: first.msg } : { key: 'login.fallback' };
  }
  switch (error.status) {
    case 400:
      return { key: 'login.badRequest', values: { message: error.message } };
    case 401:
      return { key: 'login.unauthorized' };
    case 500:
      return { key: 'login.server' };
    default:
      return { key: 'login.generic' };
  }
}

/** Resolves a message to text in the current language. */
export function errorText(message: ErrorMessage): string {
  return 'text' in message
    ? keepTogether(message.text)
    : i18n.t(message.key, { ns: 'errors', ...message.values });
}

/**
 * Applies the global handling to a failed call. Screens that show their own error (login, sign-up…)
 * pass `toast: false`. A 401/403 ends the session and says so whatever the screen: someone sent back
 * to the login page must learn why.
 */
export function handleGlobalApiError(error: unknown, options: { toast?: boolean } = {}): void {
  const outcome = globalErrorOutcome(error, getSession() !== null);
  if (outcome.logout) void signOut({ expired: true });
  if (options.toast === false && !outcome.logout) return;
  for (const message of outcome.messages) toast.error(errorText(message));
}
