// Fixed-window rate limits by key (IP, email…), in memory or shared through Redis (REDIS_URL), so
// several limits can guard one route (login: per IP and per email).
import { AppError } from './errors.ts';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitStore {
  /** Counts a hit; returns the count in the current window and the seconds left in it. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowSeconds: number) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
      if (this.windows.size > 50_000) this.sweep(now);
    }
    window.count += 1;
    return {
      count: window.count,
      resetSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  async close() {}
}

export class RedisRateLimitStore implements RateLimitStore {
  private readonly client: Promise<import('ioredis').Redis>;
  constructor(url: string) {
    this.client = import('ioredis').then(
      ({ Redis }) => new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false }),
    );
  }

  async hit(key: string, windowSeconds: number) {
    const redis = await this.client;
    const redisKey = `chapitres:rl:${key}`;
    const [[, count], [, ttl]] = (await redis.multi().incr(redisKey).pttl(redisKey).exec()) as [
      [null, number],
      [null, number],
    ];
    if (ttl < 0) await redis.pexpire(redisKey, windowSeconds * 1000);
    return { count, resetSeconds: ttl > 0 ? Math.ceil(ttl / 1000) : windowSeconds };
  }

  async close() {
    (await this.client).disconnect();
  }
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly multiplier = 1,
  ) {}

  /** Throws 429 too_many_requests (with Retry-After) when any of the keys is over its limit. */
  async check(rule: RateLimitRule, ...keys: (string | null | undefined)[]): Promise<void> {
    for (const key of keys) {
      if (!key) continue;
      const { count, resetSeconds } = await this.store.hit(
        `${rule.name}:${key}`,
        rule.windowSeconds,
      );
      if (count > rule.limit * this.multiplier)
        throw new AppError('too_many_requests', {}, { retryAfter: resetSeconds });
    }
  }

  close() {
    return this.store.close();
  }
}

export const rateLimits = {
  loginByIp: { name: 'login-ip', limit: 30, windowSeconds: 15 * 60 },
  loginByEmail: { name: 'login-email', limit: 10, windowSeconds: 15 * 60 },
  signupByIp: { name: 'signup-ip', limit: 10, windowSeconds: 60 * 60 },
  recoveryByIp: { name: 'recovery-ip', limit: 10, windowSeconds: 60 * 60 },
  recoveryByEmail: { name: 'recovery-email', limit: 3, windowSeconds: 60 * 60 },
  resetByIp: { name: 'reset-ip', limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;
