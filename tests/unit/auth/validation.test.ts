// The account forms' rules: email, password rules, and when login and sign-up may be submitted.
import { describe, expect, it } from 'vitest';
import {
  canSubmitLogin,
  canSubmitReset,
  canSubmitSignUp,
  failingPasswordRules,
  isEmailValid,
  isPasswordValid,
} from '../../../src/features/auth/validation';

describe('email rule', () => {
  it.each(['jeanne@example.org', 'j.martin+livre@mail.example.fr', '  spaced@example.org  '])(
    'accepts %s',
    (email) => {
      expect(isEmailValid(email)).toBe(true);
    },
  );
  it.each([
    '',
    'jeanne',
    'jeanne@',
    '@example.org',
    'jeanne@example',
    'jea nne@example.org',
    'a@b@c.org',
  ])('refuses %j', (email) => {
    expect(isEmailValid(email)).toBe(false);
  });
});

describe('password rules', () => {
  it('lists every rule for an empty password', () => {
    expect(failingPasswordRules('')).toEqual([
      'minLength',
      'uppercase',
      'lowercase',
      'digit',
      'special',
    ]);
  });
  it('names exactly the rules still unmet', () => {
    expect(failingPasswordRules('abcdefgh')).toEqual(['uppercase', 'digit', 'special']);
    expect(failingPasswordRules('Abcdef1!')).toEqual([]);
    expect(failingPasswordRules('Abc1!')).toEqual(['minLength']);
    expect(failingPasswordRules('ABCDEFG1-')).toEqual(['lowercase']);
  });
  it('accepts each special character of !@#$%^&*- and nothing else', () => {
    for (const special of '!@#$%^&*-') expect(isPasswordValid(`Abcdefg1${special}`)).toBe(true);
    for (const other of '_+=?.,;:~()')
      expect(failingPasswordRules(`Abcdefg1${other}`)).toEqual(['special']);
  });
  it('needs 8 characters, not 7', () => {
    expect(isPasswordValid('Abcde1!')).toBe(false);
    expect(isPasswordValid('Abcdef1!')).toBe(true);
  });
});

describe('login submit rule', () => {
  it('needs a valid email and a non-empty password', () => {
    expect(canSubmitLogin({ email: 'jeanne@example.org', password: 'x' })).toBe(true);
    expect(canSubmitLogin({ email: 'jeanne@example.org', password: '' })).toBe(false);
    expect(canSubmitLogin({ email: 'jeanne', password: 'secret' })).toBe(false);
  });
});

describe('sign-up submit rule', () => {
  const valid = {
    email: 'jeanne@example.org',
    password: 'Souvenir1!',
    confirmation: 'Souvenir1!',
    termsAccepted: true,
  };
  it('accepts a complete, valid form', () => {
    expect(canSubmitSignUp(valid)).toBe(true);
  });
  it.each([
    ['an invalid email', { email: 'jeanne@' }],
    ['an empty email', { email: '' }],
    ['a weak password', { password: 'souvenir', confirmation: 'souvenir' }],
    ['a different confirmation', { confirmation: 'Souvenir2!' }],
    ['an empty confirmation', { confirmation: '' }],
    ['terms not accepted', { termsAccepted: false }],
  ])('refuses %s', (_label, change) => {
    expect(canSubmitSignUp({ ...valid, ...change })).toBe(false);
  });
});

describe('reset submit rule', () => {
  it('needs a valid password and the same confirmation', () => {
    expect(canSubmitReset({ password: 'Souvenir1!', confirmation: 'Souvenir1!' })).toBe(true);
    expect(canSubmitReset({ password: 'Souvenir1!', confirmation: '' })).toBe(false);
    expect(canSubmitReset({ password: 'souvenir', confirmation: 'souvenir' })).toBe(false);
  });
});
