// The Stripe provider with the official SDK against a local server speaking Stripe's API, and webhooks
// signed with stripe.webhooks.generateTestHeaderString: Checkout Sessions per product, the customer reused,
// signature checks, replays, unknown events, subscription changes out of order, and cancellation.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.ts';
import { stripeSubscription } from '../support/fake-stripe.ts';
import { useStripeTestApp } from '../support/payments.ts';

const SECRET = 'whsec_test_chapitres';
const { ctx, fake: fakeStripe } = useStripeTestApp(SECRET);

const stripe = new Stripe('sk_test_fake');

function signed(event: Record<string, unknown>, secret = SECRET) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}

async function deliver(event: Record<string, unknown>, secret = SECRET) {
  const { payload, header } = signed(event, secret);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

let eventCounter = 0;
function event(
  type: string,
  object: Record<string, unknown>,
  created = Math.floor(Date.now() / 1000),
) {
  return {
    id: `evt_test_${++eventCounter}`,
    object: 'event',
    type,
    created,
    data: { object },
    api_version: '2025-10-29.clover',
  };
}

async function status(user: TestUser) {
  return (
    await ctx.app.inject({ method: 'GET', url: '/api/v1/premium-status', headers: user.auth })
  ).json();
}

async function checkout(user: TestUser, product: string) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/stripe/checkout/${product}`,
    headers: user.auth,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const session = [...fakeStripe().sessions.values()].at(-1)!;
  return { url: answer.json().redirect_url as string, session };
}

describe('Stripe checkout', () => {
  it('creates a subscription session in euros and the person’s language, reusing the customer', async () => {
    const user = await createUser(ctx.app, { current_language: 'en-GB' });
    const first = await checkout(user, 'subscription');
    expect(first.url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
    const created = fakeStripe()
      .requests.filter((r) => r.path === '/v1/checkout/sessions')
      .at(-1)!.form;
    expect(created).toMatchObject({
      mode: 'subscription',
      locale: 'en',
      client_reference_id: user.id,
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1400',
      'line_items[0][price_data][recurring][interval]': 'month',
      success_url: 'http://chapitres.test/payment-success?product=subscription',
      cancel_url: 'http://chapitres.test/payment-failure?product=subscription',
    });
    await checkout(user, 'premium-12-months-and-a-book');
    const customers = fakeStripe().requests.filter((r) => r.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    const second = fakeStripe()
      .requests.filter((r) => r.path === '/v1/checkout/sessions')
      .at(-1)!.form;
    expect(second).toMatchObject({
      mode: 'payment',
      customer: created.customer,
      'line_items[0][price_data][unit_amount]': '16800',
    });
  });
});

describe('Stripe webhooks', () => {
  it('grants access from a signed checkout.session.completed, once, and ignores replays and unknown events', async () => {
    const user = await createUser(ctx.app);
    const { session } = await checkout(user, 'premium-12-months-and-a-book');
    const completed = event('checkout.session.completed', {
      ...session,
      payment_status: 'paid',
      amount_total: 16800,
      subscription: null,
    });
    const first = await deliver(completed);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toBe('applied');
    const granted = await status(user);
    expect(granted.is_full_access_granted).toBe(true);
    expect(granted.book_credits).toBe(1);
    const until = granted.full_access_until;
    const replay = await deliver(completed);
    expect(replay.json().result).toBe('duplicate');
    expect((await status(user)).full_access_until).toBe(until);
    expect((await status(user)).book_credits).toBe(1);
    const unknown = await deliver(event('charge.refunded', { id: 'ch_1' }));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().result).toBe('ignored');
  });

  it('refuses a forged or missing signature (400) and grants nothing', async () => {
    const user = await createUser(ctx.app);
    const { session } = await checkout(user, 'premium-12-months-and-a-book');
    const completed = event('checkout.session.completed', {
      ...session,
      payment_status: 'paid',
      amount_total: 16800,
    });
    const forged = await deliver(completed, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().detail[0].type).toBe('invalid_signature');
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(completed),
    });
    expect(unsigned.statusCode).toBe(400);
    // A signed body altered afterwards.
    const { payload, header } = signed(completed);
    const altered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: payload.replace('16800', '1'),
    });
    expect(altered.statusCode).toBe(400);
    expect((await status(user)).is_full_access_granted).toBe(false);
  });

  it('follows a subscription through checkout, cancellation, restoration and deletion, in any order', async () => {
    const user = await createUser(ctx.app);
    const { session } = await checkout(user, 'subscription');
    const subscription = stripeSubscription('sub_test_a', user.id);
    fakeStripe().subscriptions.set('sub_test_a', subscription);
    const t = Math.floor(Date.now() / 1000);
    await deliver(
      event(
        'checkout.session.completed',
        { ...session, payment_status: 'paid', amount_total: 1400, subscription: 'sub_test_a' },
        t,
      ),
    );
    expect((await status(user)).subscription).toEqual({ status: 'active', cancel_at: null });

    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/subscription/cancellation',
      headers: user.auth,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscription.cancel_at).not.toBeNull();
    expect(
      fakeStripe().requests.some(
        (r) => r.path === '/v1/subscriptions/sub_test_a' && r.form.cancel_at_period_end === 'true',
      ),
    ).toBe(true);
    const restored = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/subscription/restoration',
      headers: user.auth,
    });
    expect(restored.json().subscription).toEqual({ status: 'active', cancel_at: null });

    // Deleted, then an older "updated: active" arrives late: no resurrection.
    await deliver(
      event('customer.subscription.deleted', { ...subscription, status: 'canceled' }, t + 100),
    );
    expect((await status(user)).is_full_access_granted).toBe(false);
    await deliver(event('customer.subscription.updated', subscription, t + 50));
    expect((await status(user)).is_full_access_granted).toBe(false);
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/subscription/restoration',
      headers: user.auth,
    });
    expect(failed.statusCode).toBe(409);
  });

  it('marks a subscription past due when an invoice fails, and active again when one is paid', async () => {
    const user = await createUser(ctx.app);
    const t = Math.floor(Date.now() / 1000);
    await deliver(
      event('customer.subscription.created', stripeSubscription('sub_test_b', user.id), t),
    );
    expect((await status(user)).is_full_access_granted).toBe(true);
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      parent: { subscription_details: { subscription: 'sub_test_b' } },
      amount_paid: 1400,
      billing_reason: 'subscription_cycle',
      lines: { data: [{ period: { end: t + 60 * 86400 } }] },
    };
    await deliver(event('invoice.payment_failed', invoice, t + 10));
    expect((await status(user)).subscription.status).toBe('past_due');
    expect((await status(user)).is_full_access_granted).toBe(false);
    await deliver(event('invoice.paid', invoice, t + 20));
    expect((await status(user)).subscription.status).toBe('active');
    expect((await status(user)).is_full_access_granted).toBe(true);
  });
});
