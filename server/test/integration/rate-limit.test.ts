// Rate limits answer 429 too_many_requests with Retry-After, per IP and per email.
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/rate-limit.ts';
import { useTestApp } from '../support/build.ts';
import { login, signupBody, uniqueEmail } from '../support/factories.ts';

const ctx = useTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1' } });

describe('rate limits', () => {
  it('limits logins per email with 429 and Retry-After', async () => {
    const email = uniqueEmail();
    let last = await login(ctx.app, email, 'Wrong1!pass');
    for (let i = 1; i <= rateLimits.loginByEmail.limit; i += 1)
      last = await login(ctx.app, email, 'Wrong1!pass');
    expect(last.statusCode).toBe(429);
    expect(last.json().detail[0].type).toBe('too_many_requests');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Another email from the same address is still answered.
    expect((await login(ctx.app, uniqueEmail(), 'Wrong1!pass')).statusCode).toBe(400);
  });

  it('limits password recovery per email', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimits.recoveryByEmail.limit; i += 1) {
      statuses.push(
        (await ctx.app.inject({ method: 'POST', url: `/api/v1/password-recovery/${email}` }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
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
});
