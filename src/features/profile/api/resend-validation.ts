// POST /users/me/email-validation: a new confirmation link for an address not confirmed yet (a reset
// link only goes to a confirmed address). The server answers `already_verified` when it is confirmed.
import { useMutation } from '@tanstack/react-query';
import type { Message } from '@contract/accounts';
import { apiRequest } from '../../../lib/api-client';

export function resendEmailValidation(): Promise<Message> {
  return apiRequest<Message>('/users/me/email-validation', { method: 'POST' });
}

export function useResendValidationMutation() {
  return useMutation({ mutationFn: resendEmailValidation, meta: { globalErrorToast: false } });
}
