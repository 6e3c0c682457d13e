// POST /undo-email-change {token, new_password}: the link mailed to the previous address after an email
// change gives that address back, sets a new password and signs every device out.
import type { UndoEmailChangeBody } from '@contract/accounts';
import { apiRequest } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export interface UndoEmailChangeInput {
  token: string;
  newPassword: string;
}

export async function undoEmailChange({ token, newPassword }: UndoEmailChangeInput): Promise<void> {
  // Sent without the bearer token: whoever is signed in on this device, the link alone decides.
  await apiRequest('/undo-email-change', {
    method: 'POST',
    json: { token, new_password: newPassword } satisfies UndoEmailChangeBody,
    token: null,
  });
}

export function useUndoEmailChangeMutation() {
  // The form shows its own error rules.
  return useAction(undoEmailChange);
}
