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
import { rateLimits, type RateLimits } from '../../rate-limit.ts';
import type { AccountsService } from './service.ts';

const bearer = [{ bearerAuth: [] }];

export function accountsRoutes(accounts: AccountsService, limits: RateLimits) {
  return async function (app: FastifyInstance) {
    app.post(
      '/login/access-token',
      {
        preHandler: limits.hook(rateLimits.loginByIp, rateLimits.loginByEmail),
        schema: { tags: ['accounts'], body: LoginBody, response: { 200: TokenResponse } },
      },
      async (request) => {
        const { username, password } = request.body as { username: string; password: string };
        return {
          access_token: await accounts.login(username, password),
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
        await accounts.resetPassword(token, new_password);
        return { message: 'updated' };
      },
    );
  };
}
