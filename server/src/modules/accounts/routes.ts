// HTTP routes of the accounts module (api.md § Accounts).
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import {
  LoginBody,
  Message,
  ResetPasswordBody,
  SignupBody,
  TokenBody,
  TokenResponse,
  UndoEmailChangeBody,
  UpdateMeBody,
  UpdateMeResponse,
  UserPublic,
} from '../../contract/accounts.ts';
import { AppError } from '../../errors.ts';
import { accountKey, clientAddress, rateLimits, type RateLimits } from '../../rate-limit.ts';
import { normaliseEmail } from './emails.ts';
import type { UserRow } from './repository.ts';
import type { AccountsService } from './service.ts';

function isCode(error: unknown, code: string): boolean {
  return error instanceof AppError && error.code === code;
}

const bearer = [{ bearerAuth: [] }];

export function accountsRoutes(accounts: AccountsService, limits: RateLimits) {
  /**
   * Login throttling (docs/decisions.md « Trust (issue 28): accounts »): every attempt counts per
   * address; only failures count per address + account and per account, and the per-account limit
   * never applies to an address that signed in to the account before. A right password is refused only
   * where wrong ones were sent from (or, under a distributed attack, from an unknown address).
   */
  async function login(ip: string, username: string, password: string): Promise<string> {
    const account = accountKey(username);
    const here = `${account}:${ip}`;
    await limits.check(rateLimits.loginFailuresByIpAccount, here);
    const known = (await limits.current(rateLimits.loginKnownAddress, here)) > 0;
    if (!known) await limits.check(rateLimits.loginFailuresByAccount, account);
    let token: string;
    try {
      token = await accounts.login(username, password);
    } catch (error) {
      if (isCode(error, 'incorrect_email_or_password')) {
        await limits.count(rateLimits.loginFailuresByIpAccount, here);
        if (!known) await limits.count(rateLimits.loginFailuresByAccount, account);
      }
      throw error;
    }
    await limits.clear(rateLimits.loginFailuresByIpAccount, here);
    if (!known) await limits.count(rateLimits.loginKnownAddress, here);
    return token;
  }

  /** A new password (reset, undo): the account's failure counters start again, this address is known. */
  async function passwordChanged(ip: string, user: UserRow): Promise<void> {
    const account = accountKey(user.email);
    await limits.clear(rateLimits.loginFailuresByAccount, account);
    const here = `${account}:${ip}`;
    await limits.clear(rateLimits.loginFailuresByIpAccount, here);
    if ((await limits.current(rateLimits.loginKnownAddress, here)) === 0)
      await limits.count(rateLimits.loginKnownAddress, here);
  }

  /**
   * PATCH /users/me with a new email: per person, wrong current passwords and email changes are
   * limited (taken before, given back when they did not happen), and so are the mails it sends.
   */
  async function updateMe(user: UserRow, body: UpdateMeBody) {
    const changing = body.email !== undefined && normaliseEmail(body.email) !== user.email;
    if (!changing) return accounts.updateMe(user, body);
    await limits.take(rateLimits.passwordChecksByUser, user.id);
    await limits.take(rateLimits.emailChangesByUser, user.id);
    let result: Awaited<ReturnType<AccountsService['updateMe']>>;
    try {
      await limits.take(rateLimits.mailsByUser, user.id, 2);
      try {
        result = await accounts.updateMe(user, body);
      } catch (error) {
        await limits.release(rateLimits.mailsByUser, user.id, 2);
        throw error;
      }
    } catch (error) {
      await limits.release(rateLimits.emailChangesByUser, user.id);
      if (!isCode(error, 'incorrect_password'))
        await limits.release(rateLimits.passwordChecksByUser, user.id);
      throw error;
    }
    await limits.release(rateLimits.passwordChecksByUser, user.id);
    return result;
  }

  return async function (app: FastifyInstance) {
    app.post(
      '/login/access-token',
      {
        preHandler: limits.hook(rateLimits.loginByIp),
        schema: { tags: ['accounts'], body: LoginBody, response: { 200: TokenResponse } },
      },
      async (request) => {
        const { username, password } = request.body as { username: string; password: string };
        return {
          access_token: await login(clientAddress(request), username, password),
          token_type: 'bearer' as const,
        };
      },
    );

    app.post(
      '/users/signup',
      {
        preHandler: limits.hook(rateLimits.signupByIp),
        schema: { tags: ['accounts'], body: SignupBody, response: { 201: UserPublic } },
      },
      async (request, reply) => {
        const user = await accounts.signup(request.body as SignupBody);
        return reply.code(201).send(accounts.toPublic(user));
      },
    );

    app.get(
      '/users/me',
      {
        onRequest: app.authenticate,
        schema: { tags: ['accounts'], security: bearer, response: { 200: UserPublic } },
      },
      async (request) => accounts.toPublic(currentUser(request)),
    );

    app.patch(
      '/users/me',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['accounts'],
          security: bearer,
          body: UpdateMeBody,
          response: { 200: UpdateMeResponse },
        },
      },
      async (request) => {
        const { user, accessToken } = await updateMe(
          currentUser(request),
          request.body as UpdateMeBody,
        );
        return {
          ...accounts.toPublic(user),
          ...(accessToken ? { access_token: accessToken } : {}),
        };
      },
    );

    app.delete(
      '/users/me',
      {
        onRequest: app.authenticate,
        schema: { tags: ['accounts'], security: bearer, response: { 200: Message } },
      },
      async (request) => {
        await accounts.deleteMe(currentUser(request));
        return { message: 'deleted' };
      },
    );

    app.post(
      '/users/me/email-validation',
      {
        onRequest: app.authenticate,
        schema: { tags: ['accounts'], security: bearer, response: { 200: Message } },
      },
      async (request) => {
        const user = currentUser(request);
        if (user.emailVerified) return { message: 'already_verified' };
        await limits.take(rateLimits.validationMailsByUser, user.id);
        await limits.take(rateLimits.mailsByUser, user.id);
        await accounts.resendEmailValidation(user);
        return { message: 'sent' };
      },
    );

    app.post(
      '/users/me/logout-all',
      {
        onRequest: app.authenticate,
        schema: { tags: ['accounts'], security: bearer, response: { 200: Message } },
      },
      async (request) => {
        await accounts.logoutEverywhere(currentUser(request));
        return { message: 'ok' };
      },
    );

    app.post(
      '/validate-email',
      {
        preHandler: limits.hook(rateLimits.tokenByIp),
        schema: { tags: ['accounts'], body: TokenBody, response: { 200: Message } },
      },
      async (request) => {
        await accounts.validateEmail((request.body as { token: string }).token);
        return { message: 'validated' };
      },
    );

    app.post(
      '/password-recovery/:email',
      {
        preHandler: limits.hook(rateLimits.recoveryByIp, rateLimits.recoveryByEmail),
        schema: {
          tags: ['accounts'],
          params: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }),
          response: { 200: Message },
        },
      },
      async (request) => {
        const { email } = request.params as { email: string };
        await accounts.requestPasswordReset(email);
        return { message: 'sent' };
      },
    );

    app.post(
      '/reset-password',
      {
        preHandler: limits.hook(rateLimits.tokenByIp),
        schema: { tags: ['accounts'], body: ResetPasswordBody, response: { 200: Message } },
      },
      async (request) => {
        const { token, new_password } = request.body as { token: string; new_password: string };
        const user = await accounts.resetPassword(token, new_password);
        await passwordChanged(clientAddress(request), user);
        return { message: 'updated' };
      },
    );

    app.post(
      '/undo-email-change',
      {
        preHandler: limits.hook(rateLimits.tokenByIp),
        schema: { tags: ['accounts'], body: UndoEmailChangeBody, response: { 200: Message } },
      },
      async (request) => {
        const { token, new_password } = request.body as UndoEmailChangeBody;
        const user = await accounts.undoEmailChange(token, new_password);
        await passwordChanged(clientAddress(request), user);
        return { message: 'restored' };
      },
    );
  };
}
