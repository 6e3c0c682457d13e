// PATCH /users/me: name, language, terms acceptance, email… The answer replaces the stored user; after
// an email change (which signs every other device out) it also brings this device's new token.
import { useMutation } from '@tanstack/react-query';
import type { UpdateMeBody, UpdateMeResponse } from '@contract/accounts';
import { apiRequest } from '../../../lib/api-client';
import {
  setSessionUser,
  startSession,
  userFromWire,
  type User,
  type UserWire,
} from '../../../lib/session';

/** PATCH /users/me (server/src/contract/accounts.ts). */
export type UpdateMePayload = UpdateMeBody;
export type UpdateMeWire = UpdateMeResponse;

export async function updateMe(payload: UpdateMePayload): Promise<User> {
  const { access_token: token, ...wire } = await apiRequest<UpdateMeWire>('/users/me', {
    method: 'PATCH',
    json: payload,
  });
  const user = userFromWire(wire satisfies UserWire);
  // The device that changed the email stays signed in: the old token stopped working with the change.
  if (token) startSession(token, user);
  else setSessionUser(user);
  return user;
}

/** `showErrors: false` when the screen shows the failure itself (the terms dialog, the email form). */
export function useUpdateMeMutation({ showErrors = true } = {}) {
  return useMutation({ mutationFn: updateMe, meta: { globalErrorToast: showErrors } });
}
