// Email addresses as the accounts module keeps them: trimmed and lower-cased, so that an address is
// one account whatever its case.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
