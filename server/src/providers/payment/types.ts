// The payment seam: a checkout page for a product, subscription changes, and the provider's events turned
// into one shape that the premium module applies (once each) to grant or remove access.
import type { Product } from '../../contract/premium.ts';
import type { ShippingAddress } from '../../db/schema/premium.ts';

export type { Product, ShippingAddress };

export interface SubscriptionState {
  providerId: string;
  /** Ours, when the provider carries it (Stripe metadata): lets an early event create the row. */
  userId: string | null;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAt: Date | null;
  /** When it began (the simulator bills monthly from then). */
  startedAt?: Date;
}

interface EventBase {
  /** The provider's event id: each is applied once. */
  id: string;
  /** When the provider says it happened: an older event never undoes a newer one. */
  created: Date;
}

export type PaymentEvent = EventBase &
  (
    | {
        type: 'checkout.completed';
        /** Our checkout_sessions row. */
        checkoutId: string;
        customerId: string | null;
        subscription: SubscriptionState | null;
        shipping: ShippingAddress | null;
        /** What was actually paid, in cents. */
        amount: number;
      }
    | { type: 'subscription.updated' | 'subscription.deleted'; subscription: SubscriptionState }
    | {
        type: 'invoice.paid';
        subscriptionId: string;
        periodEnd: Date | null;
        amount: number;
        /** A renewal (not the first payment, already receipted at checkout). */
        renewal: boolean;
      }
    | { type: 'invoice.failed'; subscriptionId: string }
  );

export interface CheckoutRequest {
  checkoutId: string;
  product: Product;
  /** Cents of euro. */
  amount: number;
  /** A printed book paid with the pack's credit: nothing to pay, only the address to give. */
  credit: boolean;
  label: string;
  user: { id: string; email: string; locale: 'fr' | 'en'; customerId: string | null };
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutCreated {
  /** The provider's session id (the simulator: our checkout id). */
  sessionId: string;
  url: string;
  /** A customer created for this person (Stripe), to reuse next time. */
  customerId: string | null;
}

export class InvalidSignatureError extends Error {
  constructor() {
    super('invalid webhook signature');
  }
}

export interface PaymentProvider {
  readonly name: 'demo' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CheckoutCreated>;
  /** Stops at the end of the paid period; answers the subscription as it now is. */
  cancelAtPeriodEnd(subscription: SubscriptionState): Promise<SubscriptionState>;
  resume(subscription: SubscriptionState): Promise<SubscriptionState>;
  /** Stops it now, nothing more is charged (account deletion); one already gone counts as stopped. */
  cancelNow(subscription: SubscriptionState): Promise<SubscriptionState>;
  /**
   * A subscription we refuse (the person already has one, issue 28): stopped now, and its first payment
   * refunded. Safe to call again for the same subscription.
   */
  cancelNowAndRefund(subscription: SubscriptionState): Promise<void>;
  /** Verifies and reads a webhook; null for an event type we do not handle. Throws InvalidSignatureError. */
  parseWebhook(raw: Buffer, signature: string | undefined): Promise<PaymentEvent | null>;
}
