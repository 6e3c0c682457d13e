// GET /circles (the circles one belongs to), PATCH /circles/{storytellerId} (when news comes) and
// DELETE /circles/{storytellerId} (leaving). Each answer of GET /circles is also kept on the device
// (./circle-copies.ts), and a circle it no longer lists loses every copy there too.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CircleNotify,
  Membership,
  MembershipList,
  UpdateMembershipBody,
} from '@contract/circle';
import { apiRequest } from '../../../lib/api-client';
import { afterFirstPage } from '../../../lib/first-page';
import { queryClient as appQueryClient } from '../../../lib/query-client';
import { currentOwner, keepCopy, storeMemberships } from './circle-copies';
import { circleKeys } from './circle-keys';
import { forgetCircle } from './circle-errors';

export function getMemberships(): Promise<MembershipList> {
  return apiRequest<MembershipList>('/circles');
}

/** A circle the server no longer lists (removed, or left on another device): its copies go. */
export function forgetCirclesNotIn(list: MembershipList, queryClient = appQueryClient): void {
  const kept = new Set(list.data.map((m) => m.storyteller_id));
  const prefix = circleKeys.of('').slice(0, -1);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix })) {
    const storytellerId = query.queryKey[prefix.length];
    if (typeof storytellerId === 'string' && !kept.has(storytellerId))
      queryClient.removeQueries({ queryKey: circleKeys.of(storytellerId), exact: false });
  }
}

export function membershipsQueryOptions() {
  return queryOptions({
    queryKey: circleKeys.memberships(),
    queryFn: async () => {
      const owner = currentOwner();
      const list = await getMemberships();
      forgetCirclesNotIn(list);
      // The home page asks this list too: its device copy waits until the first page is on screen.
      afterFirstPage(() => void keepCopy(owner, () => storeMemberships(list)));
      return list;
    },
    meta: { globalErrorToast: false },
  });
}

export function useMemberships({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...membershipsQueryOptions(), enabled });
}

/**
 * One circle's seat as the pages around it need it (the circle page, a contributor's book pages): whether
 * the list is still loading, her name, and whether this member may prepare her book.
 */
export function useCircleSeat(storytellerId: string) {
  const query = useQuery({
    ...membershipsQueryOptions(),
    select: (list) => list.data.find((m) => m.storyteller_id === storytellerId),
  });
  const membership = query.data;
  return {
    loading: query.isPending && query.fetchStatus !== 'idle',
    storytellerName: membership?.storyteller_name ?? null,
    canMakeBook: membership?.role === 'contributor' && membership.can_make_book,
  };
}

export function useUpdateNotify(storytellerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notify: CircleNotify) =>
      apiRequest<Membership>(`/circles/${storytellerId}`, {
        method: 'PATCH',
        json: { notify } satisfies UpdateMembershipBody,
      }),
    meta: { globalErrorToast: false },
    onSuccess: (membership, notify) => {
      queryClient.setQueryData<MembershipList>(circleKeys.memberships(), (list) =>
        list
          ? {
              ...list,
              data: list.data.map((m) =>
                m.storyteller_id === storytellerId ? { ...m, ...membership, notify } : m,
              ),
            }
          : list,
      );
    },
  });
}

export function useLeaveCircle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storytellerId: string) =>
      apiRequest<void>(`/circles/${storytellerId}`, { method: 'DELETE' }),
    meta: { globalErrorToast: false },
    onSuccess: (_answer, storytellerId) => forgetCircle(queryClient, storytellerId),
  });
}
