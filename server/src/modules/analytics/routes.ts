// POST /analytics/batch: events from the app, kept only with consent. Signed in or not: a valid bearer token
// ties the events to the person (so their deletion removes the link); a bad one is simply ignored.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AnalyticsBatch } from '../../contract/analytics.ts';
import type { RateLimitRule, RateLimits } from '../../rate-limit.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { AnalyticsService } from './service.ts';

const batchesByIp: RateLimitRule = {
  name: 'analytics-ip',
  limit: 600,
  windowSeconds: 60 * 60,
  key: 'ip',
};

export function analyticsRoutes(
  analytics: AnalyticsService,
  accounts: AccountsService,
  rateLimits: RateLimits,
) {
  return async function (app: FastifyInstance) {
    app.post(
      '/analytics/batch',
      {
        bodyLimit: 64 * 1024,
        schema: {
          tags: ['analytics'],
          body: AnalyticsBatch,
          response: { 202: Type.Object({ accepted: Type.Integer({ minimum: 0 }) }) },
        },
        preHandler: rateLimits.hook(batchesByIp),
      },
      async (request, reply) => {
        const batch = request.body as AnalyticsBatch;
        if (batch.consent !== true) return reply.code(202).send({ accepted: 0 });
        const header = request.headers.authorization;
        const token = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
        const user = token ? await accounts.authenticate(token).catch(() => null) : null;
        return reply
          .code(202)
          .send({ accepted: await analytics.record(user?.id ?? null, batch.events) });
      },
    );
  };
}
