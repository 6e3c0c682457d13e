// Rate limits on the calls that can be abused (login, sign-up, recovery, mails a person triggers):
// fixed-window counters kept in memory or in Redis (REDIS_URL) so that several API processes share them.
// Several limits can guard one route (login: per IP, per IP + account, per account). Besides the route
// hook, the counters can be read, bumped and cleared by hand: login counts only its failures, and a
// password reset clears the account's counters (docs/decisions.md « Trust (issue 28): accounts »).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { currentUser } from './auth/plugin.ts';
import { AppError } from './errors.ts';
import { normaliseEmail } from './modules/accounts/emails.ts';

export interface RateLimitRule {
  /** Also the key prefix: two rules never share a counter, even in one Redis. */
  name: string;
  limit: number;
  windowSeconds: number;
  /**
   * What is counted: the caller's address, a value read from the validated request (an email, the
   * signed-in person), or `given`: a value the route passes to take/check/count itself.
   */
  key: 'ip' | 'given' | ((request: FastifyRequest) => string);
}

/** Every key of this server in a shared Redis starts with this. */
export const KEY_PREFIX = 'chapitres:rl:';

/** The caller's address as the limits count it (an IPv6 address counts as its /64). */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/** An account in a counter key: the address hashed, so the limit store holds no email addresses. */
export function accountKey(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('hex').slice(0, 32);
}

function emailInParams(field: string) {
  return (request: FastifyRequest) =>
    accountKey(String((request.params as Record<string, unknown> | undefined)?.[field] ?? ''));
}

/** The signed-in person (routes behind `app.authenticate` only). */
function userId(request: FastifyRequest): string {
  return currentUser(request).id;
}

const DAY = 24 * 60 * 60;

export const rateLimits = {
  /** Every login attempt from one address, whatever the account. */
  loginByIp: { name: 'login-ip', limit: 30, windowSeconds: 15 * 60, key: 'ip' },
  /** Failed logins from one address on one account (key: `${accountKey}:${address}`). */
  loginFailuresByIpAccount: {
    name: 'login-fail-ip-account',
    limit: 10,
    windowSeconds: 15 * 60,
    key: 'given',
  },
  /**
   * Failed logins on one account from addresses that never signed in to it (distributed guessing):
   * much higher than the per-address limit, cleared by a password reset, never applied to an address
   * that signed in to the account before.
   */
  loginFailuresByAccount: {
    name: 'login-fail-account',
    limit: 50,
    windowSeconds: 60 * 60,
    key: 'given',
  },
  /** Addresses that signed in to an account (key: `${accountKey}:${address}`); a marker, not a limit. */
  loginKnownAddress: { name: 'login-known', limit: 1, windowSeconds: 90 * DAY, key: 'given' },
  signupByIp: { name: 'signup-ip', limit: 10, windowSeconds: 60 * 60, key: 'ip' },
  recoveryByIp: { name: 'recovery-ip', limit: 10, windowSeconds: 60 * 60, key: 'ip' },
  recoveryByEmail: {
    name: 'recovery-email',
    limit: 3,
    windowSeconds: 60 * 60,
    key: emailInParams('email'),
  },
  tokenByIp: { name: 'token-ip', limit: 20, windowSeconds: 60 * 60, key: 'ip' },
  /** Invitation links looked up or accepted from one address (issue 31): a 256-bit token cannot be
   *  guessed, but a script trying them is stopped like any other guessing. */
  invitationsByIp: { name: 'invitation-ip', limit: 60, windowSeconds: 60 * 60, key: 'ip' },
  /** Email changes that happened, per person (each one mails both addresses). */
  emailChangesByUser: { name: 'email-change-user', limit: 3, windowSeconds: DAY, key: userId },
  /** Validation mails asked again by a person whose address is not confirmed yet. */
  validationMailsByUser: {
    name: 'validation-mail-user',
    limit: 3,
    windowSeconds: DAY,
    key: userId,
  },
  /** Wrong current passwords given to a signed-in call (a borrowed session guessing it). */
  passwordChecksByUser: {
    name: 'password-check-user',
    limit: 10,
    windowSeconds: 60 * 60,
    key: userId,
  },
  /**
   * Every mail a signed-in person makes the server send (email change, contact form, export ready…):
   * one counter per person shared by those routes.
   */
  mailsByUser: { name: 'mail-user', limit: 20, windowSeconds: DAY, key: userId },
} satisfies Record<string, RateLimitRule>;

interface Count {
  count: number;
  /** Milliseconds until the window ends (0 when nothing is counted). */
  ttlMs: number;
}

interface CounterStore {
  incr(key: string, windowMs: number, amount: number): Promise<Count>;
  /** Gives back `amount` of a live counter (never below 0, never starting one). */
  decr(key: string, amount: number): Promise<void>;
  read(key: string): Promise<Count>;
  clear(key: string): Promise<void>;
}

class MemoryStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; endsAt: number }>();
  private lastSweep = Date.now();

  private live(key: string, now: number) {
    const entry = this.counters.get(key);
    if (entry && entry.endsAt <= now) {
      this.counters.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.counters) if (entry.endsAt <= now) this.counters.delete(key);
  }

  async incr(key: string, windowMs: number, amount: number): Promise<Count> {
    const now = Date.now();
    this.sweep(now);
    let entry = this.live(key, now);
    if (!entry) {
      entry = { count: 0, endsAt: now + windowMs };
      this.counters.set(key, entry);
    }
    entry.count += amount;
    return { count: entry.count, ttlMs: entry.endsAt - now };
  }

  async decr(key: string, amount: number): Promise<void> {
    const entry = this.live(key, Date.now());
    if (entry) entry.count = Math.max(0, entry.count - amount);
  }

  async read(key: string): Promise<Count> {
    const now = Date.now();
    const entry = this.live(key, now);
    return entry ? { count: entry.count, ttlMs: entry.endsAt - now } : { count: 0, ttlMs: 0 };
  }

  async clear(key: string): Promise<void> {
    this.counters.delete(key);
  }
}

