// PATCH /users/me with her name only: asked beside « how should the biographer address you » when it is
// not known (« Par mon prénom » needs it). The answer replaces the stored user.
import { useMutation } from '@tanstack/react-query';
import type { UpdateMeBody, UpdateMeResponse } from '@contract/accounts';
import { apiRequest } from '../../../lib/api-client';
import { setSessionUser, userFromWire } from '../../../lib/session';

export async function saveFullName(fullName: string): Promise<void> {
  const body: UpdateMeBody = { full_name: fullName };
  const { access_token: _token, ...wire } = await apiRequest<UpdateMeResponse>('/users/me', {
    method: 'PATCH',
    json: body,
  });
  setSessionUser(userFromWire(wire));
}

export function useSaveFullName() {
  return useMutation({ mutationFn: saveFullName });
}
