// Picks the payment provider from config: Stripe when a secret key is set, else the built-in simulator.
import type { Config } from '../../config.ts';
import { DemoPaymentProvider } from './demo.ts';
import { StripePaymentProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

export function createPaymentProvider(config: Pick<Config, 'stripe'>): PaymentProvider {
  if (config.stripe.secretKey)
    return new StripePaymentProvider({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
      apiBase: config.stripe.apiBase,
    });
  return new DemoPaymentProvider();
}
