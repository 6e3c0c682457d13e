// The signed-in user as a query: each answer of GET /users/me refreshes the stored user.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { setSessionUser } from '../../../lib/session';
import { authKeys } from './auth-keys';
import { getMe } from './get-me';

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
