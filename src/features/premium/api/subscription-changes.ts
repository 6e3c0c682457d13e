// POST /{provider}/subscription/cancellation (the subscription stops at the end of the paid period) and
// /restoration (it renews again). Both answer the new status, which replaces the cached one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ensurePaymentProvider } from './get-payment-provider';
import { invalidateAccess } from './invalidate-access';
import { premiumKeys } from './premium-keys';
import type { PaymentProvider, PremiumStatusWire } from './types';

export type SubscriptionChange = 'cancellation' | 'restoration';

export function changeSubscription(
  provider: PaymentProvider,
  change: SubscriptionChange,
): Promise<PremiumStatusWire> {
  return apiRequest<PremiumStatusWire>(`/${provider}/subscription/${change}`, { method: 'POST' });
}

export function useSubscriptionChange(change: SubscriptionChange) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => changeSubscription(await ensurePaymentProvider(queryClient), change),
    onSuccess: (status) => {
      queryClient.setQueryData(premiumKeys.status(), status);
      void invalidateAccess(queryClient);
    },
    // 409 no_active_subscription / subscription_ended: the status was not what this screen showed.
    onError: () => void invalidateAccess(queryClient),
    // The confirmation dialog says what went wrong.
    meta: { globalErrorToast: false },
  });
}
