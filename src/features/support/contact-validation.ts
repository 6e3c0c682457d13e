// The contact form's rules, the server's (server contract) checked before sending: a name, a message of 1
// to 10 000 characters, a valid email address, and the length limits of the other fields.
import { CONTACT_LIMITS, type ContactField } from './api/send-contact-message';
import type { ContactValues } from './contact-draft';

export type ContactErrorKey =
  | 'nameRequired'
  | 'messageRequired'
  | 'messageTooLong'
  | 'emailRequired'
  | 'emailInvalid'
  | 'tooLong';

export interface ContactError {
  key: ContactErrorKey;
  max?: number;
}

export type ContactErrors = Partial<Record<ContactField, ContactError>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

/** What is sent: surrounding spaces removed, and the mail's subject when none was given. */
export function contactPayload(values: ContactValues, defaultSubject: string): ContactValues {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    subject: values.subject.trim() || defaultSubject,
    message: values.message.trim(),
  };
}

export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const message = values.message.trim();
  if (message === '') errors.message = { key: 'messageRequired' };
  else if (message.length > CONTACT_LIMITS.message)
    errors.message = { key: 'messageTooLong', max: CONTACT_LIMITS.message };
  const email = values.email.trim();
  if (email === '') errors.email = { key: 'emailRequired' };
  else if (email.length > CONTACT_LIMITS.email)
    errors.email = { key: 'tooLong', max: CONTACT_LIMITS.email };
  else if (!isValidEmail(email)) errors.email = { key: 'emailInvalid' };
  // The server needs a name to answer someone: said here rather than as its generic refusal.
  if (values.name.trim() === '') errors.name = { key: 'nameRequired' };
  for (const field of ['name', 'subject'] as const) {
    if (errors[field]) continue;
    if (values[field].trim().length > CONTACT_LIMITS[field]) {
      errors[field] = { key: 'tooLong', max: CONTACT_LIMITS[field] };
    }
  }
  return errors;
}
