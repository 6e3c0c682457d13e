// POST /validate-email {token}: confirms the address from the mailed link (single-use token).
import type { TokenBody } from '@contract/accounts';
import { apiRequest } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export async function validateEmail(token: string): Promise<void> {
  // Sent without the bearer token: an old token on this device must not turn the link into a logout.
  await apiRequest('/validate-email', {
    method: 'POST',
    json: { token } satisfies TokenBody,
    token: null,
  });
}

export function useValidateEmailMutation() {
  // The form shows its own error rules (spec §8).
  return useAction(validateEmail);
}
