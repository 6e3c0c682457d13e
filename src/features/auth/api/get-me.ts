// GET /users/me: the signed-in user. The query (use-me.ts) refreshes the stored user with each answer;
// signing in asks once, before the session exists, without the query layer.
import { apiRequest } from '../../../lib/api-client';
import { userFromWire, type User, type UserWire } from '../../../lib/session';

/** `token` is given by the login flow, before the session exists. */
export async function getMe(token?: string): Promise<User> {
  return userFromWire(
    await apiRequest<UserWire>('/users/me', token === undefined ? {} : { token }),
  );
}
