// The contact form's draft: what was typed, kept in this tab's sessionStorage until the message is sent,
// so a reload (or a trip to another page and back) loses nothing. sessionStorage and not the device:
// the name, address and message of a support request need not outlive the tab.
import type { ContactField } from './api/send-contact-message';

export const CONTACT_DRAFT_KEY = 'chapitres.supportContact';

export type ContactValues = Record<ContactField, string>;

export const emptyContactValues: ContactValues = { name: '', email: '', subject: '', message: '' };

export function readContactDraft(): ContactValues | null {
  try {
    const raw = window.sessionStorage.getItem(CONTACT_DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Record<ContactField, unknown>> | null;
    if (!parsed || typeof parsed !== 'object') return null;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      name: text(parsed.name),
      email: text(parsed.email),
      subject: text(parsed.subject),
      message: text(parsed.message),
    };
  } catch {
    return null;
  }
}

export function writeContactDraft(values: ContactValues): void {
  try {
    window.sessionStorage.setItem(CONTACT_DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Quota or privacy mode: the draft lives as long as the page.
  }
}

export function clearContactDraft(): void {
  try {
    window.sessionStorage.removeItem(CONTACT_DRAFT_KEY);
  } catch {
    // Nothing stored means nothing to remove.
  }
}
