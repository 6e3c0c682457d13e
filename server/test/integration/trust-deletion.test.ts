// Issue 28, « Deletion »: deleting an account stops the subscription with the payment provider first (and
// changes nothing when the provider cannot be reached), keeps what the operator must keep — an order not
// shipped yet with its address and print files, the payments — detached from the person, and removes the
// rest: a scan of every table (public and pgboss) and every stored file finds no id, address or name of the
// person afterwards. Later webhooks about them are acknowledged. And data exports do not pile up.
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  checkoutSessions,
  dataExports,
  orders,
  paymentEvents,
  subscriptions,
} from '../../src/db/schema/index.ts';
import { EXPORTS_PER_DAY } from '../../src/modules/data-export/service.ts';
import { useTestApp, type TestContext } from '../support/build.ts';
import { createUser, mailsTo, type TestUser } from '../support/factories.ts';
import { stripeSubscription } from '../support/fake-stripe.ts';
import { webm } from '../support/audio.ts';
import {
  deliverStripeEvent,
  openStripeCheckout,
  readyBook,
  useStripeTestApp,
} from '../support/payments.ts';
import { multipart } from '../support/multipart.ts';
import { everyRow, filesUnder } from '../support/scan.ts';
import { writtenChapter } from '../support/books.ts';

type Reply = Awaited<ReturnType<TestContext['app']['inject']>>;

const SECRET = 'whsec_test_deletion';

function expectError(response: Reply, status: number, type: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
}

