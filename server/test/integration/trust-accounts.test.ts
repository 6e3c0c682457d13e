// Issue 28, accounts: a borrowed session cannot take an account (an email change needs the password,
// tells the previous address and can be undone from it; recovery mails only a verified address; a new
// email or password ends the other sessions), the mails a person can trigger are limited, and login
// throttling stops the attacker, never the owner who knows the password or just reset it.
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/rate-limit.ts';
import { useTestApp } from '../support/build.ts';
import { PASSWORD, linkToken, mailsTo, signupBody, uniqueEmail } from '../support/factories.ts';

// Real limits (multiplier 1): every person and caller below has an address of their own.
const ctx = useTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1' } });

let nextAddress = 0;
/** A fresh caller address (TEST-NET-3 and friends), so the per-address limits of one test stay its own. */
function address(): string {
  nextAddress += 1;
  return `10.28.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
}

interface Person {
  email: string;
  password: string;
  ip: string;
  auth: { authorization: string };
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

function login(email: string, password: string, ip: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/login/access-token',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password }).toString(),
  });
}

async function person({ verified = true } = {}): Promise<Person> {
  const ip = address();
  const body = signupBody();
  const signup = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/signup',
    remoteAddress: ip,
    payload: body,
  });
  expect(signup.statusCode).toBe(201);
  const email = body.email as string;
  if (verified) {
    const [mail] = await mailsTo(ctx.app, email);
    const validated = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/validate-email',
      remoteAddress: ip,
      payload: { token: linkToken(mail) },
    });
    expect(validated.statusCode).toBe(200);
  }
  const signedIn = await login(email, PASSWORD, ip);
  expect(signedIn.statusCode).toBe(200);
  return { email, password: PASSWORD, ip, auth: bearer(signedIn.json().access_token) };
}

function changeEmail(who: Person, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'PATCH',
    url: '/api/v1/users/me',
    remoteAddress: who.ip,
    headers: who.auth,
    payload,
  });
}

function me(auth: { authorization: string }) {
  return ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: auth });
}

function recover(email: string, ip = address()) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/password-recovery/${encodeURIComponent(email)}`,
    remoteAddress: ip,
  });
}

function undo(token: string, newPassword: string, ip = address()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/undo-email-change',
    remoteAddress: ip,
    payload: { token, new_password: newPassword },
  });
}

function expectError(
  response: { statusCode: number; json(): { detail: { type: string; loc?: unknown[] }[] } },
  status: number,
  type: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
}

