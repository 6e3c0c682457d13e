// Starting a payment: the checkout call for one product, then the browser goes to the payment page
// (window.location.assign). The button stays busy until the page is left; coming back with the
// browser's Back button (page restored from the back/forward cache) makes it pressable again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startCheckout, type CheckoutRequest } from '../api/checkout';
import { ensurePaymentProvider } from '../api/get-payment-provider';
import type { Product } from '../api/types';
import { rememberCheckout } from '../checkout-memory';
import { track } from '../../../lib/analytics';

/** Leaves the app for the payment page (the simulator or Stripe). */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}

export function useCheckout() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (request: CheckoutRequest) =>
      startCheckout(await ensurePaymentProvider(queryClient), request),
    onSuccess: (answer, request) => {
      track('feature_used', { feature: 'checkout_started', product: request.product });
      rememberCheckout(request);
      goToPaymentPage(answer.redirect_url);
    },
    // Spec §8: a checkout failure gives no redirect; the card says why, with the server's words.
    meta: { globalErrorToast: false },
  });

  const { reset } = mutation;
  useEffect(() => {
    function onPageShow(event: PageTransitionEvent) {
      if (event.persisted) reset();
    }
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const product = mutation.variables?.product;
  return {
    start: (request: CheckoutRequest) => mutation.mutate(request),
    /** The product whose payment page is being opened (busy until the page is left). */
    activeProduct: (mutation.isPending || mutation.isSuccess ? product : undefined) as
      Product | undefined,
    /** The product whose checkout failed, with the error. */
    failedProduct: (mutation.isError ? product : undefined) as Product | undefined,
    error: mutation.error,
  };
}
