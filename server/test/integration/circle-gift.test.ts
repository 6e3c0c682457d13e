// A gift bought by a relative (issue 31, item 7): a gift code to give (mailed to the buyer, only its hash
// kept, one per payment, its printed book given when redeemed) or a year applied to the account of a
// storyteller whose circle the buyer is in (404 for anyone else), with her mail in her language and the
// buyer's receipt; a replayed or duplicated payment event gives nothing twice; the same through Stripe;
// PAYMENTS=off sells no gift.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkoutSessions, giftCodes } from '../../src/db/schema/index.ts';
import { hashGiftCode } from '../../src/modules/premium/service.ts';
import { useTestApp, type TestContext } from '../support/build.ts';
import { createUser, mailsTo, type Mail, type TestUser } from '../support/factories.ts';
import { deliverStripeEvent, useStripeTestApp } from '../support/payments.ts';

type Reply = Awaited<ReturnType<FastifyInstance['inject']>>;

const DAY = 24 * 3600 * 1000;

function expectError(response: Reply, status: number, type: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
}

function ok(response: Reply, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

function call(
  ctx: TestContext,
  user: TestUser,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user.auth,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

function giftCheckout(ctx: TestContext, user: TestUser, body: unknown, provider = 'demo') {
  return call(ctx, user, 'POST', `/${provider}/checkout/gift`, body);
}

async function status(ctx: TestContext, user: TestUser) {
  return ok(await call(ctx, user, 'GET', '/premium-status'));
}

/** Presses the simulator's "Payer" on a checkout page. */
function pay(ctx: TestContext, redirectUrl: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `${redirectUrl}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

/** A new account that joined `owner`'s family circle with this role. */
async function join(
  ctx: TestContext,
  owner: TestUser,
  member: TestUser,
  role: 'reader' | 'contributor' = 'reader',
) {
  const seat = ok(
    await call(ctx, owner, 'POST', '/circle/members', { email: member.email, role }),
    201,
  );
  const invitation = (await mailsTo(ctx.app, member.email)).find((m) =>
    m.text.includes('/circle/join?token='),
  );
  const token = decodeURIComponent(
    /\/circle\/join\?token=([A-Za-z0-9_\-%]+)/.exec(invitation!.text)![1]!,
  );
  ok(await call(ctx, member, 'POST', `/circle/invitations/${encodeURIComponent(token)}/accept`));
  return seat.id as string;
}

/** The gift code written in a gift-code mail. */
function codeIn(mail: Mail): string {
  const match = /([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}

function checkoutIdOf(redirectUrl: string): string {
  return redirectUrl.split('/').at(-1)!;
}

describe('a gift with the payment simulator', () => {
  const ctx = useTestApp({ env: { FREE_CHAPTERS: '2' } });

  it('mails a gift code to the buyer once paid, keeps only its hash, and makes one code per payment', async () => {
    const buyer = await createUser(ctx.app, { full_name: 'Marie Martin' });
    const answer = ok(await giftCheckout(ctx, buyer, { for: 'code' }));
    expect(answer.redirect_url).toMatch(/^\/api\/v1\/demo\/checkout\/[0-9a-f-]{36}$/);
    const page = await ctx.app.inject({ method: 'GET', url: answer.redirect_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Code cadeau');
    expect(page.body).toContain('168,00');
    const paid = await pay(ctx, answer.redirect_url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/payment-success?product=gift');

    // The buyer's own access is unchanged: the gift is for someone else.
    const own = await status(ctx, buyer);
    expect(own.is_full_access_granted).toBe(false);
    expect(own.book_credits).toBe(0);

    const mails = await mailsTo(ctx.app, buyer.email);
    const codeMails = mails.filter((m) => m.subject === 'Votre code cadeau Chapitres');
    expect(codeMails).toHaveLength(1);
    const mail = codeMails[0]!;
    const code = codeIn(mail);
    expect(mail.text).toContain('Bonjour Marie Martin,');
    expect(mail.text).toContain('12\u00a0mois d’accès complet à Chapitres et un livre imprimé');
    expect(mail.text).toContain('«\u00a0Mon compte\u00a0»');
    expect(mail.text).toContain('«\u00a0Utiliser ce code\u00a0»');
    expect(mail.text).toContain('Simulation\u00a0: aucun paiement réel');
    const receipts = mails.filter((m) => m.subject === 'Votre reçu de paiement');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Code cadeau\u00a0: un an de Chapitres + 1 livre imprimé');
    expect(receipts[0]!.text).toContain('168,00');

    // Stored by its hash only, bought by the buyer, tied to the checkout, valid for a year.
    const checkoutId = checkoutIdOf(answer.redirect_url);
    const rows = await ctx.database.db
      .select()
      .from(giftCodes)
      .where(eq(giftCodes.checkoutId, checkoutId));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      codeHash: hashGiftCode(code),
      months: 12,
      bookCredits: 1,
      boughtBy: buyer.id,
      redeemedBy: null,
    });
    expect(JSON.stringify(row)).not.toContain(code.replace(/-/g, ''));
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(364 * DAY);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThan(366 * DAY);

    // The same event again, and another event for the same checkout: no second code, no second mail.
    const premium = ctx.app.services.premium;
    const replay = {
      id: `demo:${checkoutId}`,
      created: new Date(),
      type: 'checkout.completed' as const,
      checkoutId,
      customerId: null,
      subscription: null,
      shipping: null,
      amount: 16800,
    };
    expect(await premium.applyEvent(replay)).toBe('duplicate');
    expect(await premium.applyEvent({ ...replay, id: `demo:${checkoutId}:again` })).toBe('ignored');
    // Pressing "Payer" again on the page sends to the success page, and gives nothing.
    expect((await pay(ctx, answer.redirect_url)).statusCode).toBe(303);
    expect(
      await ctx.database.db.select().from(giftCodes).where(eq(giftCodes.boughtBy, buyer.id)),
    ).toHaveLength(1);
    const after = await mailsTo(ctx.app, buyer.email);
    expect(after.filter((m) => m.subject === 'Votre code cadeau Chapitres')).toHaveLength(1);
    expect(after.filter((m) => m.subject === 'Votre reçu de paiement')).toHaveLength(1);

    // Redeemed by the person who receives it: a year of full access and the printed book.
    const receiver = await createUser(ctx.app);
    ok(await call(ctx, receiver, 'POST', `/demo/promo-code?customer_promo_code=${code}`));
    const granted = await status(ctx, receiver);
    expect(granted.is_full_access_granted).toBe(true);
    expect(granted.book_credits).toBe(1);
    const until = new Date(granted.full_access_until).getTime();
    expect(until - Date.now()).toBeGreaterThan(360 * DAY);
    expect(until - Date.now()).toBeLessThan(370 * DAY);
    // Once only.
    const other = await createUser(ctx.app);
    expectError(
      await call(ctx, other, 'POST', `/demo/promo-code?customer_promo_code=${code}`),
      400,
      'promo_code_inactive',
    );
    expect((await status(ctx, other)).book_credits).toBe(0);
  });

  it('applies a year and a printed book to her account, from the end of what she has, with her mail in her language', async () => {
    const storyteller = await createUser(ctx.app, {
      full_name: 'Margaret',
      current_language: 'en-GB',
    });
    const member = await createUser(ctx.app, { full_name: 'Marie' });
    await join(ctx, storyteller, member, 'reader');
    // She already has three months: the year is added after them.
    await ctx.app.services.premium.grant(storyteller.id, 3);
    const before = new Date((await status(ctx, storyteller)).full_access_until).getTime();

    const answer = ok(
      await giftCheckout(ctx, member, { for: 'storyteller', storyteller_id: storyteller.id }),
    );
    const page = await ctx.app.inject({ method: 'GET', url: answer.redirect_url });
    expect(page.body).toContain('Un an de Chapitres offert à Margaret');
    const [open] = await ctx.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, checkoutIdOf(answer.redirect_url)));
    expect(open).toMatchObject({ product: 'gift', giftFor: storyteller.id, amount: 16800 });
    expect((await pay(ctx, answer.redirect_url)).headers.location).toBe(
      '/payment-success?product=gift',
    );

    const granted = await status(ctx, storyteller);
    expect(granted.is_full_access_granted).toBe(true);
    expect(granted.book_credits).toBe(1);
    const until = new Date(granted.full_access_until).getTime();
    // Twelve months after the end of her three (a month is 28 to 31 days).
    expect(until - before).toBeGreaterThan(364 * DAY);
    expect(until - before).toBeLessThan(367 * DAY);
    // The buyer's own access is unchanged.
    expect((await status(ctx, member)).is_full_access_granted).toBe(false);

    // Her mail, in English (her language), not the buyer's French.
    const hers = (await mailsTo(ctx.app, storyteller.email)).filter((m) =>
      m.subject.includes('year of Chapitres'),
    );
    expect(hers).toHaveLength(1);
    expect(hers[0]!.subject).toBe('Marie gives you a year of Chapitres');
    expect(hers[0]!.text).toContain('Hello Margaret,');
    expect(hers[0]!.text).toContain('one printed book to order');
    expect(hers[0]!.text).not.toMatch(/[ \u00a0][:;!?]/);
    // The buyer's receipt, in French, names her.
    const receipts = (await mailsTo(ctx.app, member.email)).filter(
      (m) => m.subject === 'Votre reçu de paiement',
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Un an de Chapitres offert à Margaret + 1 livre imprimé');
    // No gift code was made for it.
    expect(
      await ctx.database.db.select().from(giftCodes).where(eq(giftCodes.boughtBy, member.id)),
    ).toHaveLength(0);

    // A replayed event gives nothing twice.
    const checkoutId = checkoutIdOf(answer.redirect_url);
    expect(
      await ctx.app.services.premium.applyEvent({
        id: `demo:${checkoutId}`,
        created: new Date(),
        type: 'checkout.completed',
        checkoutId,
        customerId: null,
        subscription: null,
        shipping: null,
        amount: 16800,
      }),
    ).toBe('duplicate');
    const again = await status(ctx, storyteller);
    expect(again.full_access_until).toBe(granted.full_access_until);
    expect(again.book_credits).toBe(1);
    expect(
      (await mailsTo(ctx.app, storyteller.email)).filter((m) =>
        m.subject.includes('year of Chapitres'),
      ),
    ).toHaveLength(1);
  });

  it('lets any member give it (a contributor too), and writes her mail in French for a French account', async () => {
    const storyteller = await createUser(ctx.app, { full_name: 'Jeanne' });
    const member = await createUser(ctx.app, { full_name: 'Paul', current_language: 'en-GB' });
    await join(ctx, storyteller, member, 'contributor');
    const answer = ok(
      await giftCheckout(ctx, member, { for: 'storyteller', storyteller_id: storyteller.id }),
    );
    expect((await pay(ctx, answer.redirect_url)).statusCode).toBe(303);
    const [hers] = (await mailsTo(ctx.app, storyteller.email)).filter((m) =>
      m.subject.includes('un an de Chapitres'),
    );
    expect(hers!.subject).toBe('Paul vous offre un an de Chapitres');
    expect(hers!.text).toContain(
      'Paul vous offre un an de Chapitres\u00a0: vous avez un accès complet jusqu’au',
    );
    const [receipt] = (await mailsTo(ctx.app, member.email)).filter(
      (m) => m.subject === 'Your payment receipt',
    );
    expect(receipt!.text).toContain('A year of Chapitres for Jeanne + 1 printed book');
  });

  it('answers 404 to anyone not in her circle, and 422 to a body that does not say for whom', async () => {
    const storyteller = await createUser(ctx.app, { full_name: 'Jeanne' });
    const stranger = await createUser(ctx.app);
    const member = await createUser(ctx.app);
    await join(ctx, storyteller, member);
    expectError(
      await giftCheckout(ctx, stranger, { for: 'storyteller', storyteller_id: storyteller.id }),
      404,
      'not_found',
    );
    // Not in the circle of the other way round, nor of herself.
    expectError(
      await giftCheckout(ctx, storyteller, { for: 'storyteller', storyteller_id: member.id }),
      404,
      'not_found',
    );
    expectError(
      await giftCheckout(ctx, storyteller, { for: 'storyteller', storyteller_id: storyteller.id }),
      404,
      'not_found',
    );
    for (const id of [crypto.randomUUID(), 'not-a-uuid'])
      expectError(
        await giftCheckout(ctx, member, { for: 'storyteller', storyteller_id: id }),
        404,
        'not_found',
      );
    // Removed from the circle: refused at once.
    const leaving = await createUser(ctx.app);
    const seatId = await join(ctx, storyteller, leaving);
    ok(
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/circle/members/${seatId}`,
        headers: storyteller.auth,
      }),
    );
    expectError(
      await giftCheckout(ctx, leaving, { for: 'storyteller', storyteller_id: storyteller.id }),
      404,
      'not_found',
    );
    expectError(await giftCheckout(ctx, member, { for: 'storyteller' }), 422, 'validation_error');
    expectError(
      await giftCheckout(ctx, member, { for: 'code', storyteller_id: storyteller.id }),
      422,
      'validation_error',
    );
    expectError(await giftCheckout(ctx, member, { for: 'someone' }), 422, 'validation_error');
    expectError(await giftCheckout(ctx, member, {}), 422, 'validation_error');
    for (const user of [stranger, member, storyteller, leaving])
      expect(
        await ctx.database.db
          .select()
          .from(checkoutSessions)
          .where(eq(checkoutSessions.userId, user.id)),
      ).toHaveLength(0);
  });

  it('names only the configured provider', async () => {
    const buyer = await createUser(ctx.app);
    expectError(await giftCheckout(ctx, buyer, { for: 'code' }, 'stripe'), 404, 'not_found');
  });
});

