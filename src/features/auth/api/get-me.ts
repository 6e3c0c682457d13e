// GET /users/me: the signed-in user. Each answer refreshes the stored user.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setSessionUser, userFromWire, type User, type UserWire } from '../../../lib/session';
import { authKeys } from './auth-keys';

/** `token` is given by the login flow, before the session exists. */
export async function getMe(token?: string): Promise<User> {
  return userFromWire(
    await apiRequest<UserWire>('/users/me', token === undefined ? {} : { token }),
  );
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: authKeys.me(),
    queryFn: async () => {
      const user = await getMe();
      setSessionUser(user);
      return user;
    },
    staleTime: 5 * 60 * 1000,
    // Spec §8: profile loading errors are only logged (a 401 still signs out, globally).
    meta: { globalErrorToast: false },
  });
}

export function useMe({ enabled = true } = {}) {
  return useQuery({ ...meQueryOptions(), enabled });
}
