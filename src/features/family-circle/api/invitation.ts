// GET /circle/invitations/{token} (no sign-in: who invites, and as what) and
// POST /circle/invitations/{token}/accept (signed in: one becomes a member).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationInfo, Membership } from '@contract/circle';
import { apiRequest } from '../../../lib/api-client';
import { circleKeys } from './circle-keys';

const invitationPath = (token: string) => `/circle/invitations/${encodeURIComponent(token)}`;

export function getInvitation(token: string): Promise<InvitationInfo> {
  return apiRequest<InvitationInfo>(invitationPath(token), { token: null });
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: circleKeys.invitation(token),
    queryFn: () => getInvitation(token),
    // A one-time link: nothing to keep for later, and the page says itself what went wrong.
    meta: { persist: false, globalErrorToast: false },
    staleTime: 0,
  });
}

export function useInvitation(token: string) {
  return useQuery({ ...invitationQueryOptions(token), enabled: token !== '' });
}

export function acceptInvitation(token: string): Promise<Membership> {
  return apiRequest<Membership>(`${invitationPath(token)}/accept`, { method: 'POST' });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    meta: { globalErrorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: circleKeys.memberships() }),
  });
}
