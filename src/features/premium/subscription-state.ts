// The subscription status of spec §4, decided from GET /premium-status: none, subscribed, canceled
// (still active until cancelAt) or annual (full access without a running subscription: the 12-month
// pack or a gift code, until premiumEndDate).
import type { PremiumStatusWire } from './api/types';

export type SubscriptionKind = 'none' | 'subscribed' | 'canceled' | 'annual';

export interface SubscriptionState {
  kind: SubscriptionKind;
  /** When a canceled subscription stops (ISO date); null otherwise. */
  cancelAt: string | null;
  /** End of the full access not tied to a subscription (ISO date), when the server gives one. */
  premiumEndDate: string | null;
}

export function subscriptionState(
  status: Pick<PremiumStatusWire, 'is_full_access_granted' | 'full_access_until' | 'subscription'>,
): SubscriptionState {
  const premiumEndDate = status.full_access_until ?? null;
  const subscription = status.subscription;
  if (!subscription || subscription.status !== 'active') {
    return {
      kind: status.is_full_access_granted ? 'annual' : 'none',
      cancelAt: null,
      premiumEndDate,
    };
  }
  if (subscription.cancel_at) {
    return { kind: 'canceled', cancelAt: subscription.cancel_at, premiumEndDate };
  }
  return { kind: 'subscribed', cancelAt: null, premiumEndDate };
}

/** A running subscription (renewing or not): the server refuses a second one (409 already_subscribed). */
export function hasRunningSubscription(state: SubscriptionState): boolean {
  return state.kind === 'subscribed' || state.kind === 'canceled';
}
