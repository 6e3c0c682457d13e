// The account forms' rules (spec §5): email, password rules, and when each form may be submitted.

// Something@something.tld, without spaces: what people mean by "a valid email" on a form.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailValid(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIALS = '!@#$%^&*-';

export const passwordRuleIds = ['minLength', 'uppercase', 'lowercase', 'digit', 'special'] as const;
export type PasswordRuleId = (typeof passwordRuleIds)[number];

// ASCII letters on purpose: the server applies the same rules (api.md § Accounts).
const passwordTests: Record<PasswordRuleId, (password: string) => boolean> = {
  minLength: (p) => p.length >= PASSWORD_MIN_LENGTH,
  uppercase: (p) => /[A-Z]/.test(p),
  lowercase: (p) => /[a-z]/.test(p),
  digit: (p) => /[0-9]/.test(p),
  special: (p) => [...PASSWORD_SPECIALS].some((c) => p.includes(c)),
};

export function failingPasswordRules(password: string): PasswordRuleId[] {
  return passwordRuleIds.filter((id) => !passwordTests[id](password));
}

export function isPasswordValid(password: string): boolean {
  return failingPasswordRules(password).length === 0;
}

export function canSubmitLogin({ email, password }: { email: string; password: string }): boolean {
  return isEmailValid(email) && password.length > 0;
}

export interface SignUpValues {
  email: string;
  password: string;
  confirmation: string;
  termsAccepted: boolean;
}

export function canSubmitSignUp({
  email,
  password,
  confirmation,
  termsAccepted,
}: SignUpValues): boolean {
  return (
    email.trim() !== '' &&
    isEmailValid(email) &&
    isPasswordValid(password) &&
    confirmation !== '' &&
    confirmation === password &&
    termsAccepted
  );
}

export function canSubmitReset({
  password,
  confirmation,
}: {
  password: string;
  confirmation: string;
}): boolean {
  return isPasswordValid(password) && confirmation !== '' && confirmation === password;
}
