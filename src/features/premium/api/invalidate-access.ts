// After a payment, a gift code, a cancellation or a restoration: every answer that depends on what the
// person has paid for is asked again (this feature's status and orders, the chapters feature's quota).
import type { QueryClient } from '@tanstack/react-query';
import { premiumKeys } from './premium-keys';

/** The chapters feature's keys start with this (its access rules live at ['chapters', 'access']). */
const CHAPTERS_KEY = ['chapters'] as const;

export function invalidateAccess(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: premiumKeys.all }),
    // Not on screen now, but the next page decides from it at once: fetch it now, not when it is shown.
    queryClient.invalidateQueries({ queryKey: CHAPTERS_KEY, refetchType: 'all' }),
  ]).then(() => undefined);
}
