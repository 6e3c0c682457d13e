// Stripe: Checkout Sessions (a subscription, or a one-off payment for the pack and for printed books, with the
// shipping address collected), the customer reused, EUR, the person's language, and signed webhooks read
// into PaymentEvents. The SDK is loaded only when Stripe is configured.
import type Stripe from 'stripe';
import { PRICES } from '../../contract/premium.ts';
import type { ShippingAddress } from '../../db/schema/premium.ts';
import {
  InvalidSignatureError,
  type CheckoutCreated,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  type SubscriptionState,
} from './types.ts';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string | null;
  /** A Stripe-compatible API (tests: a local server), e.g. http://127.0.0.1:12111 */
  apiBase: string | null;
}

/** Countries printed books are shipped to. */
const SHIPPING_COUNTRIES = ['FR', 'BE', 'CH', 'LU', 'MC', 'DE', 'ES', 'IT', 'NL', 'PT', 'GB', 'CA'];

const seconds = (value: number | null | undefined) =>
  typeof value === 'number' ? new Date(value * 1000) : null;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

export function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const raw = subscription as Stripe.Subscription & { current_period_end?: number };
  // Since the 2025 API versions the period lives on the items.
  const periodEnd = seconds(raw.items?.data?.[0]?.current_period_end ?? raw.current_period_end);
  const cancelAt =
    seconds(subscription.cancel_at) ?? (subscription.cancel_at_period_end ? periodEnd : null);
  return {
    providerId: subscription.id,
    userId: subscription.metadata?.user_id ?? null,
    status: subscription.status,
    currentPeriodEnd: periodEnd,
    cancelAt,
    startedAt: seconds(subscription.start_date) ?? undefined,
  };
}