describe('deleting an account (Stripe)', () => {
  const { ctx, fake: fakeStripe } = useStripeTestApp(SECRET);

  it('cancels the subscription now, keeps the order being printed and the payments without the person, and leaves nothing else', async () => {
    const fullName = `Honorine Kervadec${randomBytes(3).toString('hex')}`;
    const user = await createUser(ctx.app, { full_name: fullName });
    const marks = [user.id, user.email, fullName].map((m) => m.toLowerCase());

    // A running subscription (Stripe).
    const subId = `sub_del_${randomBytes(3).toString('hex')}`;
    const sub = await openStripeCheckout(ctx, fakeStripe(), user, 'subscription');
    fakeStripe().subscriptions.set(subId, stripeSubscription(subId, user.id));
    const subscribed = await deliverStripeEvent(ctx, SECRET, 'checkout.session.completed', {
      ...sub,
      payment_status: 'paid',
      amount_total: 1400,
      subscription: subId,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);

    // Two paid printed books: one waiting for the printer, one already shipped; a third checkout left open.
    const shipping = {
      collected_information: {
        shipping_details: {
          name: fullName,
          address: {
            line1: '3 quai du Rosmeur',
            postal_code: '29100',
            city: 'Douarnenez',
            country: 'FR',
          },
        },
      },
    };
    const printed: string[] = [];
    for (const title of ['Souvenirs du port', 'Les étés à Tréboul']) {
      const bookId = await readyBook(ctx, user, title);
      const session = await openStripeCheckout(ctx, fakeStripe(), user, `book?book_id=${bookId}`);
      const paid = await deliverStripeEvent(ctx, SECRET, 'checkout.session.completed', {
        ...session,
        ...shipping,
        payment_status: 'paid',
        amount_total: 4900,
      });
      expect(paid.json().result).toBe('applied');
      printed.push(bookId);
    }
    const openBook = await readyBook(ctx, user, 'Un troisième livre');
    const openSession = await openStripeCheckout(
      ctx,
      fakeStripe(),
      user,
      `book?book_id=${openBook}`,
    );
    const placed = await ctx.database.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(placed).toHaveLength(2);
    const shipped = placed.find((o) => o.bookTitle === 'Les étés à Tréboul')!;
    const pending = placed.find((o) => o.bookTitle === 'Souvenirs du port')!;
    await ctx.app.services.premium.setOrderStatus(shipped.id, 'shipped');

    // Chapters with photos, a recording of a spoken answer, an export, analytics, mails.
    await writtenChapter(ctx.app, user, 'La maison du port', 2);
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: user.auth,
      payload: { record_answers: true },
    });
    const chapter = (
      await ctx.app.inject({ method: 'POST', url: '/api/v1/conversations', headers: user.auth })
    ).json().id as string;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${chapter}/messages`,
      headers: user.auth,
      payload: { content: 'Je suis née à Douarnenez.' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const body = multipart([
      {
        name: 'file',
        filename: 'answer.webm',
        contentType: 'audio/webm;codecs=opus',
        data: webm(),
      },
    ]);
    const recorded = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${chapter}/messages/${sent.json().user_message_id}/recording`,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/export',
      headers: user.auth,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const session = `s-${randomBytes(6).toString('hex')}`;
    const tracked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/batch',
      headers: user.auth,
      payload: {
        consent: true,
        events: [
          {
            event: 'login',
            timestamp: new Date().toISOString(),
            session_id: session,
            properties: {},
          },
        ],
      },
    });
    expect(tracked.statusCode, tracked.body).toBe(202);
    expect((await mailsTo(ctx.app, user.email)).length).toBeGreaterThan(1);
    const [ready] = await ctx.database.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, user.id));
    expect(ready?.status).toBe('ready');

    // Before: the scan finds the person in many places (it would see a leftover).
    const before = new Set(
      (await everyRow(ctx.database, ['public', 'pgboss']))
        .filter((r) => marks.some((m) => r.json.toLowerCase().includes(m)))
        .map((r) => r.table),
    );
    for (const table of [
      'public.users',
      'public.mail_outbox',
      'pgboss.job',
      'public.orders',
      'public.payment_events',
      'public.message_recordings',
    ])
      expect(before, table).toContain(table);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: user.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // Stripe stopped it now, not at the end of the period.
    expect(
      fakeStripe().requests.some(
        (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subId}`,
      ),
    ).toBe(true);
    expect(fakeStripe().subscriptions.get(subId)!.status).toBe('canceled');

    // Stripe's later events about the person are acknowledged, not 500.
    for (const [type, object] of [
      [
        'customer.subscription.deleted',
        { ...fakeStripe().subscriptions.get(subId)!, status: 'canceled' },
      ],
      ['customer.subscription.updated', stripeSubscription(subId, user.id)],
      [
        'checkout.session.completed',
        { ...openSession, ...shipping, payment_status: 'paid', amount_total: 4900 },
      ],
    ] as const) {
      const late = await deliverStripeEvent(ctx, SECRET, type, object as Record<string, unknown>);
      expect(late.statusCode, `${type}: ${late.body}`).toBe(200);
    }
    expect(
      await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.providerId, subId)),
    ).toEqual([]);

    // Kept, detached: the order not shipped yet, whole, with its files out of the person's folder; the
    // shipped one as an accounting record only; the payments (completed checkouts, events).
    const kept = await ctx.database.db.select().from(orders);
    const keptPending = kept.find((o) => o.id === pending.id)!;
    const keptShipped = kept.find((o) => o.id === shipped.id)!;
    expect(keptPending).toMatchObject({
      userId: null,
      status: 'paid',
      amount: 4900,
      bookTitle: 'Souvenirs du port',
      filesPrefix: `orders/${pending.id}`,
    });
    expect(keptPending.shipping).toMatchObject({ name: fullName, city: 'Douarnenez' });
    expect(keptShipped).toMatchObject({
      userId: null,
      status: 'shipped',
      amount: 4900,
      shipping: null,
      bookTitle: '',
    });
    const interior = await ctx.app.services.storage.get(`orders/${pending.id}/interior.pdf`);
    expect(interior?.bytes.toString()).toBe('%PDF-1.7 interior');
    expect(await ctx.app.services.storage.has(`orders/${pending.id}/cover.pdf`)).toBe(true);
    expect(await ctx.app.services.storage.has(`orders/${shipped.id}/interior.pdf`)).toBe(false);
    const payments = await ctx.database.db.select().from(checkoutSessions);
    expect(payments.filter((p) => p.status === 'completed')).toHaveLength(3);
    expect(payments.every((p) => p.userId === null)).toBe(true);
    expect(payments.some((p) => p.providerSessionId === openSession.id)).toBe(false);
    expect((await ctx.database.db.select().from(paymentEvents)).length).toBeGreaterThan(3);

    // The scan: no row of any table names the person, but the kept order's shipping address (its
    // recipient); no file path or content either, and only the kept order's files are left.
    const leftovers = (await everyRow(ctx.database, ['public', 'pgboss']))
      .map((r) => {
        if (r.table === 'public.orders' && r.row.id === pending.id)
          return { ...r, json: JSON.stringify({ ...r.row, shipping: null }) };
        return r;
      })
      .filter((r) => marks.some((m) => r.json.toLowerCase().includes(m)));
    expect(leftovers.map((r) => `${r.table}: ${r.json.slice(0, 300)}`)).toEqual([]);

    const root = join(ctx.config.dataDir, 'files');
    const files = filesUnder(root);
    expect([...files.keys()].filter((f) => !f.endsWith('.meta.json')).sort()).toEqual([
      `orders/${pending.id}/cover.pdf`,
      `orders/${pending.id}/interior.pdf`,
    ]);
    for (const [file, bytes] of files) {
      const text = bytes.toString('latin1').toLowerCase();
      for (const mark of marks) {
        expect(file.toLowerCase()).not.toContain(mark);
        expect(text, file).not.toContain(mark);
      }
    }
  });
});

describe('deleting an account while the payment provider is unreachable', () => {
  // Nothing listens on the discard port of the loopback address: every Stripe call fails.
  const ctx = useTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    },
  });

  it('answers 503 payment_provider_unavailable and changes nothing', async () => {
    const user = await createUser(ctx.app, { full_name: 'Yvonne Le Goff' });
    const subId = `sub_down_${randomBytes(3).toString('hex')}`;
    const created = await deliverStripeEvent(
      ctx,
      SECRET,
      'customer.subscription.created',
      stripeSubscription(subId, user.id),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { id: chapter } = await writtenChapter(ctx.app, user, 'Le lavoir', 1);

    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { ...user.auth, 'accept-language': 'en' },
    });
    expectError(refused, 503, 'payment_provider_unavailable');
    expect(refused.json().detail[0].msg).toMatch(/service de paiement/);

    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.auth });
    expect(me.statusCode).toBe(200);
    const still = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${chapter}`,
      headers: user.auth,
    });
    expect(still.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerId, subId));
    expect(row?.status).toBe('active');
  });
});

