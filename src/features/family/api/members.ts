// Her circle's people (docs/api.md « The family circle »): GET /circle/members, invite (POST: 201 new,
// 200 already there and unchanged), change a role or relation (PATCH), remove at once (DELETE), and
// send an invitation again (POST …/invitation). Each screen says what failed itself: no global toast.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CircleMember,
  CircleMemberList,
  InviteBody,
  UpdateMemberBody,
} from '@contract/circle';
import { apiRequest } from '../../../lib/api-client';
import { circleKeys } from './circle-keys';
import { withItem, withoutItem } from './list-cache';

const memberPath = (memberId: string) => `/circle/members/${encodeURIComponent(memberId)}`;

export function getMembers(): Promise<CircleMemberList> {
  return apiRequest<CircleMemberList>('/circle/members');
}

export function membersQueryOptions() {
  return queryOptions({
    queryKey: circleKeys.members(),
    queryFn: getMembers,
    meta: { globalErrorToast: false },
  });
}

export function useMembers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...membersQueryOptions(), enabled: options.enabled ?? true });
}

export interface InviteResult {
  member: CircleMember;
  /** The address was in her circle already: nothing changed (200 rather than 201). */
  alreadyThere: boolean;
}

/** 201: a new invitation went out; 200: the address was in her circle already, nothing changed. */
export async function inviteMember(body: InviteBody): Promise<InviteResult> {
  let status = 201;
  const member = await apiRequest<CircleMember>('/circle/members', {
    method: 'POST',
    json: body,
    onStatus: (code) => (status = code),
  });
  return { member, alreadyThere: status === 200 };
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: ({ member }) => {
      queryClient.setQueryData<CircleMemberList>(circleKeys.members(), (list) => {
        if (!list || list.data.some((known) => known.id === member.id)) return list;
        return { ...list, data: [...list.data, member], count: list.count + 1 };
      });
    },
    meta: { globalErrorToast: false },
  });
}

export function updateMember(memberId: string, body: UpdateMemberBody): Promise<CircleMember> {
  return apiRequest<CircleMember>(memberPath(memberId), { method: 'PATCH', json: body });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, body }: { memberId: string; body: UpdateMemberBody }) =>
      updateMember(memberId, body),
    onSuccess: (member) => {
      queryClient.setQueryData<CircleMemberList>(circleKeys.members(), (list) =>
        withItem(list, member),
      );
    },
    meta: { globalErrorToast: false },
  });
}

export async function removeMember(memberId: string): Promise<void> {
  await apiRequest(memberPath(memberId), { method: 'DELETE' });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_result, memberId) => {
      queryClient.setQueryData<CircleMemberList>(circleKeys.members(), (list) =>
        withoutItem(list, memberId),
      );
    },
    meta: { globalErrorToast: false },
  });
}

export function resendInvitation(memberId: string): Promise<CircleMember | undefined> {
  return apiRequest<CircleMember | undefined>(`${memberPath(memberId)}/invitation`, {
    method: 'POST',
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: circleKeys.members() }),
    meta: { globalErrorToast: false },
  });
}