describe('a gift through Stripe', () => {
  const secret = 'whsec_gift_test';
  const { ctx, fake } = useStripeTestApp(secret);

  it('opens a one-time payment at the pack’s price and makes one code from the signed event, however often it comes', async () => {
    const buyer = await createUser(ctx.app, { full_name: 'Marie', current_language: 'en-GB' });
    const answer = ok(await giftCheckout(ctx, buyer, { for: 'code' }, 'stripe'));
    expect(answer.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
    const created = fake()
      .requests.filter((r) => r.path === '/v1/checkout/sessions')
      .at(-1)!.form;
    expect(created).toMatchObject({
      mode: 'payment',
      locale: 'en',
      'line_items[0][price_data][unit_amount]': '16800',
      'line_items[0][price_data][product_data][name]':
        'Gift code: a year of Chapitres + 1 printed book',
      success_url: 'http://chapitres.test/payment-success?product=gift',
    });
    const session = [...fake().sessions.values()].at(-1)!;
    const object = { ...session, payment_status: 'paid', amount_total: 16800, subscription: null };
    const first = await deliverStripeEvent(
      ctx,
      secret,
      'checkout.session.completed',
      object,
      'evt_gift_1',
    );
    expect(first.json().result).toBe('applied');
    const replay = await deliverStripeEvent(
      ctx,
      secret,
      'checkout.session.completed',
      object,
      'evt_gift_1',
    );
    expect(replay.json().result).toBe('duplicate');
    // Stripe may deliver the same completion as another event: still one code.
    const other = await deliverStripeEvent(
      ctx,
      secret,
      'checkout.session.completed',
      object,
      'evt_gift_2',
    );
    expect(other.json().result).toBe('ignored');
    expect(
      await ctx.database.db.select().from(giftCodes).where(eq(giftCodes.boughtBy, buyer.id)),
    ).toHaveLength(1);
    const mails = await mailsTo(ctx.app, buyer.email);
    const codeMails = mails.filter((m) => m.subject === 'Your Chapitres gift code');
    expect(codeMails).toHaveLength(1);
    expect(codeMails[0]!.text).toContain('“My account”');
    expect(codeMails[0]!.text).not.toContain('Simulation');
    const receiver = await createUser(ctx.app);
    ok(
      await call(
        ctx,
        receiver,
        'POST',
        `/stripe/promo-code?customer_promo_code=${codeIn(codeMails[0]!)}`,
      ),
    );
    expect((await status(ctx, receiver)).book_credits).toBe(1);
  });
});

describe('a gift with PAYMENTS=off', () => {
  const ctx = useTestApp({ env: { PAYMENTS: 'off' } });

  it('sells no gift: 409 payments_disabled, nothing opened', async () => {
    const storyteller = await createUser(ctx.app);
    const member = await createUser(ctx.app);
    await join(ctx, storyteller, member);
    expectError(await giftCheckout(ctx, member, { for: 'code' }), 409, 'payments_disabled');
    expectError(
      await giftCheckout(ctx, member, { for: 'storyteller', storyteller_id: storyteller.id }),
      409,
      'payments_disabled',
    );
    expect(
      await ctx.database.db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.userId, member.id)),
    ).toHaveLength(0);
  });
});
