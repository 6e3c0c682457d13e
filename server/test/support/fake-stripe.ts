// A local HTTP server answering the few Stripe API calls the payment provider makes, as Stripe does: form-
// encoded bodies, bearer secret key, JSON objects with ids. Customers, coupons, Checkout Sessions and
// subscriptions are kept in memory; every request is recorded for the tests to read.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form body, flattened as Stripe sends it: `line_items[0][price_data][currency]` → `eur`. */
  form: Record<string, string>;
}

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  subscriptions: Map<string, Record<string, unknown>>;
  sessions: Map<string, Record<string, unknown>>;
  /** Refunds made (one per idempotency key). */
  refunds: Record<string, unknown>[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFakeStripe(secretKey = 'sk_test_fake'): Promise<FakeStripe> {
  let counter = 0;
  const id = (prefix: string) => `${prefix}_test_${++counter}`;
  const requests: FakeStripeRequest[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown>>();
  const refunds: Record<string, unknown>[] = [];
  const refundsByKey = new Map<string, Record<string, unknown>>();

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(body));
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    requests.push({ method: request.method ?? 'GET', path: url.pathname, form });
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return send(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key' },
      });
    const now = Math.floor(Date.now() / 1000);
    const path = url.pathname;
    if (request.method === 'POST' && path === '/v1/customers')
      return send(response, 200, { id: id('cus'), object: 'customer', email: form.email });
    if (request.method === 'POST' && path === '/v1/coupons')
      return send(response, 200, {
        id: id('coupon'),
        object: 'coupon',
        percent_off: Number(form.percent_off),
      });
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: form.mode,
        customer: form.customer,
        url: `https://checkout.stripe.test/pay/${sessionId}`,
        metadata: {
          checkout_id: form['metadata[checkout_id]'],
          user_id: form['metadata[user_id]'],
          product: form['metadata[product]'],
        },
      };
      sessions.set(sessionId, session);
      return send(response, 200, session);
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      // The same idempotency key answers the first refund again, as Stripe does.
      const key = String(request.headers['idempotency-key'] ?? '');
      const known = key ? refundsByKey.get(key) : undefined;
      if (known) return send(response, 200, known);
      const refund = {
        id: id('re'),
        object: 'refund',
        status: 'succeeded',
        payment_intent: form.payment_intent ?? null,
        charge: form.charge ?? null,
      };
      refunds.push(refund);
      if (key) refundsByKey.set(key, refund);
      return send(response, 200, refund);
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscription) {
      const found = subscriptions.get(subscription[1]!);
      if (!found)
        return send(response, 404, {
          error: { type: 'invalid_request_error', message: 'No such subscription' },
        });
      if (request.method === 'DELETE') {
        Object.assign(found, { status: 'canceled', canceled_at: now, ended_at: now });
        return send(response, 200, found);
      }
      if (request.method === 'POST' && 'cancel_at_period_end' in form) {
        const cancel = form.cancel_at_period_end === 'true';
        const end = (found.items as { data: { current_period_end: number }[] }).data[0]!
          .current_period_end;
        Object.assign(found, { cancel_at_period_end: cancel, cancel_at: cancel ? end : null });
      }
      return send(response, 200, found);
    }
    send(response, 404, { error: { type: 'invalid_request_error', message: `Unknown ${path}` } });
    void now;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    sessions,
    refunds,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe subscription object as the API answers it (2025 versions: the period on the item). */
export function stripeSubscription(
  id: string,
  userId: string,
  overrides: Record<string, unknown> = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    object: 'subscription',
    status: 'active',
    cancel_at: null,
    cancel_at_period_end: false,
    start_date: now,
    metadata: { user_id: userId },
    items: { object: 'list', data: [{ id: `si_${id}`, current_period_end: now + 30 * 86400 }] },
    ...overrides,
  };
}
