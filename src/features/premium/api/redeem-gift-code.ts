// POST /{provider}/promo-code?customer_promo_code=: a gift code grants full access; the status is asked
// again afterwards (spec §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ensurePaymentProvider } from './get-payment-provider';
import { invalidateAccess } from './invalidate-access';
import type { PaymentProvider, PromoCodeAnswerWire } from './types';

export function redeemGiftCode(
  provider: PaymentProvider,
  code: string,
): Promise<PromoCodeAnswerWire> {
  return apiRequest<PromoCodeAnswerWire>(`/${provider}/promo-code`, {
    method: 'POST',
    query: { customer_promo_code: code },
  });
}

export function useRedeemGiftCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      redeemGiftCode(await ensurePaymentProvider(queryClient), code),
    onSuccess: () => invalidateAccess(queryClient),
    // The form shows the gift-code messages of spec §8 itself.
    meta: { globalErrorToast: false },
  });
}
