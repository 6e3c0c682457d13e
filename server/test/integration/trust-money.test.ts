// Issue 28, « Money »: a book credit is taken once, when a checkout completes (not when it opens); one
// person has one subscription (a second completion is refused and, with Stripe, cancelled and refunded);
// a printed book's files are kept from the moment its checkout opens, so deleting the book cannot leave
// a paid order without them; PAYMENTS=off gives everyone full access and sells nothing; and every
// simulated payment says so where the operator and the person read it.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeCommand, type CliContext, type CliOutput } from '../../src/cli.ts';
import { checkoutSessions, subscriptions } from '../../src/db/schema/index.ts';
import { userFolder } from '../../src/modules/chat/service.ts';
import { useTestApp, type TestContext } from '../support/build.ts';
import { createUser, mailsTo, type TestUser } from '../support/factories.ts';
import { stripeSubscription } from '../support/fake-stripe.ts';
import {
  deliverStripeEvent,
  openStripeCheckout,
  readyBook,
  useStripeTestApp,
} from '../support/payments.ts';

type Reply = Awaited<ReturnType<TestContext['app']['inject']>>;

const ADDRESS = {
  name: 'Jeanne Martin',
  line1: '12 rue du Port',
  postal_code: '29100',
  city: 'Douarnenez',
  country: 'FR',
};

function expectError(response: Reply, status: number, type: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
}

async function status(ctx: TestContext, user: TestUser) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/premium-status',
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function open(ctx: TestContext, user: TestUser, product: string, query = '', provider = 'demo') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/${provider}/checkout/${product}${query}`,
    headers: user.auth,
  });
}

/** Presses the simulator's "Payer" on a checkout page. */
function pay(ctx: TestContext, redirectUrl: string, form: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `${redirectUrl}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

async function orders(ctx: TestContext, user: TestUser) {
  return (await ctx.app.inject({ method: 'GET', url: '/api/v1/orders', headers: user.auth })).json()
    .data as Record<string, unknown>[];
}

/** The operator's command line on the test app's services, files kept in memory. */
async function cli(ctx: TestContext, ...argv: string[]) {
  const lines: string[] = [];
  const files = new Map<string, Buffer>();
  const output: CliOutput = {
    print: (line) => lines.push(line),
    writeFile: (path, bytes) => void files.set(path, bytes),
    stream: () => {
      throw new Error('not used');
    },
  };
  await executeCommand(argv, ctx.app.services, output, {} as CliContext);
  return { lines, files };
}

