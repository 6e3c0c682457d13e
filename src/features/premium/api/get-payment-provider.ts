// The `{provider}` segment of the payment paths, from the shared public configuration (src/lib): asked
// once per visit, and only when a payment call needs it.
import type { QueryClient } from '@tanstack/react-query';
import { publicConfigQueryOptions } from '../../../lib/public-config';
import type { PaymentProvider } from './types';

/** The provider, from the cache when known; the payment call that needs it reports a failure. */
export async function ensurePaymentProvider(queryClient: QueryClient): Promise<PaymentProvider> {
  const config = await queryClient.ensureQueryData(publicConfigQueryOptions());
  return config.payment_provider === 'stripe' ? 'stripe' : 'demo';
}