describe('issue 28, item 1: an email change needs the password and can be undone', () => {
  it('refuses a new email without the current password (422) or with a wrong one (400 incorrect_password)', async () => {
    const owner = await person();
    const missing = await changeEmail(owner, { email: uniqueEmail('thief') });
    expectError(missing, 422, 'validation_error');
    expect(missing.json().detail[0].loc).toEqual(['body', 'current_password']);
    const wrong = await changeEmail(owner, {
      email: uniqueEmail('thief'),
      current_password: 'Wrong1!pass',
    });
    expectError(wrong, 400, 'incorrect_password');
    expect(wrong.json().detail[0].msg).toBe('Le mot de passe actuel est incorrect.');
    // Even whether the address belongs to someone is not told without the password.
    const other = await person();
    expectError(
      await changeEmail(owner, { email: other.email, current_password: 'Wrong1!pass' }),
      400,
      'incorrect_password',
    );
    expect((await me(owner.auth)).json().email).toBe(owner.email);
    // Other changes still need no password.
    expect((await changeEmail(owner, { full_name: 'Marie' })).statusCode).toBe(200);
  });

  it('ends the other sessions; the device that changed it stays signed in with the new token', async () => {
    const owner = await person();
    const elsewhere = bearer((await login(owner.email, PASSWORD, address())).json().access_token);
    const newEmail = uniqueEmail('moved');
    const changed = await changeEmail(owner, { email: newEmail, current_password: PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: newEmail, email_verified: false });
    const token = changed.json().access_token as string;
    expect(token).toEqual(expect.any(String));
    expect((await me(bearer(token))).json().email).toBe(newEmail);
    expectError(await me(elsewhere), 401, 'not_authenticated');
    expectError(await me(owner.auth), 401, 'not_authenticated');
    // A change of name only keeps the sessions and gives no token.
    const renamed = await changeEmail({ ...owner, auth: bearer(token) }, { full_name: 'Jean' });
    expect(renamed.json().access_token).toBeUndefined();
    expect((await me(bearer(token))).statusCode).toBe(200);
  });

  it('tells the previous address, whose link gives it back, sets a new password and ends every session', async () => {
    const owner = await person();
    // A pending recovery link to the owner's address dies with the change.
    await recover(owner.email);
    const [resetMail] = await mailsTo(ctx.app, owner.email);
    expect(resetMail.text).toContain('/reset-password?token=');

    // Someone holding the session and the password moves the account to their address.
    const thief = uniqueEmail('thief');
    const changed = await changeEmail(owner, { email: thief, current_password: PASSWORD });
    expect(changed.statusCode).toBe(200);
    const thiefAuth = bearer(changed.json().access_token);
    const [notice] = await mailsTo(ctx.app, owner.email);
    expect(notice.subject).toBe('L’adresse email de votre compte a changé');
    expect(notice.text).toContain(thief);
    expect(notice.text).toContain('7 jours');
    expect(notice.text).toContain('http://chapitres.test/undo-email-change?token=');
    const undoToken = linkToken(notice);
    const [validation] = await mailsTo(ctx.app, thief);

    expectError(await undo(undoToken, 'weak'), 422, 'weak_password');
    const undone = await undo(undoToken, 'Retour1!mdp');
    expect(undone.statusCode).toBe(200);

    expectError(await me(thiefAuth), 401, 'not_authenticated');
    expectError(await login(thief, PASSWORD, address()), 400, 'incorrect_email_or_password');
    expectError(await login(owner.email, PASSWORD, address()), 400, 'incorrect_email_or_password');
    const back = await login(owner.email, 'Retour1!mdp', address());
    expect(back.statusCode).toBe(200);
    expect((await me(bearer(back.json().access_token))).json()).toMatchObject({
      email: owner.email,
      email_verified: true,
    });
    // The link works once; the thief's validation link and the old recovery link are dead.
    expectError(await undo(undoToken, 'Encore3#mdp'), 400, 'invalid_token');
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/validate-email',
        payload: { token: linkToken(validation) },
      }),
      400,
      'invalid_token',
    );
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/reset-password',
        payload: { token: linkToken(resetMail), new_password: 'Voleur4$mdp' },
      }),
      400,
      'invalid_token',
    );
  });

  it('the undo link of a later change cannot cancel the owner’s undo of the first one', async () => {
    const owner = await person();
    const first = uniqueEmail('thief');
    const second = uniqueEmail('thief');
    const a = await changeEmail(owner, { email: first, current_password: PASSWORD });
    const thief = { ...owner, auth: bearer(a.json().access_token) };
    expect(
      (await changeEmail(thief, { email: second, current_password: PASSWORD })).statusCode,
    ).toBe(200);
    const [ownersNotice] = await mailsTo(ctx.app, owner.email);
    const [thiefsNotice] = await mailsTo(ctx.app, first);
    // The thief gives the account back to their first address…
    expect((await undo(linkToken(thiefsNotice), 'Voleur4$mdp')).statusCode).toBe(200);
    // …and the owner's link still works, and kills the thief's.
    expect((await undo(linkToken(ownersNotice), 'Retour1!mdp')).statusCode).toBe(200);
    expect((await login(owner.email, 'Retour1!mdp', address())).statusCode).toBe(200);
  });

  it('password recovery mails only a verified address, and still answers 200', async () => {
    const unverified = await person({ verified: false });
    expect((await recover(unverified.email)).statusCode).toBe(200);
    const mails = await mailsTo(ctx.app, unverified.email);
    expect(mails.every((mail) => !mail.text.includes('/reset-password?token='))).toBe(true);

    // The reported takeover: a changed, unverified address gets no recovery link.
    const owner = await person();
    const thief = uniqueEmail('thief');
    expect(
      (await changeEmail(owner, { email: thief, current_password: PASSWORD })).statusCode,
    ).toBe(200);
    expect((await recover(thief)).statusCode).toBe(200);
    const thiefMails = await mailsTo(ctx.app, thief);
    expect(thiefMails.every((mail) => !mail.text.includes('/reset-password?token='))).toBe(true);

    // A verified address does get one.
    const verified = await person();
    expect((await recover(verified.email)).statusCode).toBe(200);
    expect((await mailsTo(ctx.app, verified.email))[0].text).toContain('/reset-password?token=');
  });

  it('sends a new validation link to an unconfirmed address on request (3 a day), none to a confirmed one', async () => {
    const unverified = await person({ verified: false });
    const ask = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/me/email-validation',
        remoteAddress: unverified.ip,
        headers: unverified.auth,
      });
    const [first] = await mailsTo(ctx.app, unverified.email);
    const again = await ask();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe('sent');
    const mails = await mailsTo(ctx.app, unverified.email);
    expect(mails).toHaveLength(2);
    const latest = mails.find((mail) => linkToken(mail) !== linkToken(first!))!;
    // The earlier link stops working; the new one confirms the address, and recovery then works.
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/validate-email',
      payload: { token: linkToken(first!) },
    });
    expectError(old, 400, 'invalid_token');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/validate-email',
          payload: { token: linkToken(latest) },
        })
      ).statusCode,
    ).toBe(200);
    expect((await me(unverified.auth)).json().email_verified).toBe(true);
    expect((await ask()).json().message).toBe('already_verified');
    expect(await mailsTo(ctx.app, unverified.email)).toHaveLength(2);

    const other = await person({ verified: false });
    const askOther = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/me/email-validation',
        remoteAddress: other.ip,
        headers: other.auth,
      });
    for (let i = 0; i < 3; i += 1) expect((await askOther()).statusCode).toBe(200);
    const refused = await askOther();
    expectError(refused, 429, 'too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(ctx.app, other.email)).toHaveLength(4);
  });

  it('a password reset ends every session', async () => {
    const owner = await person();
    await recover(owner.email);
    const [mail] = await mailsTo(ctx.app, owner.email);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      payload: { token: linkToken(mail), new_password: 'Nouveau2@mdp' },
    });
    expect(reset.statusCode).toBe(200);
    expectError(await me(owner.auth), 401, 'not_authenticated');
  });
});

