// Rate limits answer 429 too_many_requests with Retry-After, per IP, per IP + account and per email,
// and API processes share them through Redis when REDIS_URL is set (under `chapitres:rl:<rule>:`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/rate-limit.ts';
import { useTestApp } from '../support/build.ts';
import { login, signupBody, uniqueEmail } from '../support/factories.ts';

const ctx = useTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1' } });

function recover(email: string, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/password-recovery/${encodeURIComponent(email)}`,
    remoteAddress,
  });
}

describe('rate limits', () => {
  it('limits failed logins per address + account with 429 and Retry-After, in the error shape', async () => {
    const email = uniqueEmail();
    let last = await login(ctx.app, email, 'Wrong1!pass');
    for (let i = 1; i <= rateLimits.loginFailuresByIpAccount.limit; i += 1)
      last = await login(ctx.app, email.toUpperCase(), 'Wrong1!pass');
    expect(last.statusCode).toBe(429);
    expect(last.json().detail[0]).toEqual({
      type: 'too_many_requests',
      msg: 'Trop de demandes. Veuillez réessayer plus tard.',
    });
    const retryAfter = Number(last.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(rateLimits.loginFailuresByIpAccount.windowSeconds);
    // Another email from the same address is still answered.
    expect((await login(ctx.app, uniqueEmail(), 'Wrong1!pass')).statusCode).toBe(400);
  });

  it('limits logins per IP address whatever the email', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimits.loginByIp.limit; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/login/access-token',
        remoteAddress: '198.51.100.20',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: uniqueEmail(), password: 'x' }).toString(),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits password recovery per email and per IP address', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimits.recoveryByEmail.limit; i += 1)
      statuses.push((await recover(email, `192.0.2.${i + 1}`)).statusCode);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const byIp: number[] = [];
    for (let i = 0; i <= rateLimits.recoveryByIp.limit; i += 1)
      byIp.push((await recover(uniqueEmail(), '198.51.100.30')).statusCode);
    expect(byIp.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(byIp.at(-1)).toBe(429);
  });

  it('limits sign-ups per IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimits.signupByIp.limit; i += 1) {
      statuses.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/v1/users/signup',
            remoteAddress: '203.0.113.7',
            payload: signupBody(),
          })
        ).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/users/signup',
          remoteAddress: '203.0.113.8',
          payload: signupBody(),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('does not trust X-Forwarded-For unless TRUST_PROXY says so', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimits.recoveryByIp.limit; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/password-recovery/${encodeURIComponent(`${i}${email}`)}`,
        remoteAddress: '198.51.100.40',
        headers: { 'x-forwarded-for': `10.0.0.${i + 1}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

const redisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.runIf(redisServer)('rate limits shared through Redis', () => {
  let redis: ChildProcess;
  const env: Record<string, string> = { RATE_LIMIT_MULTIPLIER: '1' };

  beforeAll(async () => {
    const port = await freePort();
    // A private, memory-only Redis for this file, stopped afterwards.
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
      stdio: 'ignore',
    });
    const { Redis } = await import('ioredis');
    const probe = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true });
    for (let i = 0; i < 50; i += 1) {
      try {
        await probe.connect();
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await probe.ping();
    probe.disconnect();
    env.REDIS_URL = `redis://127.0.0.1:${port}`;
  });
  afterAll(() => {
    redis?.kill('SIGTERM');
  });

  // Two API processes (two apps) on one Redis.
  const first = useTestApp({ env });
  const second = useTestApp({ env });

  it('names every key chapitres:rl:<rule>:<value>, with no email address in it', async () => {
    const email = uniqueEmail();
    await first.app.inject({
      method: 'POST',
      url: `/api/v1/password-recovery/${encodeURIComponent(email)}`,
    });
    await login(first.app, email, 'Wrong1!pass');
    const { Redis } = await import('ioredis');
    const probe = new Redis(env.REDIS_URL);
    const keys = await probe.keys('*');
    probe.disconnect();
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatch(/^chapitres:rl:[a-z-]+:[^:]/);
      expect(key).not.toContain('undefined');
      expect(key).not.toContain(email);
    }
    expect(keys.some((key) => key.startsWith('chapitres:rl:recovery-email:'))).toBe(true);
    expect(keys.some((key) => key.startsWith('chapitres:rl:login-ip:'))).toBe(true);
    expect(keys.some((key) => key.startsWith('chapitres:rl:login-fail-ip-account:'))).toBe(true);
  });

  it('counts the attempts made on either process', async () => {
    const email = uniqueEmail();
    const attempt = (app: typeof first.app) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/password-recovery/${encodeURIComponent(email)}`,
      });
    for (let i = 0; i < rateLimits.recoveryByEmail.limit; i += 1)
      expect((await attempt(i % 2 ? first.app : second.app)).statusCode).toBe(200);
    const refused = await attempt(first.app);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(second.app)).statusCode).toBe(429);
  });
});
