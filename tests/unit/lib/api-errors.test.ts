// The global response handling and the login error rules of spec §8.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiErrorDetail } from '../../../src/lib/api-client';
import {
  errorText,
  globalErrorOutcome,
  handleGlobalApiError,
  loginErrorMessage,
  MissingTokenError,
} from '../../../src/lib/api-errors';
import { initI18n, setLanguage } from '../../../src/lib/i18n';
import { clearSession, getSession } from '../../../src/lib/session';
import { resetToasts, toast } from '../../../src/lib/toast';
import { signInAs } from '../support/render-app';

function httpError(
  status: number,
  details: ApiErrorDetail[] = [],
  message = 'HTTP error',
): ApiError {
  return new ApiError({ reason: 'unknown', status, message, details });
}

const networkError = new ApiError({ reason: 'network', status: null, message: 'Failed to fetch' });

beforeAll(async () => {
  await initI18n();
});

beforeEach(async () => {
  await setLanguage('fr', { remember: false });
  clearSession();
  resetToasts();
});

describe('globalErrorOutcome', () => {
  it('logs a signed-in person out on 401 and 403 with the logout message', () => {
    for (const status of [401, 403]) {
      expect(globalErrorOutcome(httpError(status), true)).toEqual({
        logout: true,
        messages: [{ key: 'global.logout' }],
      });
    }
  });
  it('does not tell a guest they were logged out', () => {
    expect(globalErrorOutcome(httpError(401), false)).toEqual({ logout: false, messages: [] });
  });
  it('maps 404, 429 and the server errors to their messages', () => {
    expect(globalErrorOutcome(httpError(404), true).messages).toEqual([{ key: 'global.notFound' }]);
    expect(globalErrorOutcome(httpError(429), true).messages).toEqual([
      { key: 'global.tooManyRequests' },
    ]);
    for (const status of [500, 502, 503, 504]) {
      expect(globalErrorOutcome(httpError(status), true).messages).toEqual([
        { key: 'global.server' },
      ]);
    }
  });
  it('shows each 422 message once, or the generic validation message without any', () => {
    const details = [
      { type: 'too_long', msg: 'Le titre est trop long' },
      { type: 'missing', msg: 'Le résumé est requis' },
      { type: 'too_long', msg: 'Le titre est trop long' },
    ];
    expect(globalErrorOutcome(httpError(422, details), true).messages).toEqual([
      { text: 'Le titre est trop long' },
      { text: 'Le résumé est requis' },
    ]);
    expect(globalErrorOutcome(httpError(422), true).messages).toEqual([
      { key: 'global.validation' },
    ]);
  });
  it('uses the generic message for any other status', () => {
    for (const status of [400, 402, 409, 413, 501]) {
      expect(globalErrorOutcome(httpError(status), true).messages).toEqual([
        { key: 'global.generic' },
      ]);
    }
  });
  it('shows no toast when no response came back (the offline banner says it)', () => {
    expect(globalErrorOutcome(networkError, true)).toEqual({ logout: false, messages: [] });
  });
});

describe('handleGlobalApiError', () => {
  it('ends the session and toasts the logout message on 401', async () => {
    signInAs();
    const shown = vi.spyOn(toast, 'error');
    handleGlobalApiError(httpError(401));
    expect(getSession()).toBeNull();
    expect(shown).toHaveBeenCalledWith('Vous avez été déconnecté. Veuillez vous reconnecter.');
  });
  it('logs out and says so even for a screen that shows its own errors', () => {
    signInAs();
    const shown = vi.spyOn(toast, 'error');
    handleGlobalApiError(httpError(403), { toast: false });
    expect(getSession()).toBeNull();
    expect(shown).toHaveBeenCalledWith('Vous avez été déconnecté. Veuillez vous reconnecter.');
  });
  it('stays quiet on other errors when the screen shows its own', () => {
    signInAs();
    const shown = vi.spyOn(toast, 'error');
    handleGlobalApiError(httpError(500), { toast: false });
    expect(getSession()).not.toBeNull();
    expect(shown).not.toHaveBeenCalled();
  });
  it('toasts in the interface language', async () => {
    await setLanguage('en', { remember: false });
    const shown = vi.spyOn(toast, 'error');
    handleGlobalApiError(httpError(429));
    expect(shown).toHaveBeenCalledWith('Too many requests. Please try again later.');
  });
});

describe('loginErrorMessage', () => {
  it('recognises wrong credentials by type or by message', () => {
    expect(
      loginErrorMessage(
        httpError(400, [
          { type: 'incorrect_email_or_password', msg: 'Email ou mot de passe incorrect' },
        ]),
      ),
    ).toEqual({
      key: 'login.incorrectCredentials',
    });
    expect(
      loginErrorMessage(
        httpError(400, [{ type: 'value_error', msg: 'Incorrect email or password' }]),
      ),
    ).toEqual({
      key: 'login.incorrectCredentials',
    });
  });
  it('recognises an existing email', () => {
    expect(
      loginErrorMessage(httpError(409, [{ type: 'user_email_already_exists', msg: 'x' }])),
    ).toEqual({ key: 'login.emailAlreadyExists' });
  });
  it('shows the server message for any other detail', () => {
    expect(
      loginErrorMessage(
        httpError(429, [
          { type: 'too_many_requests', msg: 'Trop de tentatives, réessayez dans 60 s.' },
        ]),
      ),
    ).toEqual({
      text: 'Trop de tentatives, réessayez dans 60 s.',
    });
  });
  it('falls back on the status without a detail list', () => {
    expect(loginErrorMessage(httpError(400, [], 'bad form'))).toEqual({
      key: 'login.badRequest',
      values: { message: 'bad form' },
    });
    expect(loginErrorMessage(httpError(401))).toEqual({ key: 'login.unauthorized' });
    expect(loginErrorMessage(httpError(500))).toEqual({ key: 'login.server' });
    expect(loginErrorMessage(httpError(503))).toEqual({ key: 'login.generic' });
  });
  it('says "an error occurred" for a non-HTTP failure and names a missing token', () => {
    expect(loginErrorMessage(networkError)).toEqual({ key: 'login.generic' });
    expect(loginErrorMessage(new TypeError('boom'))).toEqual({ key: 'login.generic' });
    expect(loginErrorMessage(new MissingTokenError())).toEqual({ key: 'login.noToken' });
  });
  it('resolves to the French texts', () => {
    expect(
      errorText(
        loginErrorMessage(httpError(400, [{ type: 'incorrect_email_or_password', msg: '' }])),
      ),
    ).toBe('Email ou mot de passe incorrect.');
    expect(errorText(loginErrorMessage(httpError(400, [], 'champ manquant')))).toBe(
      'Requête invalide\u00a0: champ manquant',
    );
    expect(errorText(loginErrorMessage(new MissingTokenError()))).toBe("Aucun jeton d'accès reçu.");
  });
});