describe('issue 28, item 2: the mails a person can trigger are limited', () => {
  it('allows 3 email changes a day per person, then 429 with Retry-After', async () => {
    const owner = await person();
    let auth = owner.auth;
    for (let i = 0; i < rateLimits.emailChangesByUser.limit; i += 1) {
      const changed = await changeEmail(
        { ...owner, auth },
        { email: uniqueEmail('moved'), current_password: PASSWORD },
      );
      expect(changed.statusCode).toBe(200);
      auth = bearer(changed.json().access_token);
    }
    const refused = await changeEmail(
      { ...owner, auth },
      { email: uniqueEmail('moved'), current_password: PASSWORD },
    );
    expectError(refused, 429, 'too_many_requests');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    // Other profile changes go on.
    expect((await changeEmail({ ...owner, auth }, { full_name: 'Marie' })).statusCode).toBe(200);
  });

  it('refused attempts (wrong password, taken address) do not use up the changes', async () => {
    const owner = await person();
    const other = await person();
    for (let i = 0; i < 3; i += 1) {
      expectError(
        await changeEmail(owner, { email: other.email, current_password: PASSWORD }),
        409,
        'user_email_already_exists',
      );
    }
    const changed = await changeEmail(owner, {
      email: uniqueEmail('moved'),
      current_password: PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
  });

  it('limits the current passwords a session can try', async () => {
    const owner = await person();
    for (let i = 0; i < rateLimits.passwordChecksByUser.limit; i += 1) {
      expectError(
        await changeEmail(owner, {
          email: uniqueEmail('thief'),
          current_password: `Wrong${i}!pass`,
        }),
        400,
        'incorrect_password',
      );
    }
    // Even the right password is refused now: guessing it through a borrowed session stops here.
    expectError(
      await changeEmail(owner, { email: uniqueEmail('thief'), current_password: PASSWORD }),
      429,
      'too_many_requests',
    );
  });

  it('30 alternating email changes send a handful of mails, not 30', async () => {
    const owner = await person();
    const [a, b] = [uniqueEmail('target'), uniqueEmail('other')];
    let auth = owner.auth;
    for (let i = 0; i < 30; i += 1) {
      const response = await changeEmail(
        { ...owner, auth },
        { email: i % 2 ? b : a, current_password: PASSWORD },
      );
      if (response.statusCode === 200) auth = bearer(response.json().access_token);
    }
    const received = (await mailsTo(ctx.app, a)).length + (await mailsTo(ctx.app, b)).length;
    expect(received).toBeLessThanOrEqual(2 * rateLimits.emailChangesByUser.limit);
  });
});

describe('issue 28, item 3: login throttling stops the attacker, never the owner', () => {
  it('10 wrong passwords from one address do not stop the owner elsewhere', async () => {
    const owner = await person();
    const attacker = address();
    for (let i = 0; i < rateLimits.loginFailuresByIpAccount.limit; i += 1)
      expectError(
        await login(owner.email, 'Wrong1!pass', attacker),
        400,
        'incorrect_email_or_password',
      );
    expectError(await login(owner.email, 'Wrong1!pass', attacker), 429, 'too_many_requests');
    // The attacker's address is stopped on this account, even with the right password…
    expectError(await login(owner.email, PASSWORD, attacker), 429, 'too_many_requests');
    // …the owner is not: from where she signed in before, nor from a new address.
    expect((await login(owner.email, PASSWORD, owner.ip)).statusCode).toBe(200);
    expect((await login(owner.email.toUpperCase(), PASSWORD, address())).statusCode).toBe(200);
  });

  it('a correct password never counts: the owner signs in as often as she likes', async () => {
    const owner = await person();
    for (let i = 0; i < rateLimits.loginFailuresByIpAccount.limit + 2; i += 1)
      expect((await login(owner.email, PASSWORD, owner.ip)).statusCode).toBe(200);
  });

  it('a distributed guess stops new addresses, not the owner’s known one; a reset clears it', async () => {
    const owner = await person();
    for (let i = 0; i < rateLimits.loginFailuresByAccount.limit; i += 1)
      expectError(
        await login(owner.email, `Wrong${i}!pass`, address()),
        400,
        'incorrect_email_or_password',
      );
    // A new address is stopped on this account (the guessing has to stop somewhere)…
    expectError(await login(owner.email, 'Guess1!pass', address()), 429, 'too_many_requests');
    // …but the owner's address, which signed in before, is not.
    expect((await login(owner.email, PASSWORD, owner.ip)).statusCode).toBe(200);
    // The owner resets her password: from anywhere, she is let in again.
    await recover(owner.email);
    const [mail] = await mailsTo(ctx.app, owner.email);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      remoteAddress: address(),
      payload: { token: linkToken(mail), new_password: 'Nouveau2@mdp' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(owner.email, 'Nouveau2@mdp', address())).statusCode).toBe(200);
  });

  it('the owner who mistyped 10 times is let in again after resetting from that address', async () => {
    const owner = await person();
    for (let i = 0; i < rateLimits.loginFailuresByIpAccount.limit; i += 1)
      await login(owner.email, 'Forgot1!pass', owner.ip);
    expectError(await login(owner.email, PASSWORD, owner.ip), 429, 'too_many_requests');
    await recover(owner.email, owner.ip);
    const [mail] = await mailsTo(ctx.app, owner.email);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      remoteAddress: owner.ip,
      payload: { token: linkToken(mail), new_password: 'Nouveau2@mdp' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(owner.email, 'Nouveau2@mdp', owner.ip)).statusCode).toBe(200);
  });
});
