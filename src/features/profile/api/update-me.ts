// PATCH /users/me: name, language, terms acceptance… The answer replaces the stored user.
import { useMutation } from '@tanstack/react-query';
import type { UpdateMeBody } from '@contract/accounts';
import { apiRequest } from '../../../lib/api-client';
import { setSessionUser, userFromWire, type User, type UserWire } from '../../../lib/session';

/** PATCH /users/me (server/src/contract/accounts.ts). */
export type UpdateMePayload = UpdateMeBody;

export async function updateMe(payload: UpdateMePayload): Promise<User> {
  const user = userFromWire(
    await apiRequest<UserWire>('/users/me', { method: 'PATCH', json: payload }),
  );
  setSessionUser(user);
  return user;
}

/** `showErrors: false` when the screen shows the failure itself (the terms dialog). */
export function useUpdateMeMutation({ showErrors = true } = {}) {
  return useMutation({ mutationFn: updateMe, meta: { globalErrorToast: showErrors } });
}
