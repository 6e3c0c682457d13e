// What a member's requests can answer that the pages say in words: a 404 on a circle means one is no
// longer in it (a removed member gets 404 everywhere), and then every copy of that circle goes.
import type { QueryClient } from '@tanstack/react-query';
import type { MembershipList } from '@contract/circle';
import { ApiError } from '../../../lib/api-client';
import { dropCopies, forgetCircleCopies } from './circle-copies';
import { circleKeys } from './circle-keys';

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.reason === 'network';
}

/** The stable code of the server's answer (`invitation_expired`, `contributor_only`…). */
export function errorType(error: unknown): string | undefined {
  return error instanceof ApiError ? error.type : undefined;
}

/**
 * Drops what this device holds of a circle (its chapters, one's questions, the membership), from
 * memory, through the persister's next write from the saved query cache, and from the device's copies
 * (Dexie, ./circle-copies.ts). The query that just failed is kept for the page to show why; it holds
 * no data. Resolves once the device's copies are gone.
 */
export function forgetCircle(queryClient: QueryClient, storytellerId: string): Promise<void> {
  queryClient.removeQueries({
    queryKey: circleKeys.of(storytellerId),
    predicate: (query) => query.state.status !== 'error',
  });
  queryClient.setQueryData<MembershipList>(circleKeys.memberships(), (list) => {
    if (!list) return list;
    const data = list.data.filter((m) => m.storyteller_id !== storytellerId);
    return { data, count: data.length };
  });
  return dropCopies(() => forgetCircleCopies(storytellerId));
}
