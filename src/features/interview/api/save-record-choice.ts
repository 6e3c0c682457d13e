// PATCH /users/me { record_answers }: the person's answer to « keep the sound of your answers? », asked
// once by the chat (issue 20). The answer replaces the stored user, as every profile update does.
import type { UpdateMeBody } from '@contract/accounts';
import { apiRequest } from '../../../lib/api-client';
import { setSessionUser, userFromWire, type UserWire } from '../../../lib/session';

export async function saveRecordChoice(keep: boolean): Promise<void> {
  const user = await apiRequest<UserWire>('/users/me', {
    method: 'PATCH',
    json: { record_answers: keep } satisfies UpdateMeBody,
  });
  setSessionUser(userFromWire(user));
}
