// POST /password-recovery/{email}: asks for a reset link by mail.
import { apiRequest } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export async function requestPasswordRecovery(email: string): Promise<void> {
  await apiRequest(`/password-recovery/${encodeURIComponent(email.trim())}`, {
    method: 'POST',
    token: null,
  });
}

export function usePasswordRecoveryMutation() {
  // The form shows its own error rules (spec §8).
  return useAction(requestPasswordRecovery);
}
