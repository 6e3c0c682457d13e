// POST /password-recovery/{email}: asks for a reset link by mail.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function requestPasswordRecovery(email: string): Promise<void> {
  await apiRequest(`/password-recovery/${encodeURIComponent(email.trim())}`, {
    method: 'POST',
    token: null,
  });
}

export function usePasswordRecoveryMutation() {
  return useMutation({ mutationFn: requestPasswordRecovery, meta: { globalErrorToast: false } });
}