function shippingOf(session: Stripe.Checkout.Session): ShippingAddress | null {
  const details =
    (
      session as {
        collected_information?: {
          shipping_details?: Stripe.Checkout.Session.CollectedInformation.ShippingDetails | null;
        };
      }
    ).collected_information?.shipping_details ??
    (
      session as {
        shipping_details?: Stripe.Checkout.Session.CollectedInformation.ShippingDetails | null;
      }
    ).shipping_details;
  const address = details?.address;
  if (!details || !address?.line1) return null;
  return {
    name: details.name ?? '',
    line1: address.line1,
    line2: address.line2 ?? null,
    postalCode: address.postal_code ?? '',
    city: address.city ?? '',
    country: address.country ?? '',
  };
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private client: Promise<Stripe> | null = null;
  private freeCoupon: Promise<string> | null = null;

  constructor(private readonly options: StripeOptions) {}

  private sdk(): Promise<Stripe> {
    this.client ??= import('stripe').then(({ default: StripeSdk }) => {
      const base = this.options.apiBase ? new URL(this.options.apiBase) : null;
      return new StripeSdk(this.options.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        ...(base
          ? {
              host: base.hostname,
              port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
              protocol: base.protocol.replace(':', '') as 'http' | 'https',
            }
          : {}),
      });
    });
    return this.client;
  }

  /** A 100 % coupon, created once per process, for printed books paid with the pack's credit. */
  private creditCoupon(stripe: Stripe): Promise<string> {
    this.freeCoupon ??= stripe.coupons
      .create({ percent_off: 100, duration: 'once', name: 'Livre imprimé inclus' })
      .then((coupon) => coupon.id);
    return this.freeCoupon;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
    const stripe = await this.sdk();
    let customerId = request.user.customerId;
    if (!customerId) {
      const customer = await stripe.customers.create({
        email: request.user.email,
        metadata: { user_id: request.user.id },
      });
      customerId = customer.id;
    }
    const subscription = request.product === 'subscription';
    const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = {
      quantity: 1,
      price_data: {
        currency: 'eur',
        // With a credit the list price shows, and the coupon takes it to zero.
        unit_amount: request.credit ? PRICES[request.product] : request.amount,
        product_data: { name: request.label },
        ...(subscription ? { recurring: { interval: 'month' as const } } : {}),
      },
    };
    const metadata = {
      checkout_id: request.checkoutId,
      user_id: request.user.id,
      product: request.product,
    };
    const session = await stripe.checkout.sessions.create({
      mode: subscription ? 'subscription' : 'payment',
      customer: customerId,
      client_reference_id: request.user.id,
      line_items: [lineItem],
      locale: request.user.locale,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata,
      ...(subscription
        ? { subscription_data: { metadata } }
        : { payment_intent_data: { metadata } }),
      ...(request.product === 'book'
        ? {
            shipping_address_collection: {
              allowed_countries:
                SHIPPING_COUNTRIES as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
            },
          }
        : {}),
      ...(request.credit ? { discounts: [{ coupon: await this.creditCoupon(stripe) }] } : {}),
    });
    if (!session.url) throw new Error('Stripe returned a session without a URL');
    return { sessionId: session.id, url: session.url, customerId };
  }

  async cancelAtPeriodEnd(subscription: SubscriptionState): Promise<SubscriptionState> {
    const stripe = await this.sdk();
    return subscriptionState(
      await stripe.subscriptions.update(subscription.providerId, { cancel_at_period_end: true }),
    );
  }

  async cancelNow(subscription: SubscriptionState): Promise<SubscriptionState> {
    const stripe = await this.sdk();
    try {
      return subscriptionState(await stripe.subscriptions.cancel(subscription.providerId));
    } catch (error) {
      // Already gone at Stripe: nothing can be charged any more.
      const code = (error as { statusCode?: number }).statusCode;
      if (code === 404) return { ...subscription, status: 'canceled', cancelAt: new Date() };
      throw error;
    }
  }

  async resume(subscription: SubscriptionState): Promise<SubscriptionState> {
    const stripe = await this.sdk();
    return subscriptionState(
      await stripe.subscriptions.update(subscription.providerId, { cancel_at_period_end: false }),
    );
  }

  async cancelNowAndRefund(subscription: SubscriptionState): Promise<void> {
    const stripe = await this.sdk();
    const found = await stripe.subscriptions.retrieve(subscription.providerId, {
      expand: ['latest_invoice.payments'],
    });
    if (found.status !== 'canceled')
      await stripe.subscriptions.cancel(subscription.providerId, { prorate: false });
    const invoice = typeof found.latest_invoice === 'object' ? found.latest_invoice : null;
    const payments = invoice?.payments?.data ?? [];
    const payment = (payments.find((p) => p.status === 'paid') ?? payments[0])?.payment;
    const paymentIntent = idOf(payment?.payment_intent);
    const charge = idOf(payment?.charge);
    if (!paymentIntent && !charge) return;
    // The idempotency key makes a second call (a replayed event) refund nothing more.
    await stripe.refunds.create(
      paymentIntent ? { payment_intent: paymentIntent } : { charge: charge! },
      { idempotencyKey: `chapitres-refuse-${subscription.providerId}` },
    );
  }

  async parseWebhook(raw: Buffer, signature: string | undefined): Promise<PaymentEvent | null> {
    const stripe = await this.sdk();
    if (!this.options.webhookSecret || !signature) throw new InvalidSignatureError();
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(raw, signature, this.options.webhookSecret);
    } catch {
      throw new InvalidSignatureError();
    }
    const base = { id: event.id, created: new Date(event.created * 1000) };
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const checkoutId = session.metadata?.checkout_id;
        if (!checkoutId || session.payment_status === 'unpaid') return null;
        const subscriptionId = idOf(session.subscription);
        return {
          ...base,
          type: 'checkout.completed',
          checkoutId,
          customerId: idOf(session.customer),
          subscription: subscriptionId
            ? subscriptionState(await stripe.subscriptions.retrieve(subscriptionId))
            : null,
          shipping: shippingOf(session),
          amount: session.amount_total ?? 0,
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        return {
          ...base,
          type: 'subscription.updated',
          subscription: subscriptionState(event.data.object),
        };
      case 'customer.subscription.deleted':
        return {
          ...base,
          type: 'subscription.deleted',
          subscription: subscriptionState(event.data.object),
        };
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object as Stripe.Invoice & {
          subscription?: string | { id: string };
        };
        const subscriptionId =
          idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
        if (!subscriptionId) return null;
        if (event.type === 'invoice.payment_failed')
          return { ...base, type: 'invoice.failed', subscriptionId };
        return {
          ...base,
          type: 'invoice.paid',
          subscriptionId,
          periodEnd: seconds(invoice.lines?.data?.[0]?.period?.end),
          amount: invoice.amount_paid,
          renewal: invoice.billing_reason === 'subscription_cycle',
        };
      }
      default:
        return null;
    }
  }
}
