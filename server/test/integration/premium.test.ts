// Premium access on the built-in payment simulator: status, the three checkouts through the simulator's
// page, cancellation and restoration, the pack's book credit spent on a printed-book order with its files
// frozen, gift codes (single use, expiry, races, brute force), and the one event path (replays, order).
import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/build.ts';
import { createUser, mailsTo, type TestUser } from '../support/factories.ts';
import { bookBody, writtenChapter } from '../support/books.ts';
import { books, giftCodes, subscriptions, users } from '../../src/db/schema/index.ts';

const ctx = useTestApp({ env: { FREE_CHAPTERS: '2' } });
type Reply = Awaited<ReturnType<typeof ctx.app.inject>>;

function expectError(response: Reply, status: number, type: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
}

async function status(user: TestUser) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/premium-status',
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function checkout(user: TestUser, product: string, query = '') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/demo/checkout/${product}${query}`,
    headers: user.auth,
  });
}

/** Opens the simulator page of a checkout and presses "Payer" with the given form. */
async function pay(redirectUrl: string, form: Record<string, string> = {}) {
  const path = redirectUrl.replace(/^https?:\/\/[^/]+/, '');
  const page = await ctx.app.inject({ method: 'GET', url: path });
  expect(page.statusCode).toBe(200);
  const complete = await ctx.app.inject({
    method: 'POST',
    url: `${path}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  return { page, complete };
}

async function subscribe(user: TestUser) {
  const answer = await checkout(user, 'subscription');
  expect(answer.statusCode, answer.body).toBe(200);
  const { complete } = await pay(answer.json().redirect_url);
  expect(complete.statusCode).toBe(303);
}

const ADDRESS = {
  name: 'Jeanne Martin',
  line1: '12 rue du Port',
  postal_code: '29100',
  city: 'Douarnenez',
  country: 'FR',
};

