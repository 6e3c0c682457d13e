// Rate limits on the guest calls that can be abused (login, sign-up, recovery): @fastify/rate-limit
// with `global: false` (static files are never limited), counted in memory or in Redis (REDIS_URL) so
// that several API processes share them. Several limits can guard one route (login: per IP and per email).
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import rateLimitPlugin, { normalizeIP } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from './errors.ts';
import { normaliseEmail } from './modules/accounts/emails.ts';

export interface RateLimitRule {
  /** Also the key prefix: two rules never share a counter, even in one Redis. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** What is counted: the caller's address, or a value read from the validated request (an email). */
  key: 'ip' | ((request: FastifyRequest) => string);
}

function emailInBody(field: string) {
  return (request: FastifyRequest) =>
    normaliseEmail(String((request.body as Record<string, unknown> | undefined)?.[field] ?? ''));
}

function emailInParams(field: string) {
  return (request: FastifyRequest) =>
    normaliseEmail(String((request.params as Record<string, unknown> | undefined)?.[field] ?? ''));
}

export const rateLimits = {
  loginByIp: { name: 'login-ip', limit: 30, windowSeconds: 15 * 60, key: 'ip' },
  loginByEmail: {
    name: 'login-email',
    limit: 10,
    windowSeconds: 15 * 60,
    key: emailInBody('username'),
  },
  signupByIp: { name: 'signup-ip', limit: 10, windowSeconds: 60 * 60, key: 'ip' },
  recoveryByIp: { name: 'recovery-ip', limit: 10, windowSeconds: 60 * 60, key: 'ip' },
  recoveryByEmail: {
    name: 'recovery-email',
    limit: 3,
    windowSeconds: 60 * 60,
    key: emailInParams('email'),
  },
  tokenByIp: { name: 'token-ip', limit: 20, windowSeconds: 60 * 60, key: 'ip' },
} satisfies Record<string, RateLimitRule>;

type Check = ReturnType<FastifyInstance['createRateLimit']>;

export class RateLimits {
  private readonly checks = new Map<string, Check>();

  private constructor(
    private readonly app: FastifyInstance,
    private readonly multiplier: number,
  ) {}

  /**
   * Registers @fastify/rate-limit on the root instance. `multiplier` scales every limit (the tests and
   * browser journeys create many people from one address).
   */
  static async register(
    app: FastifyInstance,
    options: { redisUrl: string | null; multiplier: number },
  ): Promise<RateLimits> {
    let redis: Redis | null = null;
    if (options.redisUrl) {
      const { Redis } = await import('ioredis');
      // One retry per command: while Redis is away a limit check fails within seconds (and lets the
      // request through, skipOnError) instead of holding a login until Redis is back.
      redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
      redis.on('error', (error) => app.log.warn({ err: error }, 'redis (rate limits)'));
      // Start counting from the first request; an unreachable Redis is a warning, not a failed start.
      const connection = redis;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          connection.off('ready', done).off('error', done);
          resolve();
        };
        const timer = setTimeout(done, 3000);
        connection.once('ready', done).once('error', done);
      });
      app.addHook('onClose', async () => {
        redis?.disconnect();
      });
    }
    await app.register(rateLimitPlugin, {
      global: false,
      // A limit store that is down lets requests through rather than locking everyone out.
      skipOnError: true,
      nameSpace: 'chapitres:rl:',
      ...(redis ? { redis } : {}),
    });
    return new RateLimits(app, options.multiplier);
  }

  /** A preHandler (after validation, so the body can be read) enforcing every given rule. */
  hook(...rules: RateLimitRule[]): preHandlerAsyncHookHandler {
    const checks = rules.map((rule) => this.checkFor(rule));
    return async (request) => {
      for (const check of checks) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded)
          throw new AppError(
            'too_many_requests',
            {},
            { retryAfter: Math.max(1, result.ttlInSeconds) },
          );
      }
    };
  }

  private checkFor(rule: RateLimitRule): Check {
    let check = this.checks.get(rule.name);
    if (!check) {
      const { key } = rule;
      check = this.app.createRateLimit({
        max: rule.limit * this.multiplier,
        timeWindow: rule.windowSeconds * 1000,
        keyGenerator: (request) =>
          `${rule.name}:${key === 'ip' ? normalizeIP(request.ip) : key(request)}`,
      });
      this.checks.set(rule.name, check);
    }
    return check;
  }
}