describe('data exports', () => {
  const ctx = useTestApp();

  async function exportOnce(user: TestUser) {
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/export',
      headers: user.auth,
    });
    await ctx.app.services.queue.drain();
    return asked;
  }

  it('keeps only the newest ZIP, deletes an expired one, and allows 3 a day', async () => {
    const user = await createUser(ctx.app);
    await writtenChapter(ctx.app, user, 'Le marché', 1);
    const rows = () =>
      ctx.database.db.select().from(dataExports).where(eq(dataExports.userId, user.id));

    expect((await exportOnce(user)).statusCode).toBe(202);
    const [first] = await rows();
    expect(first?.status).toBe('ready');
    expect(await ctx.app.services.storage.has(first!.key!)).toBe(true);

    expect((await exportOnce(user)).statusCode).toBe(202);
    const second = (await rows()).find((r) => r.id !== first!.id)!;
    expect(second.status).toBe('ready');
    expect(await ctx.app.services.storage.has(second.key!)).toBe(true);
    // The previous ZIP is gone: one file per person.
    expect(await ctx.app.services.storage.has(first!.key!)).toBe(false);

    expect((await exportOnce(user)).statusCode).toBe(202);
    expect(EXPORTS_PER_DAY).toBe(3);
    const fourth = await exportOnce(user);
    expectError(fourth, 429, 'too_many_requests');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);

    // Expired: the newest file is deleted when the export is read, and no link is given.
    const newest = (await rows()).filter((r) => r.key).at(0)!;
    expect((await rows()).filter((r) => r.key)).toHaveLength(1);
    await ctx.database.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, newest.id));
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/export',
      headers: user.auth,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().url).toBeNull();
    expect(await ctx.app.services.storage.has(newest.key!)).toBe(false);
  });
});
