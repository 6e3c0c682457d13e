// Spec §4 "Subscription status": none, subscribed, canceled, annual, from GET /premium-status.
import { describe, expect, it } from 'vitest';
import {
  hasRunningSubscription,
  subscriptionState,
} from '../../../src/features/premium/subscription-state';
import { premiumStatus } from './support';

const UNTIL = '2026-11-20T10:00:00.000Z';
const CANCEL_AT = '2026-03-15T10:00:00.000Z';

describe('subscriptionState', () => {
  it('no subscription and full access: annual, ending at full_access_until', () => {
    expect(
      subscriptionState(premiumStatus({ is_full_access_granted: true, full_access_until: UNTIL })),
    ).toEqual({ kind: 'annual', cancelAt: null, premiumEndDate: UNTIL });
  });

  it('no subscription and no full access: none', () => {
    expect(subscriptionState(premiumStatus())).toEqual({
      kind: 'none',
      cancelAt: null,
      premiumEndDate: null,
    });
  });

  it.each(['canceled', 'past_due', 'incomplete', 'unpaid', 'trialing'])(
    'a subscription that is %s (not active): annual with full access, else none',
    (status) => {
      const subscription = { status, cancel_at: CANCEL_AT };
      expect(
        subscriptionState(
          premiumStatus({ subscription, is_full_access_granted: true, full_access_until: UNTIL }),
        ),
      ).toEqual({ kind: 'annual', cancelAt: null, premiumEndDate: UNTIL });
      expect(subscriptionState(premiumStatus({ subscription })).kind).toBe('none');
    },
  );

  it('active with cancel_at: canceled, keeping the date', () => {
    expect(
      subscriptionState(
        premiumStatus({
          is_full_access_granted: true,
          subscription: { status: 'active', cancel_at: CANCEL_AT },
        }),
      ),
    ).toEqual({ kind: 'canceled', cancelAt: CANCEL_AT, premiumEndDate: null });
  });

  it('active without cancel_at: subscribed (restoring clears the date)', () => {
    const restored = premiumStatus({
      is_full_access_granted: true,
      subscription: { status: 'active', cancel_at: null },
    });
    expect(subscriptionState(restored)).toEqual({
      kind: 'subscribed',
      cancelAt: null,
      premiumEndDate: null,
    });
  });

  it('keeps the pack end date beside a running subscription', () => {
    expect(
      subscriptionState(
        premiumStatus({
          is_full_access_granted: true,
          full_access_until: UNTIL,
          subscription: { status: 'active', cancel_at: null },
        }),
      ),
    ).toEqual({ kind: 'subscribed', cancelAt: null, premiumEndDate: UNTIL });
  });

  it('counts subscribed and canceled as a running subscription (a second one is refused)', () => {
    expect(
      hasRunningSubscription({ kind: 'subscribed', cancelAt: null, premiumEndDate: null }),
    ).toBe(true);
    expect(
      hasRunningSubscription({ kind: 'canceled', cancelAt: CANCEL_AT, premiumEndDate: null }),
    ).toBe(true);
    expect(hasRunningSubscription({ kind: 'annual', cancelAt: null, premiumEndDate: UNTIL })).toBe(
      false,
    );
    expect(hasRunningSubscription({ kind: 'none', cancelAt: null, premiumEndDate: null })).toBe(
      false,
    );
  });
});