describe('with the payment simulator', () => {
  const ctx = useTestApp();

  async function packWithCredit(user: TestUser) {
    const pack = await open(ctx, user, 'premium-12-months-and-a-book');
    expect((await pay(ctx, pack.json().redirect_url)).statusCode).toBe(303);
    expect((await status(ctx, user)).book_credits).toBe(1);
  }

  it('takes one book credit for one printed book, however many checkouts were opened with it', async () => {
    const user = await createUser(ctx.app);
    await packWithCredit(user);
    const bookId = await readyBook(ctx, user);
    // Three checkouts opened while the credit is there: each shows 0 €.
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await open(ctx, user, 'book', `?book_id=${bookId}`);
      expect(answer.statusCode, answer.body).toBe(200);
      urls.push(answer.json().redirect_url);
    }
    const first = await pay(ctx, urls[0]!, ADDRESS);
    expect(first.statusCode).toBe(303);
    for (const url of urls.slice(1)) {
      const refused = await pay(ctx, url, ADDRESS);
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain('déjà été utilisé');
      expect(refused.body).toContain('rien n’a été payé');
      // Pressing again shows the same, and still no order.
      expect((await pay(ctx, url, ADDRESS)).statusCode).toBe(409);
    }
    expect(await orders(ctx, user)).toEqual([
      expect.objectContaining({ book_id: bookId, amount: 0, paid_with_credit: true }),
    ]);
    expect((await status(ctx, user)).book_credits).toBe(0);
    const refusedRows = await ctx.database.db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.userId, user.id), eq(checkoutSessions.status, 'refused')));
    expect(refusedRows).toHaveLength(2);
    // The files frozen for the refused checkouts go; the order's stay.
    const frozen = (url: string) =>
      ctx.app.services.storage.get(
        `${userFolder(user.id)}orders/${url.split('/').at(-1)}/interior.pdf`,
      );
    expect(await frozen(urls[0]!)).not.toBeNull();
    for (const url of urls.slice(1)) expect(await frozen(url)).toBeNull();
    // The next printed copy is sold at its price.
    const paid = await open(ctx, user, 'book', `?book_id=${bookId}`);
    const page = await ctx.app.inject({ method: 'GET', url: paid.json().redirect_url });
    expect(page.body).toContain('49,00');
  });

  it('gives the credit to exactly one of two checkouts completed at the same moment', async () => {
    const user = await createUser(ctx.app);
    await packWithCredit(user);
    const bookId = await readyBook(ctx, user);
    const urls = [];
    for (let i = 0; i < 2; i++)
      urls.push((await open(ctx, user, 'book', `?book_id=${bookId}`)).json().redirect_url);
    const answers = await Promise.all(urls.map((url) => pay(ctx, url, ADDRESS)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 409]);
    expect(await orders(ctx, user)).toHaveLength(1);
    expect((await status(ctx, user)).book_credits).toBe(0);
  });

  it('refuses a second subscription, opened or completed, with no second charge nor receipt', async () => {
    const user = await createUser(ctx.app);
    // Two checkouts opened before either is paid.
    const a = await open(ctx, user, 'subscription');
    const b = await open(ctx, user, 'subscription');
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect((await pay(ctx, a.json().redirect_url)).statusCode).toBe(303);
    const second = await pay(ctx, b.json().redirect_url);
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('déjà un abonnement');
    expect(second.body).toContain('rien n’a été payé');
    const rows = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(rows.filter((row) => row.status !== 'canceled')).toHaveLength(1);
    const receipts = (await mailsTo(ctx.app, user.email)).filter((m) =>
      /Reçu|reçu/.test(m.subject),
    );
    expect(receipts).toHaveLength(1);
    // With one running, a new checkout is refused outright.
    expectError(await open(ctx, user, 'subscription'), 409, 'already_subscribed');
    // « Résilier » stops the one there is, and the status shows it.
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/demo/subscription/cancellation',
      headers: user.auth,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscription.cancel_at).not.toBeNull();
    expect(cancelled.json().is_full_access_granted).toBe(true);
  });

  it('keeps a printed book’s files from its checkout: the book deleted, the order is paid and exported', async () => {
    const user = await createUser(ctx.app);
    const bookId = await readyBook(ctx, user, 'Le livre effacé');
    const answer = await open(ctx, user, 'book', `?book_id=${bookId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/books/${bookId}`,
      headers: user.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const page = await ctx.app.inject({ method: 'GET', url: answer.json().redirect_url });
    expect(page.body).toContain('Le livre effacé');
    expect((await pay(ctx, answer.json().redirect_url, ADDRESS)).statusCode).toBe(303);
    const [order] = await orders(ctx, user);
    expect(order).toMatchObject({ book_title: 'Le livre effacé', status: 'paid', amount: 4900 });

    const { lines, files } = await cli(
      ctx,
      'orders',
      'export',
      '--id',
      String(order!.id),
      '--out',
      '/x',
    );
    expect(lines.join('\n')).toMatch(/Exported/);
    expect(files.get('/x/interior.pdf')?.toString()).toBe('%PDF-1.7 interior');
    expect(files.get('/x/cover.pdf')?.toString()).toBe('%PDF-1.7 cover');
    const json = JSON.parse(files.get('/x/order.json')!.toString());
    expect(json).toMatchObject({ title: 'Le livre effacé', pages: 48, simulated: true });
    expect(json.payment).toBe('simulation — aucun paiement réel');
  });

  it('marks simulated payments as such in the operator’s order list and in the receipt', async () => {
    const user = await createUser(ctx.app);
    const bookId = await readyBook(ctx, user, 'Le livre simulé');
    const answer = await open(ctx, user, 'book', `?book_id=${bookId}`);
    expect((await pay(ctx, answer.json().redirect_url, ADDRESS)).statusCode).toBe(303);
    const { lines } = await cli(ctx, 'orders', 'list');
    const line = lines.find((l) => l.includes('Le livre simulé'))!;
    expect(line).toContain('49,00');
    expect(line).toContain('simulation — aucun paiement réel');
    const receipt = (await mailsTo(ctx.app, user.email)).find((m) => m.text.includes('49,00'))!;
    expect(receipt.text).toContain('simulation — aucun paiement réel');
    const confirmed = (await mailsTo(ctx.app, user.email)).find((m) =>
      m.subject.startsWith('Commande confirmée'),
    )!;
    expect(confirmed.text).toContain('Simulation : aucun paiement réel');
  });
});

describe('with PAYMENTS=off (a family server)', () => {
  const ctx = useTestApp({ env: { PAYMENTS: 'off', FREE_CHAPTERS: '2' } });

  it('gives every account full access, says so in /config, and sells nothing', async () => {
    const config = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.json().payment_provider).toBe('off');
    const user = await createUser(ctx.app);
    const premium = await status(ctx, user);
    expect(premium.is_full_access_granted).toBe(true);
    expect(await ctx.app.services.premium.hasFullAccess(user.id)).toBe(true);
    const bookId = await readyBook(ctx, user);
    for (const [product, query] of [
      ['subscription', ''],
      ['premium-12-months-and-a-book', ''],
      ['book', `?book_id=${bookId}`],
    ] as const)
      expectError(await open(ctx, user, product, query), 409, 'payments_disabled');
    const message = await open(ctx, user, 'subscription', '');
    expect(message.json().detail[0].msg).toMatch(/pas de paiements/);
    expect(
      await ctx.database.db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.userId, user.id)),
    ).toHaveLength(0);
  });
});