describe('premium status and the monthly subscription', () => {
  it('starts with no access, then the simulator subscribes, once, with a receipt', async () => {
    const user = await createUser(ctx.app);
    expect(await status(user)).toEqual({
      is_full_access_granted: false,
      full_access_until: null,
      subscription: null,
      free_chapters_allowed: 2,
      book_credits: 0,
    });
    const answer = await checkout(user, 'subscription');
    expect(answer.statusCode, answer.body).toBe(200);
    const url: string = answer.json().redirect_url;
    // The simulator is a page of this server: a same-origin path, whatever PUBLIC_URL says.
    expect(url).toMatch(/^\/api\/v1\/demo\/checkout\/[0-9a-f-]{36}$/);
    const { page, complete } = await pay(url);
    expect(page.body).toContain('SIMULATION');
    expect(page.body).toContain('14,00');
    expect(complete.headers.location).toBe('/payment-success?product=subscription');
    const after = await status(user);
    expect(after.is_full_access_granted).toBe(true);
    expect(after.subscription).toEqual({ status: 'active', cancel_at: null });

    // Paying the same page again changes nothing and sends no second receipt.
    const again = await pay(url);
    expect(again.complete.statusCode).toBe(303);
    expect(again.page.body).toContain('déjà terminé');
    const receipts = (await mailsTo(ctx.app, user.email)).filter((m) => m.subject.includes('reçu'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('14,00');
    expect(await status(user)).toEqual(after);
    expect(
      await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
    ).toHaveLength(1);

    // Subscribed: chapters beyond the free ones, and a second subscription is refused.
    for (let i = 0; i < 3; i++) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/conversations',
        headers: user.auth,
      });
      expect(created.statusCode).toBe(201);
    }
    expectError(await checkout(user, 'subscription'), 409, 'already_subscribed');
  });

  it('cancels at the end of the period and restores; refuses both when there is nothing to change', async () => {
    const user = await createUser(ctx.app);
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/demo/subscription/cancellation',
        headers: user.auth,
      }),
      409,
      'no_active_subscription',
    );
    await subscribe(user);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/demo/subscription/cancellation',
      headers: user.auth,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancelAt = new Date(cancelled.json().subscription.cancel_at).getTime();
    expect(cancelAt).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000);
    expect(cancelled.json().is_full_access_granted).toBe(true);
    const restored = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/demo/subscription/restoration',
      headers: user.auth,
    });
    expect(restored.json().subscription).toEqual({ status: 'active', cancel_at: null });

    // Cancelled and past its end: no access, and nothing left to restore.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/demo/subscription/cancellation',
      headers: user.auth,
    });
    await ctx.database.db
      .update(subscriptions)
      .set({ cancelAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, user.id));
    const ended = await status(user);
    expect(ended.is_full_access_granted).toBe(false);
    expect(ended.subscription.status).toBe('canceled');
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/demo/subscription/restoration',
        headers: user.auth,
      }),
      409,
      'subscription_ended',
    );
  });

  it('answers 404 for another provider and for an unknown simulator session', async () => {
    const user = await createUser(ctx.app);
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/checkout/subscription',
        headers: user.auth,
      }),
      404,
      'not_found',
    );
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/demo/checkout/00000000-0000-0000-0000-000000000000',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/demo/checkout/nope' })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/demo/webhook', payload: {} }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the 12-month pack and printed books', () => {
  it('grants 12 months and a book credit, then orders the printed book with no payment, files frozen', async () => {
    const user = await createUser(ctx.app);
    const pack = await checkout(user, 'premium-12-months-and-a-book');
    const { page } = await pay(pack.json().redirect_url);
    expect(page.body).toContain('168,00');
    const granted = await status(user);
    expect(granted.is_full_access_granted).toBe(true);
    expect(granted.book_credits).toBe(1);
    const until = new Date(granted.full_access_until).getTime();
    expect(until).toBeGreaterThan(Date.now() + 364 * 24 * 3600_000);

    const chapters = [];
    for (let i = 0; i < 4; i++)
      chapters.push((await writtenChapter(ctx.app, user, `Chapitre ${i + 1}`, 0)).id);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/books',
      headers: user.auth,
      payload: bookBody(chapters),
    });
    const bookId = created.json().id as string;
    await ctx.app.services.queue.drain(60_000);
    // A book still being made (or failed) cannot be ordered.
    for (const state of ['ongoing', 'failure'] as const) {
      await ctx.database.db
        .update(books)
        .set({ generationStatus: state })
        .where(eq(books.id, bookId));
      expectError(await checkout(user, 'book', `?book_id=${bookId}`), 409, 'book_not_ready');
    }
    await ctx.database.db
      .update(books)
      .set({ generationStatus: 'success' })
      .where(eq(books.id, bookId));

    const other = await createUser(ctx.app);
    expectError(await checkout(other, 'book', `?book_id=${bookId}`), 404, 'not_found');

    const order = await checkout(user, 'book', `?book_id=${bookId}`);
    expect(order.statusCode, order.body).toBe(200);
    const first = await pay(order.json().redirect_url);
    expect(first.page.body).toContain('Offert avec votre pack');
    // The address is required for a printed book.
    expect(first.complete.statusCode).toBe(422);
    expect(first.complete.body).toContain('adresse');

    const path = (order.json().redirect_url as string).replace(/^https?:\/\/[^/]+/, '');
    const form = (fields: Record<string, string>) => ({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    // A Belgian postcode is four digits: « ABC » is refused, with the field marked, and when paying.
    const belgian = { ...ADDRESS, country: 'BE', postal_code: 'ABC' };
    const badReview = await ctx.app.inject({
      method: 'POST',
      url: `${path}/review`,
      ...form(belgian),
    });
    expect(badReview.statusCode).toBe(422);
    expect(badReview.body).toContain(
      'Ce code postal ne correspond pas au pays choisi (Belgique). Par exemple : 1000.',
    );
    expect(badReview.body).toMatch(/id="postal_code"[^>]*aria-invalid="true"/);
    expect(badReview.body).toContain('value="ABC"');
    const badPay = await ctx.app.inject({
      method: 'POST',
      url: `${path}/complete`,
      ...form(belgian),
    });
    expect(badPay.statusCode).toBe(422);
    expect(badPay.body).toContain('Ce code postal ne correspond pas au pays choisi');
    const checkoutId = path.split('/').pop()!;
    await expect(
      ctx.app.services.premium.completeDemoCheckout(checkoutId, {
        name: 'Jeanne Martin',
        line1: '1 rue',
        line2: null,
        postalCode: 'ABC',
        city: 'Bruxelles',
        country: 'BE',
      }),
    ).rejects.toMatchObject({ code: 'invalid_postcode', loc: ['body', 'postal_code'] });

    // « Vérifiez votre commande »: the book, the price and the address, before anything is paid.
    const review = await ctx.app.inject({
      method: 'POST',
      url: `${path}/review`,
      ...form(ADDRESS),
    });
    expect(review.statusCode).toBe(200);
    expect(review.body).toContain('<h1>Vérifiez votre commande</h1>');
    expect(review.body).toContain('Offert avec votre pack');
    expect(review.body).toContain('Jeanne Martin<br>12 rue du Port<br>29100 Douarnenez<br>France');
    expect(review.body).toContain('Confirmer la commande');
    expect(review.body).toContain('Modifier l’adresse');
    expect((await status(user)).book_credits).toBe(1);
    // « Modifier l'adresse »: the form again, filled in.
    const edit = await ctx.app.inject({
      method: 'POST',
      url: `${path}/review`,
      ...form({ ...ADDRESS, edit: '1' }),
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.body).toContain('value="Douarnenez"');
    expect(edit.body).not.toContain('Vérifiez votre commande');

    const paid = await pay(order.json().redirect_url, ADDRESS);
    expect(paid.complete.statusCode).toBe(303);

    expect((await status(user)).book_credits).toBe(0);
    const orders = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/orders',
      headers: user.auth,
    });
    expect(orders.json().data).toEqual([
      expect.objectContaining({
        book_id: bookId,
        status: 'paid',
        amount: 0,
        paid_with_credit: true,
        currency: 'EUR',
        // Where it is going, shown on the book's page.
        shipping_address: {
          name: 'Jeanne Martin',
          line1: '12 rue du Port',
          line2: null,
          postal_code: '29100',
          city: 'Douarnenez',
          country: 'FR',
        },
      }),
    ]);
    const [row] = await ctx.app.services.premium.listAllOrders();
    expect(row!.shipping).toMatchObject({ city: 'Douarnenez', country: 'FR' });
    const frozen = await ctx.app.services.storage.get(`${row!.filesPrefix}/interior.pdf`);
    expect(frozen?.bytes.subarray(0, 4).toString()).toBe('%PDF');
    // The credit is spent: a second printed copy costs 49 €.
    const second = await checkout(user, 'book', `?book_id=${bookId}`);
    const { page: secondPage } = await pay(second.json().redirect_url, ADDRESS);
    expect(secondPage.body).toContain('49,00');
    expect(secondPage.body).not.toContain('Offert avec votre pack');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/orders', headers: user.auth })).json()
        .data,
    ).toEqual([
      expect.objectContaining({ amount: 4900, paid_with_credit: false }),
      expect.objectContaining({ amount: 0, paid_with_credit: true }),
    ]);
    // Deleting the book later leaves the order's files for the printer.
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/books/${bookId}`, headers: user.auth });
    expect(await ctx.app.services.storage.get(`${row!.filesPrefix}/cover.pdf`)).not.toBeNull();

    const mails = await mailsTo(ctx.app, user.email);
    expect(
      mails.some((m) => m.subject.includes('Commande confirmée') && m.text.includes('Douarnenez')),
    ).toBe(true);

    // Once the book is deleted, it can no longer be ordered.
    expectError(await checkout(user, 'book', `?book_id=${bookId}`), 404, 'not_found');
  });
});

describe('gift codes', () => {
  it('grants 12 months once; unknown, used and expired codes get their own answers', async () => {
    const [code] = await ctx.app.services.premium.createGiftCodes(
      1,
      12,
      new Date(Date.now() + 86400_000),
    );
    const user = await createUser(ctx.app);
    const redeem = (who: TestUser, value: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/demo/promo-code?customer_promo_code=${encodeURIComponent(value)}`,
        headers: who.auth,
      });
    // Typed in lower case with spaces: the same code.
    const ok = await redeem(user, ` ${code!.toLowerCase().replace(/-/g, ' ')} `);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await status(user)).is_full_access_granted).toBe(true);
    const other = await createUser(ctx.app);
    expectError(await redeem(other, code!), 400, 'promo_code_inactive');
    expectError(await redeem(other, 'AAAA-BBBB-CCCC-DDDD'), 404, 'promo_code_not_found');
    const [old] = await ctx.app.services.premium.createGiftCodes(
      1,
      12,
      new Date(Date.now() + 86400_000),
    );
    await ctx.database.db
      .update(giftCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(isNull(giftCodes.redeemedAt));
    expectError(await redeem(other, old!), 400, 'promo_code_expired');
    expect((await status(other)).is_full_access_granted).toBe(false);
    expect((await redeem(other, ' ')).statusCode).toBe(422);
  });

  it('lets exactly one of two people redeem the same code at once', async () => {
    const [code] = await ctx.app.services.premium.createGiftCodes(
      1,
      12,
      new Date(Date.now() + 86400_000),
    );
    const people = [await createUser(ctx.app), await createUser(ctx.app)];
    const answers = await Promise.all(
      people.map((person) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/v1/demo/promo-code?customer_promo_code=${code}`,
          headers: person.auth,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const access = await Promise.all(
      people.map(async (p) => (await status(p)).is_full_access_granted),
    );
    expect(access.filter(Boolean)).toHaveLength(1);
  });
});

describe('one event path', () => {
  it('applies an event once, and an older event never resurrects a cancelled subscription', async () => {
    const user = await createUser(ctx.app);
    const premium = ctx.app.services.premium;
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.fullAccessUntil).toBeNull();
    const state = {
      providerId: 'demo_sub_x1',
      userId: user.id,
      status: 'active',
      currentPeriodEnd: null,
      cancelAt: null,
    };
    const t0 = new Date(Date.now() - 60_000);
    expect(
      await premium.applyEvent({
        id: 'evt_1',
        created: t0,
        type: 'subscription.updated',
        subscription: state,
      }),
    ).toBe('applied');
    expect(
      await premium.applyEvent({
        id: 'evt_1',
        created: t0,
        type: 'subscription.updated',
        subscription: state,
      }),
    ).toBe('duplicate');
    expect((await status(user)).is_full_access_granted).toBe(true);
    const t2 = new Date();
    expect(
      await premium.applyEvent({
        id: 'evt_3',
        created: t2,
        type: 'subscription.deleted',
        subscription: { ...state, status: 'canceled' },
      }),
    ).toBe('applied');
    // Delivered late: an update from before the deletion.
    const t1 = new Date(Date.now() - 30_000);
    expect(
      await premium.applyEvent({
        id: 'evt_2',
        created: t1,
        type: 'subscription.updated',
        subscription: state,
      }),
    ).toBe('ignored');
    expect(
      await premium.applyEvent({
        id: 'evt_4',
        created: new Date(),
        type: 'subscription.updated',
        subscription: state,
      }),
    ).toBe('ignored');
    expect((await status(user)).is_full_access_granted).toBe(false);
  });
});
