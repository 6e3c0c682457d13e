// The built-in payment simulator (api.md § The built-in payment simulator): the checkout page is the app's
// own /api/v1/demo/checkout/{id}; paying there is applied through the same event path as Stripe's webhooks.
// Its subscriptions renew by themselves until cancelled; cancelling stops them a month after they began,
// or after the last monthly anniversary.
import type {
  CheckoutCreated,
  CheckoutRequest,
  PaymentProvider,
  SubscriptionState,
} from './types.ts';

export function nextAnniversary(start: Date, now = new Date()): Date {
  const next = new Date(start);
  while (next <= now) next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo' as const;

  async createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
    return {
      sessionId: request.checkoutId,
      // The simulator is a page of this server: a same-origin path works at whatever address the app
      // was opened (a phone on the home network, a proxy's name), where PUBLIC_URL may not.
      url: `/api/v1/demo/checkout/${request.checkoutId}`,
      customerId: null,
    };
  }

  async cancelAtPeriodEnd(subscription: SubscriptionState): Promise<SubscriptionState> {
    return { ...subscription, cancelAt: nextAnniversary(subscription.startedAt ?? new Date()) };
  }

  async cancelNow(subscription: SubscriptionState): Promise<SubscriptionState> {
    return { ...subscription, status: 'canceled', cancelAt: new Date() };
  }

  async resume(subscription: SubscriptionState): Promise<SubscriptionState> {
    return { ...subscription, cancelAt: null };
  }

  async cancelNowAndRefund(): Promise<void> {
    // The simulator took no money: its refused subscription is only recorded as cancelled.
  }

  async parseWebhook(): Promise<null> {
    // The simulator has no webhooks: its page completes the checkout itself.
    return null;
  }
}
