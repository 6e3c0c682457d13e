// POST /support/contact: a message to the support team, signed in or not. The form shows every error
// itself (422 at the field, 429, offline), so no global toast.
import { useMutation } from '@tanstack/react-query';
import type { Message } from '@contract/accounts';
import type { ContactBody, MAX_CONTACT_MESSAGE } from '@contract/support';
import { apiRequest } from '../../../lib/api-client';

/** The server's limits (server contract), checked here first so people see them before sending. */
export const CONTACT_LIMITS = {
  name: 200,
  email: 254,
  subject: 200,
  message: 10_000,
} as const satisfies Record<keyof ContactBody, number> & { message: typeof MAX_CONTACT_MESSAGE };

export type ContactField = keyof typeof CONTACT_LIMITS;

export type ContactMessageBody = ContactBody;
export type ContactAnswerWire = Message;

export function sendContactMessage(body: ContactMessageBody): Promise<ContactAnswerWire> {
  return apiRequest<ContactAnswerWire>('/support/contact', { method: 'POST', json: body });
}

export function useSendContactMessage() {
  return useMutation({
    mutationFn: sendContactMessage,
    meta: { globalErrorToast: false },
  });
}
