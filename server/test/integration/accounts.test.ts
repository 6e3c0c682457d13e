// Accounts end to end through HTTP: sign-up, sign-in, profile, terms, email validation, password
// recovery, deletion — good input and every kind of bad input.
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../support/build.ts';
import {
  PASSWORD,
  createUser,
  linkToken,
  login,
  mailsTo,
  signupBody,
  uniqueEmail,
  type TestUser,
} from '../support/factories.ts';

// Every hash the server verifies, in order (the real argon2 does the work).
const { verified } = vi.hoisted(() => ({ verified: [] as string[] }));
vi.mock('@node-rs/argon2', async (original) => {
  const argon2 = await original<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    verify: (...args: Parameters<typeof argon2.verify>) => {
      verified.push(String(args[0]));
      return argon2.verify(...args);
    },
  };
});

const ctx = useTestApp();

function expectError(
  response: { statusCode: number; json(): { detail: { type: string }[] } },
  status: number,
  type: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
}

/** Follows the validation link mailed at sign-up (recovery mails only a verified address). */
async function verify(user: TestUser): Promise<TestUser> {
  const [mail] = await mailsTo(ctx.app, user.email);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/validate-email',
    payload: { token: linkToken(mail) },
  });
  expect(response.statusCode).toBe(200);
  return user;
}

describe('sign-up', () => {
  it('creates a standard account, answers 201 with the user and mails a validation link', async () => {
    const body = signupBody({ email: uniqueEmail('Marie').replace('marie', 'Marie') });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      email: (body.email as string).toLowerCase(),
      account_type: 'standard',
      email_verified: false,
      is_cgu_valid: true,
      is_cgv_valid: true,
      is_pdc_valid: true,
      free_chapters_allowed: 3,
      current_language: 'fr-FR',
    });
    expect(user).not.toHaveProperty('password_hash');
    const [mail] = await mailsTo(ctx.app, user.email);
    expect(mail.subject).toBe('Confirmez votre adresse email');
    expect(mail.text).toContain('http://chapitres.test/email-validation?token=');
  });

  it('creates a multi-users account and mails in English for an English speaker', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      payload: signupBody({ account_type: 'multi-users', current_language: 'en-US' }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().account_type).toBe('multi-users');
    const [mail] = await mailsTo(ctx.app, response.json().email);
    expect(mail.subject).toBe('Confirm your email address');
  });

  it('keeps the region of the language (en-GB stays en-GB, any casing), French by default', async () => {
    const signedUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      payload: signupBody({ current_language: 'en-GB' }),
    });
    expect(signedUp.json().current_language).toBe('en-GB');
    const user = await createUser(ctx.app);
    const patch = (current_language: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/me',
        headers: user.auth,
        payload: { current_language },
      });
    expect((await patch('en_gb')).json().current_language).toBe('en-GB');
    expect((await patch('EN-au')).json().current_language).toBe('en-AU');
    expect((await patch('fr-ca')).json().current_language).toBe('fr-CA');
    expect((await patch('en')).json().current_language).toBe('en-US');
    expectError(await patch('de-DE'), 422, 'validation_error');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.auth });
    expect(me.json().current_language).toBe('en-US');
  });

  it('refuses an existing email in any case with 409 user_email_already_exists', async () => {
    const body = signupBody();
    await ctx.app.inject({ method: 'POST', url: '/api/v1/users/signup', payload: body });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      payload: { ...body, email: (body.email as string).toUpperCase() },
    });
    expectError(again, 409, 'user_email_already_exists');
  });

  it('refuses a weak password, refused consents, a bad email, wrong types and unknown fields with 422', async () => {
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/signup',
        payload: signupBody({ password: 'short' }),
      }),
      422,
      'weak_password',
    );
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/signup',
        payload: signupBody({ password: 'nospecial1A' }),
      }),
      422,
      'weak_password',
    );
    const consent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      payload: signupBody({ cgv_validated: false }),
    });
    expectError(consent, 422, 'consent_required');
    expect(consent.json().detail[0].loc).toEqual(['body', 'cgv_validated']);
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/signup',
        payload: signupBody({ email: 'not-an-email' }),
      }),
      422,
      'validation_error',
    );
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/signup',
        payload: signupBody({ cgu_validated: 'yes' }),
      }),
      422,
      'validation_error',
    );
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/signup',
        payload: signupBody({ account_type: 'admin' }),
      }),
      422,
      'validation_error',
    );
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/signup',
        payload: signupBody({ is_admin: true }),
      }),
      422,
      'validation_error',
    );
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      payload: { email: uniqueEmail() },
    });
    expectError(missing, 422, 'validation_error');
    expect(missing.json().detail[0].loc[0]).toBe('body');
  });

  it('answers malformed JSON with 400, a huge body with 413, and a wrong content type with 415', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expectError(malformed, 400, 'malformed_json');
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...signupBody(), full_name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectError(huge, 413, 'payload_too_large');
    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expectError(xml, 415, 'unsupported_media_type');
  });

  it('answers errors in English when the caller asks for it', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
      payload: signupBody({ password: 'short' }),
    });
    expect(response.json().detail[0].msg).toMatch(/password needs/);
    const french = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      payload: signupBody({ password: 'short' }),
    });
    expect(french.json().detail[0].msg).toMatch(/mot de passe/);
  });
});

