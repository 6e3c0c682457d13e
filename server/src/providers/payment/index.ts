// Picks the payment provider from config: Stripe when a secret key is set, else the built-in simulator
// (also behind PAYMENTS=off, where the premium service refuses every checkout before reaching it).
import type { Config } from '../../config.ts';
import { DemoPaymentProvider } from './demo.ts';
import { StripePaymentProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

export function createPaymentProvider(
  config: Pick<Config, 'stripe' | 'payments'>,
): PaymentProvider {
  if (config.payments === 'stripe' && config.stripe.secretKey)
    return new StripePaymentProvider({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
      apiBase: config.stripe.apiBase,
    });
  return new DemoPaymentProvider();
}
