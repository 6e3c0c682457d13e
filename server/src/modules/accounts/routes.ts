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
  UpdateMeBody,
  UserPublic,
} from '../../contract/accounts.ts';
import { rateLimits, type RateLimiter } from '../../rate-limit.ts';
import { normaliseEmail, type AccountsService } from './service.ts';

const bearer = [{ bearerAuth: [] }];

export function accountsRoutes(accounts: AccountsService, limiter: RateLimiter) {
  return async function (app: FastifyInstance) {
    app.post(
      '/login/access-token',
      { schema: { tags: ['accounts'], body: LoginBody, response: { 200: TokenResponse } } },
      async (request) => {
        const { username, password } = request.body as { username: string; password: string };
        await limiter.check(rateLimits.loginByIp, request.ip);
        await limiter.check(rateLimits.loginByEmail, normaliseEmail(username));
        return {
          access_token: await accounts.login(username, password),
          token_type: 'bearer' as const,
        };
      },
    );

    app.post(
      '/users/signup',
      { schema: { tags: ['accounts'], body: SignupBody, response: { 201: UserPublic } } },
      async (request, reply) => {
        await limiter.check(rateLimits.signupByIp, request.ip);
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
          response: { 200: UserPublic },
        },
      },
      async (request) =>
        accounts.toPublic(
          await accounts.updateMe(currentUser(request), request.body as UpdateMeBody),
        ),
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
      { schema: { tags: ['accounts'], body: TokenBody, response: { 200: Message } } },
      async (request) => {
        await limiter.check(rateLimits.resetByIp, request.ip);
        await accounts.validateEmail((request.body as { token: string }).token);
        return { message: 'validated' };
      },
    );

    app.post(
      '/password-recovery/:email',
      {
        schema: {
          tags: ['accounts'],
          params: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }),
          response: { 200: Message },
        },
      },
      async (request) => {
        const { email } = request.params as { email: string };
        await limiter.check(rateLimits.recoveryByIp, request.ip);
        await limiter.check(rateLimits.recoveryByEmail, normaliseEmail(email));
        await accounts.requestPasswordReset(email);
        return { message: 'sent' };
      },
    );

    app.post(
      '/reset-password',
      { schema: { tags: ['accounts'], body: ResetPasswordBody, response: { 200: Message } } },
      async (request) => {
        await limiter.check(rateLimits.resetByIp, request.ip);
        const { token, new_password } = request.body as { token: string; new_password: string };
        await accounts.resetPassword(token, new_password);
        return { message: 'updated' };
      },
    );
  };
}
