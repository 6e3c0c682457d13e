// The `authenticate` preHandler: reads the bearer token and puts the signed-in person on request.user.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { UserRow } from '../modules/accounts/repository.ts';
import type { AccountsService } from '../modules/accounts/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** The signed-in person of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('not_authenticated');
  return request.user;
}

export function registerAuthentication(app: FastifyInstance, accounts: AccountsService): void {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw new AppError('not_authenticated');
    request.user = await accounts.authenticate(match[1]);
  });
}
