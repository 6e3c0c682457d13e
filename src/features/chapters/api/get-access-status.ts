// What the person may create: GET /premium-status (full access, free chapters left). Servers without
// the premium module answer 404: then there is no full access and the free chapters come from
// GET /users/me, which also carries free_chapters_allowed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { userFromWire, type UserWire } from '../../../lib/session';
import { chapterKeys } from './chapters-keys';
import type { PremiumStatusWire } from './types';

export interface AccessStatus {
  isFullAccessGranted: boolean;
  /** Chapters the person may still create without full access (never negative). */
  freeChaptersAllowed: number;
}

async function accessFromAccount(): Promise<AccessStatus> {
  const user = userFromWire(await apiRequest<UserWire>('/users/me'));
  return { isFullAccessGranted: false, freeChaptersAllowed: Math.max(0, user.freeChaptersAllowed) };
}

export async function getAccessStatus(): Promise<AccessStatus> {
  let status: PremiumStatusWire;
  try {
    status = await apiRequest<PremiumStatusWire>('/premium-status');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return accessFromAccount();
    throw error;
  }
  return {
    isFullAccessGranted: status.is_full_access_granted === true,
    freeChaptersAllowed: Math.max(0, status.free_chapters_allowed ?? 0),
  };
}

export function accessStatusQueryOptions() {
  return queryOptions({
    queryKey: chapterKeys.access(),
    queryFn: getAccessStatus,
    // A payment made on another page must show at once when the list is opened again.
    staleTime: 0,
    meta: { globalErrorToast: false },
  });
}

export function useAccessStatus() {
  return useQuery(accessStatusQueryOptions());
}