describe('with Stripe', () => {
  const SECRET = 'whsec_test_money';
  const { ctx, fake: fakeStripe } = useStripeTestApp(SECRET);

  /** A replay sends the same event id again. */
  const deliverRaw = (id: string, type: string, object: Record<string, unknown>) =>
    deliverStripeEvent(ctx, SECRET, type, object, id);

  async function deliver(type: string, object: Record<string, unknown>) {
    const answer = await deliverStripeEvent(ctx, SECRET, type, object);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().result as string;
  }

  const session = (user: TestUser, product: string, query = '') =>
    openStripeCheckout(ctx, fakeStripe(), user, `${product}${query}`);

  it('cancels and refunds a second subscription completed while one is running, without a receipt', async () => {
    const user = await createUser(ctx.app);
    const a = await session(user, 'subscription');
    const b = await session(user, 'subscription');
    const paidInvoice = (pi: string) => ({
      latest_invoice: {
        id: `in_${pi}`,
        object: 'invoice',
        payments: {
          data: [{ status: 'paid', payment: { type: 'payment_intent', payment_intent: pi } }],
        },
      },
    });
    fakeStripe().subscriptions.set(
      'sub_money_a',
      stripeSubscription('sub_money_a', user.id, paidInvoice('pi_a')),
    );
    fakeStripe().subscriptions.set(
      'sub_money_b',
      stripeSubscription('sub_money_b', user.id, paidInvoice('pi_b')),
    );
    const completed = (s: Record<string, unknown>, sub: string) => ({
      ...s,
      payment_status: 'paid',
      amount_total: 1400,
      subscription: sub,
    });
    expect(await deliver('checkout.session.completed', completed(a, 'sub_money_a'))).toBe(
      'applied',
    );
    // Stripe's own "created" event for the second arrives first, then its checkout.
    expect(
      await deliver('customer.subscription.created', stripeSubscription('sub_money_b', user.id)),
    ).toBe('refused');
    expect(await deliver('checkout.session.completed', completed(b, 'sub_money_b'))).toBe(
      'refused',
    );
    expect(
      await deliver('customer.subscription.updated', stripeSubscription('sub_money_b', user.id)),
    ).toBe('ignored');

    expect(fakeStripe().subscriptions.get('sub_money_b')!.status).toBe('canceled');
    expect(fakeStripe().subscriptions.get('sub_money_a')!.status).toBe('active');
    expect(fakeStripe().refunds).toEqual([expect.objectContaining({ payment_intent: 'pi_b' })]);
    const state = await status(ctx, user);
    expect(state.is_full_access_granted).toBe(true);
    expect(state.subscription).toEqual({ status: 'active', cancel_at: null });
    const receipts = (await mailsTo(ctx.app, user.email)).filter((m) => m.text.includes('14,00'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).not.toContain('simulation');
  });

  it('records nothing when Stripe cannot stop the second subscription, so its retried event does', async () => {
    const user = await createUser(ctx.app);
    fakeStripe().subscriptions.set('sub_money_c', stripeSubscription('sub_money_c', user.id));
    expect(
      await deliver('customer.subscription.created', stripeSubscription('sub_money_c', user.id)),
    ).toBe('applied');
    // Stripe does not know the second one yet (any failure of the call): 503, nothing recorded.
    const event = { type: 'customer.subscription.created', id: 'evt_money_retry' };
    const body = stripeSubscription('sub_money_d', user.id);
    const first = await deliverRaw(event.id, event.type, body);
    expect(first.statusCode, first.body).toBe(503);
    expect(
      await ctx.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerId, 'sub_money_d')),
    ).toHaveLength(0);
    // Stripe delivers the same event again later: now it is stopped and recorded.
    fakeStripe().subscriptions.set('sub_money_d', body);
    const again = await deliverRaw(event.id, event.type, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result).toBe('refused');
    expect(fakeStripe().subscriptions.get('sub_money_d')!.status).toBe('canceled');
  });

  it('refuses a printed book opened at 0 € once the credit is spent, and orders the one that took it', async () => {
    const user = await createUser(ctx.app);
    const pack = await session(user, 'premium-12-months-and-a-book');
    await deliver('checkout.session.completed', {
      ...pack,
      payment_status: 'paid',
      amount_total: 16800,
      subscription: null,
    });
    const bookId = await readyBook(ctx, user);
    const one = await session(user, 'book', `?book_id=${bookId}`);
    const two = await session(user, 'book', `?book_id=${bookId}`);
    const shipping = {
      collected_information: {
        shipping_details: {
          name: 'Jeanne Martin',
          address: { line1: '1 rue', postal_code: '29100', city: 'Douarnenez', country: 'FR' },
        },
      },
    };
    const done = (s: Record<string, unknown>) => ({
      ...s,
      ...shipping,
      payment_status: 'no_payment_required',
      amount_total: 0,
    });
    expect(await deliver('checkout.session.completed', done(one))).toBe('applied');
    expect(await deliver('checkout.session.completed', done(two))).toBe('refused');
    expect(await orders(ctx, user)).toHaveLength(1);
    expect((await status(ctx, user)).book_credits).toBe(0);
  });
});
