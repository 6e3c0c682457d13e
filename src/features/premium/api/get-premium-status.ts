// GET /premium-status: full access, its end date, the monthly subscription, free chapters and the
// printed books already paid for. Asked again whenever a screen showing it opens, because a payment
// made on the payment page must show at once on return.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { premiumKeys } from './premium-keys';
import type { PremiumStatusWire } from './types';

export function getPremiumStatus(): Promise<PremiumStatusWire> {
  return apiRequest<PremiumStatusWire>('/premium-status');
}

export function premiumStatusQueryOptions() {
  return queryOptions({
    queryKey: premiumKeys.status(),
    queryFn: getPremiumStatus,
    staleTime: 0,
    // Each screen says itself that the status could not be loaded.
    meta: { globalErrorToast: false },
  });
}

interface PremiumStatusOptions {
  enabled?: boolean;
  /**
   * While waiting for a payment to be applied (see payment-result.tsx): milliseconds until the next
   * question, or false to stop, from the last answer and how many answers came so far.
   */
  pollWhile?: (status: PremiumStatusWire | undefined, answers: number) => number | false;
}

export function usePremiumStatus({ enabled = true, pollWhile }: PremiumStatusOptions = {}) {
  return useQuery({
    ...premiumStatusQueryOptions(),
    enabled,
    refetchInterval: pollWhile
      ? (query) => pollWhile(query.state.data, query.state.dataUpdateCount)
      : undefined,
  });
}