describe('sign-in', () => {
  it('returns a bearer token for the right pair, whatever the email case', async () => {
    const user = await createUser(ctx.app);
    const response = await login(ctx.app, user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      token_type: 'bearer',
      access_token: expect.any(String),
    });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${response.json().access_token}` },
    });
    expect(me.json().id).toBe(user.id);
  });

  it('answers the same 400 for a wrong password and for an unknown email', async () => {
    const user = await createUser(ctx.app);
    const wrong = await login(ctx.app, user.email, 'Wrong1!pass');
    const unknown = await login(ctx.app, uniqueEmail(), PASSWORD);
    expectError(wrong, 400, 'incorrect_email_or_password');
    expectError(unknown, 400, 'incorrect_email_or_password');
    expect(wrong.json().detail[0].msg).toBe(unknown.json().detail[0].msg);
  });

  it('verifies one argon2id hash for an unknown email, as for a wrong password', async () => {
    // Skipping the hash for unknown emails would answer ~10x faster and tell which emails exist.
    // Counted rather than timed: the test never depends on how busy the machine is.
    const user = await createUser(ctx.app);
    verified.length = 0;
    expect((await login(ctx.app, user.email, 'Wrong1!pass')).statusCode).toBe(400);
    expect((await login(ctx.app, uniqueEmail(), 'Wrong1!pass')).statusCode).toBe(400);
    expect(verified).toHaveLength(2);
    for (const hash of verified) expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(verified[1]).not.toBe(verified[0]);
  });

  it('refuses a login without the form fields with 422', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a',
    });
    expectError(response, 422, 'validation_error');
  });
});

describe('the signed-in person', () => {
  it('needs a valid token: missing, malformed, tampered and foreign tokens are 401', async () => {
    const user = await createUser(ctx.app);
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me' }),
      401,
      'not_authenticated',
    );
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: 'Bearer nonsense' },
      }),
      401,
      'not_authenticated',
    );
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: 'Basic abc' },
      }),
      401,
      'not_authenticated',
    );
    const [head, payload, signature] = user.token.split('.');
    const tampered = `${head}.${payload}.${signature.slice(0, -3)}${signature.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${tampered}` },
      }),
      401,
      'not_authenticated',
    );
    const { SignJWT } = await import('jose');
    const foreign = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1d')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${foreign}` },
      }),
      401,
      'not_authenticated',
    );
    // Signed with our key but not naming a person (or with a non-integer version).
    for (const [sub, ver] of [
      ['not-a-uuid', 0],
      [user.id, '0'],
    ] as const) {
      const odd = await new SignJWT({ ver })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setExpirationTime('1d')
        .sign(new TextEncoder().encode(ctx.config.jwtSecret));
      expectError(
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/users/me',
          headers: { authorization: `Bearer ${odd}` },
        }),
        401,
        'not_authenticated',
      );
    }
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${expired}` },
      }),
      401,
      'not_authenticated',
    );
  });

  it('updates the profile and accepts new terms; raising the terms version asks again', async () => {
    const user = await createUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: user.auth,
      payload: { full_name: '  Marie Dupont ', current_language: 'en-US', opt_in_marketing: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      full_name: 'Marie Dupont',
      current_language: 'en-US',
      opt_in_marketing: true,
    });
    expectError(
      await ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/me',
        headers: user.auth,
        payload: {},
      }),
      422,
      'validation_error',
    );
    expectError(
      await ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/me',
        headers: user.auth,
        payload: { account_type: 'multi-users' },
      }),
      422,
      'validation_error',
    );
    expectError(
      await ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/me',
        headers: user.auth,
        payload: { full_name: 42 },
      }),
      422,
      'validation_error',
    );

    // The terms version goes up: the same person must accept again.
    ctx.config.termsVersion = 2;
    try {
      const before = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: user.auth,
      });
      expect(before.json()).toMatchObject({
        is_cgu_valid: false,
        is_cgv_valid: false,
        is_pdc_valid: false,
      });
      const accepted = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/me',
        headers: user.auth,
        payload: { cgu_validated: true, cgv_validated: true, pdc_validated: true },
      });
      expect(accepted.json()).toMatchObject({
        is_cgu_valid: true,
        is_cgv_valid: true,
        is_pdc_valid: true,
      });
    } finally {
      ctx.config.termsVersion = 1;
    }
  });

  it('a changed email must be validated again, and cannot take someone else’s', async () => {
    const user = await createUser(ctx.app);
    const other = await createUser(ctx.app);
    expectError(
      await ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/me',
        headers: user.auth,
        payload: { email: other.email.toUpperCase(), current_password: user.password },
      }),
      409,
      'user_email_already_exists',
    );
    const newEmail = uniqueEmail('moved');
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: user.auth,
      payload: { email: newEmail, current_password: user.password },
    });
    expect(changed.json()).toMatchObject({ email: newEmail, email_verified: false });
    // The change ended every session; the answer's token keeps this device signed in.
    const auth = { authorization: `Bearer ${changed.json().access_token as string}` };
    const [mail] = await mailsTo(ctx.app, newEmail);
    const validated = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/validate-email',
      payload: { token: linkToken(mail) },
    });
    expect(validated.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: auth })).json()
        .email_verified,
    ).toBe(true);
  });

  it('log out everywhere revokes every token issued before', async () => {
    const user = await createUser(ctx.app);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/users/me/logout-all',
          headers: user.auth,
        })
      ).statusCode,
    ).toBe(200);
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.auth }),
      401,
      'not_authenticated',
    );
  });

  it('answers people asked at the same time each with their own account, as the database has it', async () => {
    // Their reads of the person go to the database together (db/batched-reads.ts).
    const people: TestUser[] = [];
    for (let n = 0; n < 4; n += 1) people.push(await createUser(ctx.app));
    const [renamed, revoked] = [people[0]!, people[1]!];
    // A change and a revocation committed before the requests show in their answers.
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: renamed.auth,
      payload: { full_name: 'Jeanne Dupont' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/logout-all',
      headers: revoked.auth,
    });
    const asking = Array.from({ length: 16 }, (_, n) => people[n % people.length]!);
    // On PGlite every statement is one call into the database: fewer calls than requests shows the
    // reads went together (the same code runs on PostgreSQL, where the test counts nothing).
    const pglite = ctx.app.services.database.pglite;
    const calls = pglite ? vi.spyOn(pglite, 'execProtocolRawStream') : null;
    const answers = await Promise.all(
      asking.map((person) =>
        ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: person.auth }),
      ),
    );
    if (calls) {
      expect(calls.mock.calls.length).toBeGreaterThan(0);
      expect(calls.mock.calls.length).toBeLessThanOrEqual(asking.length / 2);
      calls.mockRestore();
    }
    answers.forEach((answer, n) => {
      const person = asking[n]!;
      if (person === revoked) return expectError(answer, 401, 'not_authenticated');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ id: person.id, email: person.email });
      if (person === renamed) expect(answer.json().full_name).toBe('Jeanne Dupont');
    });
    // An id that is no uuid, looked up beside them (a job's row, a webhook's metadata), is nobody and
    // costs the others nothing.
    const [nobody, answer] = await Promise.all([
      ctx.app.services.accounts.findUser('not-a-uuid'),
      ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: people[2]!.auth }),
    ]);
    expect(nobody).toBeNull();
    expect(answer.json().id).toBe(people[2]!.id);
  });
});

describe('email validation', () => {
  it('validates once; a reused, unknown or empty token is refused', async () => {
    const user = await createUser(ctx.app);
    const [mail] = await mailsTo(ctx.app, user.email);
    const token = linkToken(mail);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/validate-email', payload: { token } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.auth })).json()
        .email_verified,
    ).toBe(true);
    expectError(
      await ctx.app.inject({ method: 'POST', url: '/api/v1/validate-email', payload: { token } }),
      400,
      'invalid_token',
    );
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/validate-email',
        payload: { token: 'guessed' },
      }),
      400,
      'invalid_token',
    );
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/validate-email',
        payload: { token: '' },
      }),
      422,
      'validation_error',
    );
    expectError(
      await ctx.app.inject({ method: 'POST', url: '/api/v1/validate-email', payload: {} }),
      422,
      'validation_error',
    );
  });

  it('refuses an expired link', async () => {
    const user = await createUser(ctx.app);
    const [mail] = await mailsTo(ctx.app, user.email);
    await ctx.database.sql.executeSql(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [user.id],
    );
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/validate-email',
        payload: { token: linkToken(mail) },
      }),
      400,
      'invalid_token',
    );
  });
});

describe('password recovery', () => {
  it('always answers 200, mails a link only to a real account, resets once and revokes old tokens', async () => {
    const user = await verify(await createUser(ctx.app, { current_language: 'en-US' }));
    const unknown = uniqueEmail('ghost');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/password-recovery/${encodeURIComponent(unknown)}`,
        })
      ).statusCode,
    ).toBe(200);
    expect(await mailsTo(ctx.app, unknown)).toHaveLength(0);

    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/password-recovery/${encodeURIComponent(user.email.toUpperCase())}`,
        })
      ).statusCode,
    ).toBe(200);
    const [mail] = await mailsTo(ctx.app, user.email);
    expect(mail.subject).toBe('Choose a new password');
    expect(mail.text).toContain('http://chapitres.test/reset-password?token=');
    const token = linkToken(mail);

    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/reset-password',
        payload: { token, new_password: 'weak' },
      }),
      422,
      'weak_password',
    );
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/reset-password',
          payload: { token, new_password: 'Nouveau2@mdp' },
        })
      ).statusCode,
    ).toBe(200);
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/reset-password',
        payload: { token, new_password: 'Encore3#mdp' },
      }),
      400,
      'invalid_token',
    );

    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.auth }),
      401,
      'not_authenticated',
    );
    expectError(await login(ctx.app, user.email, PASSWORD), 400, 'incorrect_email_or_password');
    expect((await login(ctx.app, user.email, 'Nouveau2@mdp')).statusCode).toBe(200);
  });

  it('a newer recovery link replaces the older one', async () => {
    const user = await verify(await createUser(ctx.app));
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/password-recovery/${encodeURIComponent(user.email)}`,
    });
    const [first] = await mailsTo(ctx.app, user.email);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/password-recovery/${encodeURIComponent(user.email)}`,
    });
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/reset-password',
        payload: { token: linkToken(first), new_password: 'Nouveau2@mdp' },
      }),
      400,
      'invalid_token',
    );
  });
});

describe('account deletion', () => {
  it('deletes the account and everything it owns; its token stops working', async () => {
    const user = await createUser(ctx.app);
    const cleaned: string[] = [];
    ctx.app.services.accounts.onUserDeleted(async (id) => {
      cleaned.push(id);
    });
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: user.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(cleaned).toContain(user.id);
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.auth }),
      401,
      'not_authenticated',
    );
    expectError(await login(ctx.app, user.email), 400, 'incorrect_email_or_password');
    const { rows } = await ctx.database.sql.executeSql(
      'SELECT count(*)::int AS n FROM one_time_tokens WHERE user_id = $1',
      [user.id],
    );
    expect((rows[0] as { n: number }).n).toBe(0);
  });
});
