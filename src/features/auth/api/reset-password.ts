// POST /reset-password {token, new_password}: sets a new password from the mailed link.
import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@contract/accounts';
import { apiRequest } from '../../../lib/api-client';

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
  return useMutation({ mutationFn: resetPassword, meta: { globalErrorToast: false } });
}
