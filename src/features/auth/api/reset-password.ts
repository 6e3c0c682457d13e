// POST /reset-password {token, new_password}: sets a new password from the mailed link.
import type { ResetPasswordBody } from '@contract/accounts';
import { apiRequest } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

export async function resetPassword({ token, newPassword }: ResetPasswordInput): Promise<void> {
  await apiRequest('/reset-password', {
    method: 'POST',
    json: { token, new_password: newPassword } satisfies ResetPasswordBody,
    token: null,
  });
}

export function useResetPasswordMutation() {
  // The form shows its own error rules (spec §8).
  return useAction(resetPassword);
}