const INCR_SCRIPT = `
local current = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

const DECR_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current > 0 then
  redis.call('DECRBY', KEYS[1], math.min(current, tonumber(ARGV[1])))
end
return 0`;

class RedisStore implements CounterStore {
  constructor(private readonly redis: Redis) {}

  async incr(key: string, windowMs: number, amount: number): Promise<Count> {
    const [count, ttl] = (await this.redis.eval(
      INCR_SCRIPT,
      1,
      key,
      String(windowMs),
      String(amount),
    )) as [number, number];
    return { count: Number(count), ttlMs: Math.max(0, Number(ttl)) };
  }

  async decr(key: string, amount: number): Promise<void> {
    await this.redis.eval(DECR_SCRIPT, 1, key, String(amount));
  }

  async read(key: string): Promise<Count> {
    const [value, ttl] = await this.redis.multi().get(key).pttl(key).exec().then(results(2));
    return { count: Number(value ?? 0), ttlMs: Math.max(0, Number(ttl ?? 0)) };
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(key);
  }
}

function results(n: number) {
  return (rows: [Error | null, unknown][] | null): unknown[] => {
    if (!rows) throw new Error('redis transaction aborted');
    return rows.slice(0, n).map(([error, value]) => {
      if (error) throw error;
      return value;
    });
  };
}

export class RateLimits {
  private constructor(
    private readonly store: CounterStore,
    private readonly multiplier: number,
    private readonly log: FastifyInstance['log'],
  ) {}

  /**
   * Counts in Redis when `redisUrl` is given, else in this process. `multiplier` scales every limit (the
   * tests and browser journeys create many people from one address).
   */
  static async register(
    app: FastifyInstance,
    options: { redisUrl: string | null; multiplier: number },
  ): Promise<RateLimits> {
    if (!options.redisUrl) return new RateLimits(new MemoryStore(), options.multiplier, app.log);
    const { Redis } = await import('ioredis');
    // One retry per command: while Redis is away a limit check fails within seconds (and lets the
    // request through) instead of holding a login until Redis is back.
    const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis (rate limits)'));
    // Start counting from the first request; an unreachable Redis is a warning, not a failed start.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done).off('error', done);
        resolve();
      };
      const timer = setTimeout(done, 3000);
      redis.once('ready', done).once('error', done);
    });
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    return new RateLimits(new RedisStore(redis), options.multiplier, app.log);
  }

  /** The store key of a rule's counter: `chapitres:rl:<rule>:<value>`. */
  static key(rule: RateLimitRule, value: string): string {
    return `${KEY_PREFIX}${rule.name}:${value}`;
  }

  /** A preHandler (after validation, so the body can be read) counting and enforcing every given rule. */
  hook(...rules: RateLimitRule[]): preHandlerAsyncHookHandler {
    return async (request) => {
      for (const rule of rules) {
        if (rule.key === 'given') throw new Error(`rate limit ${rule.name} needs its value`);
        const value = rule.key === 'ip' ? clientAddress(request) : rule.key(request);
        await this.take(rule, value);
      }
    };
  }

  /**
   * Counts `amount` more for `value`; 429 too_many_requests (with Retry-After) once over the limit. A
   * refused call stays counted (hammering a limit does not open it).
   */
  async take(rule: RateLimitRule, value: string, amount = 1): Promise<void> {
    const result = await this.safely(() =>
      this.store.incr(RateLimits.key(rule, value), rule.windowSeconds * 1000, amount),
    );
    if (result && result.count > this.limitOf(rule)) throw tooMany(result);
  }

  /** Gives back what `take` counted, for a call that in the end did not do what the rule limits. */
  async release(rule: RateLimitRule, value: string, amount = 1): Promise<void> {
    await this.safely(() => this.store.decr(RateLimits.key(rule, value), amount));
  }

  /** 429 when `value` already reached the limit, without counting this call. */
  async check(rule: RateLimitRule, value: string): Promise<void> {
    const result = await this.safely(() => this.store.read(RateLimits.key(rule, value)));
    if (result && result.count >= this.limitOf(rule)) throw tooMany(result);
  }

  /** Counts one more for `value` without refusing anything (a failure counted after the fact). */
  async count(rule: RateLimitRule, value: string): Promise<number> {
    const result = await this.safely(() =>
      this.store.incr(RateLimits.key(rule, value), rule.windowSeconds * 1000, 1),
    );
    return result?.count ?? 0;
  }

  /** How many are counted for `value` in the current window. */
  async current(rule: RateLimitRule, value: string): Promise<number> {
    return (await this.safely(() => this.store.read(RateLimits.key(rule, value))))?.count ?? 0;
  }

  async clear(rule: RateLimitRule, value: string): Promise<void> {
    await this.safely(() => this.store.clear(RateLimits.key(rule, value)));
  }

  private limitOf(rule: RateLimitRule): number {
    return rule.limit * this.multiplier;
  }

  /** A limit store that is down lets requests through rather than locking everyone out. */
  private async safely<T>(operation: () => Promise<T>): Promise<T | null> {
    try {
      return await operation();
    } catch (error) {
      this.log.warn({ err: error }, 'rate limit store unavailable: request let through');
      return null;
    }
  }
}

function tooMany(result: Count): AppError {
  return new AppError(
    'too_many_requests',
    {},
    { retryAfter: Math.max(1, Math.ceil(result.ttlMs / 1000)) },
  );
}
