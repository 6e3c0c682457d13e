// Whatever a person or a broken client sends, the answer is a 4xx in the error shape, never a 500:
// odd JSON, NUL characters, malformed or overlong URLs, absurd paging values, wrong content types.
import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { useTestApp } from '../support/build.ts';
import { createUser, signupBody, uniqueEmail } from '../support/factories.ts';

const ctx = useTestApp();
const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

async function expectError(request: InjectOptions, status: number, type: string) {
  const response = await ctx.app.inject(request);
  expect(response.statusCode, `${request.method} ${request.url}`).toBe(status);
  expect(response.json().detail[0].type, `${request.method} ${request.url}`).toBe(type);
  return response.json().detail[0] as { type: string; msg: string; loc?: unknown[] };
}

describe('bad input', () => {
  it('refuses bodies that are not objects', async () => {
    for (const payload of ['null', '[]', '"text"', '42'])
      await expectError(
        { method: 'POST', url: '/api/v1/users/signup', headers: json, payload },
        422,
        'validation_error',
      );
    await expectError(
      { method: 'POST', url: '/api/v1/users/signup', headers: json, payload: '' },
      422,
      'validation_error',
    );
  });

  it('refuses prototype poisoning as malformed JSON and deep nesting as invalid', async () => {
    await expectError(
      {
        method: 'POST',
        url: '/api/v1/users/signup',
        headers: json,
        payload: '{"__proto__":{"a":1}}',
      },
      400,
      'malformed_json',
    );
    await expectError(
      {
        method: 'POST',
        url: '/api/v1/users/signup',
        headers: json,
        payload: `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      },
      422,
      'validation_error',
    );
  });

  it('refuses NUL characters wherever they are, naming the field', async () => {
    const user = await createUser(ctx.app);
    const nameDetail = await expectError(
      {
        method: 'POST',
        url: '/api/v1/users/signup',
        payload: signupBody({ full_name: 'Marie\u0000' }),
      },
      422,
      'validation_error',
    );
    expect(nameDetail.loc).toEqual(['body', 'full_name']);
    await expectError(
      {
        method: 'POST',
        url: '/api/v1/users/signup',
        payload: signupBody({ email: 'a\u0000b@x.fr' }),
      },
      422,
      'validation_error',
    );
    await expectError(
      {
        method: 'POST',
        url: '/api/v1/login/access-token',
        headers: form,
        payload: 'username=a%00@b.fr&password=x',
      },
      422,
      'validation_error',
    );
    const param = await expectError(
      { method: 'POST', url: '/api/v1/password-recovery/a%00b@x.fr' },
      422,
      'validation_error',
    );
    expect(param.loc).toEqual(['params', 'email']);
    await expectError(
      {
        method: 'PATCH',
        url: '/api/v1/users/me',
        headers: user.auth,
        payload: { full_name: 'x\u0000' },
      },
      422,
      'validation_error',
    );
    await expectError(
      { method: 'GET', url: '/api/v1/dev/mailbox?to=%00' },
      422,
      'validation_error',
    );
    await expectError({ method: 'GET', url: '/dev/mailbox?to=%00' }, 422, 'validation_error');
  });

  it('answers malformed and overlong URLs in the error shape', async () => {
    await expectError({ method: 'POST', url: '/api/v1/password-recovery/%' }, 400, 'malformed_url');
    await expectError(
      { method: 'POST', url: `/api/v1/password-recovery/${'a'.repeat(400)}` },
      414,
      'uri_too_long',
    );
    // The longest valid email still reaches password recovery.
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.fr`;
    expect(long.length).toBeLessThanOrEqual(254);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/password-recovery/${long}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses absurd paging values with 422', async () => {
    for (const query of [
      'limit=abc',
      'limit=0',
      'limit=101',
      'skip=-1',
      'skip=99999999999999999999',
    ])
      await expectError(
        { method: 'GET', url: `/api/v1/dev/mailbox?${query}` },
        422,
        'validation_error',
      );
  });

  it('treats an empty JSON body as no body and plain text as the wrong content type', async () => {
    const user = await createUser(ctx.app);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/logout-all',
      headers: { ...user.auth, ...json },
      payload: '',
    });
    expect(logout.statusCode).toBe(200);
    await expectError(
      {
        method: 'POST',
        url: '/api/v1/users/signup',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify(signupBody()),
      },
      415,
      'unsupported_media_type',
    );
  });

  it('answers unknown methods and paths under /api with 404 not_found', async () => {
    await expectError({ method: 'PUT', url: '/api/v1/users/me' }, 404, 'not_found');
    await expectError({ method: 'GET', url: `/api/v1/${'x'.repeat(5000)}` }, 404, 'not_found');
  });

  it('a login with JSON instead of a form still gets the login answer', async () => {
    await expectError(
      {
        method: 'POST',
        url: '/api/v1/login/access-token',
        payload: { username: uniqueEmail(), password: 'x' },
      },
      400,
      'incorrect_email_or_password',
    );
    await expectError(
      {
        method: 'POST',
        url: '/api/v1/login/access-token',
        headers: form,
        payload: 'username=a&username=b&password=x',
      },
      422,
      'validation_error',
    );
  });
});
