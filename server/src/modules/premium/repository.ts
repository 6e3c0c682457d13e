// Rows of the premium module. Everything an event changes is written in one transaction with the record of
// that event, so an event is applied exactly once even when delivered twice at the same moment.
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  checkoutSessions,
  giftCodes,
  orders,
  paymentEvents,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import type { ShippingAddress } from '../../db/schema/premium.ts';
import type { Product } from '../../contract/premium.ts';
import type { SubscriptionState } from '../../providers/payment/types.ts';
import { CircleAccess } from '../circle/access.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CheckoutRow = typeof checkoutSessions.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type GiftCodeRow = typeof giftCodes.$inferSelect;
/** A transaction or the database: what one event's writes go through. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Entitlements {
  fullAccessUntil: Date | null;
  bookCredits: number;
  stripeCustomerId: string | null;
}

/** What a mail to a person needs, read inside an event's transaction. */
export interface Addressee {
  id: string;
  email: string;
  fullName: string;
  currentLanguage: string;
}

export class PremiumRepository {
  private readonly circle: CircleAccess;

  constructor(private readonly db: Db) {
    this.circle = new CircleAccess(db);
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async entitlements(userId: string, tx: Tx | Db = this.db): Promise<Entitlements | null> {
    const [row] = await tx
      .select({
        fullAccessUntil: users.fullAccessUntil,
        bookCredits: users.bookCredits,
        stripeCustomerId: users.stripeCustomerId,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  /** The person's newest subscription not cancelled, else the newest cancelled one. */
  async latestSubscription(userId: string, tx: Tx | Db = this.db): Promise<SubscriptionRow | null> {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(
        sql`case when ${subscriptions.status} = 'canceled' then 1 else 0 end`,
        desc(subscriptions.createdAt),
      )
      .limit(1);
    return row ?? null;
  }

  /** Every subscription of the person that is not cancelled (the service decides which give access). */
  async liveSubscriptions(userId: string, tx: Tx | Db = this.db): Promise<SubscriptionRow[]> {
    return tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'canceled')));
  }

  /** Holds the person's row until the transaction ends: their payment events are applied one at a time. */
  async lockUser(tx: Tx, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  async subscriptionByProviderId(
    provider: string,
    providerId: string,
    tx: Tx | Db = this.db,
  ): Promise<SubscriptionRow | null> {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, provider as 'demo' | 'stripe'),
          eq(subscriptions.providerId, providerId),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** Records an event; false when it was already recorded (a replay or a duplicate delivery). */
  async recordEvent(
    tx: Tx,
    provider: string,
    eventId: string,
    type: string,
    userId: string | null,
  ): Promise<boolean> {
    const rows = await tx
      .insert(paymentEvents)
      .values({ provider, eventId, type, userId })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    return rows.length > 0;
  }

  async insertSubscription(
    tx: Tx,
    userId: string,
    provider: 'demo' | 'stripe',
    state: SubscriptionState,
    at: Date,
  ): Promise<void> {
    await tx
      .insert(subscriptions)
      .values({
        userId,
        provider,
        providerId: state.providerId,
        status: state.status,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAt: state.cancelAt,
        lastEventAt: at,
      })
      .onConflictDoNothing();
  }

  async updateSubscription(
    tx: Tx | Db,
    id: string,
    change: Partial<Pick<SubscriptionRow, 'status' | 'currentPeriodEnd' | 'cancelAt'>>,
    at: Date,
  ): Promise<void> {
    await tx
      .update(subscriptions)
      .set({ ...change, lastEventAt: at, updatedAt: new Date() })
      .where(eq(subscriptions.id, id));
  }

  /** Adds months of full access to what is left (or to now) and credits, in one statement. */
  async extendAccess(
    userId: string,
    months: number,
    credits = 0,
    tx: Tx | Db = this.db,
  ): Promise<void> {
    await tx
      .update(users)
      .set({
        fullAccessUntil: sql`greatest(coalesce(${users.fullAccessUntil}, now()), now()) + make_interval(months => ${months})`,
        bookCredits: sql`${users.bookCredits} + ${credits}`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  }

  /** Uses one printed-book credit; false when none is left. */
  async useCredit(tx: Tx, userId: string): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ bookCredits: sql`${users.bookCredits} - 1` })
      .where(and(eq(users.id, userId), gt(users.bookCredits, 0)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  async setStripeCustomer(userId: string, customerId: string): Promise<void> {
    await this.db
      .update(users)
      .set({ stripeCustomerId: customerId })
      .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  }

  async createCheckout(values: {
    userId: string;
    provider: 'demo' | 'stripe';
    product: Product;
    bookId: string | null;
    amount: number;
    paidWithCredit: boolean;
    bookTitle?: string | null;
    pageCount?: number | null;
    /** A gift applied to this storyteller's account (issue 31). */
    giftFor?: string | null;
  }): Promise<CheckoutRow> {
    const [row] = await this.db
      .insert(checkoutSessions)
      .values({ ...values, providerSessionId: sql`gen_random_uuid()::text` })
      .returning();
    return row!;
  }

  async setCheckoutSession(id: string, providerSessionId: string): Promise<void> {
    await this.db
      .update(checkoutSessions)
      .set({ providerSessionId })
      .where(eq(checkoutSessions.id, id));
  }

  async findCheckout(id: string, tx: Tx | Db = this.db): Promise<CheckoutRow | null> {
    const [row] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, id))
      .limit(1);
    return row ?? null;
  }

  /** open → completed (or canceled, refused); false when it was not open any more. */
  async closeCheckout(
    id: string,
    status: 'completed' | 'canceled' | 'refused',
    tx: Tx | Db = this.db,
  ): Promise<boolean> {
    const rows = await tx
      .update(checkoutSessions)
      .set({ status, completedAt: new Date() })
      .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
      .returning({ id: checkoutSessions.id });
    return rows.length > 0;
  }

  async createOrder(
    tx: Tx,
    values: {
      userId: string;
      bookId: string | null;
      bookTitle: string;
      amount: number;
      currency: string;
      paidWithCredit: boolean;
      shipping: ShippingAddress | null;
      provider: string;
      providerRef: string;
      filesPrefix: string;
      pageCount: number | null;
    },
  ): Promise<OrderRow | null> {
    const [row] = await tx.insert(orders).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  async listOrders(userId: string | null): Promise<OrderRow[]> {
    const query = this.db.select().from(orders);
    return (userId ? query.where(eq(orders.userId, userId)) : query).orderBy(
      desc(orders.createdAt),
    );
  }

  async findOrder(id: string): Promise<OrderRow | null> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, id)).limit(1);
    return row ?? null;
  }

  async setOrderStatus(id: string, status: OrderRow['status']): Promise<boolean> {
    const rows = await this.db
      .update(orders)
      .set({ status, updatedAt: new Date() })
      .where(eq(orders.id, id))
      .returning({ id: orders.id });
    return rows.length > 0;
  }

  async insertGiftCodes(
    codes: { codeHash: string; hint: string; months: number; expiresAt: Date }[],
  ): Promise<void> {
    if (codes.length) await this.db.insert(giftCodes).values(codes);
  }

  async listGiftCodes(): Promise<GiftCodeRow[]> {
    return this.db.select().from(giftCodes).orderBy(desc(giftCodes.createdAt));
  }

  /**
   * A gift code bought by a relative (issue 31), stored by its hash; false when that checkout already
   * made its code (`checkout_id` is unique: a replayed payment makes no second code).
   */
  async insertBoughtGiftCode(
    tx: Tx,
    values: {
      codeHash: string;
      hint: string;
      months: number;
      bookCredits: number;
      boughtBy: string;
      checkoutId: string;
      expiresAt: Date;
    },
  ): Promise<boolean> {
    const rows = await tx
      .insert(giftCodes)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: giftCodes.id });
    return rows.length > 0;
  }

  /** Whether `memberId` holds a seat in `ownerId`'s family circle (any role). */
  async isCircleMember(ownerId: string, memberId: string): Promise<boolean> {
    return (await this.circle.seat(ownerId, memberId)) !== null;
  }

  /** A person's address, name and language, read through the event's transaction. */
  async addressee(userId: string, tx: Tx | Db = this.db): Promise<Addressee | null> {
    const [row] = await tx
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        currentLanguage: users.currentLanguage,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  /**
   * Marks the code used by this person if it is still usable; what it gives (months, printed-book
   * credits), or null. One winner only.
   */
  async claimGiftCode(
    tx: Tx,
    codeHash: string,
    userId: string,
  ): Promise<{ months: number; bookCredits: number } | null> {
    const [row] = await tx
      .update(giftCodes)
      .set({ redeemedBy: userId, redeemedAt: new Date() })
      .where(
        and(
          eq(giftCodes.codeHash, codeHash),
          isNull(giftCodes.redeemedAt),
          gt(giftCodes.expiresAt, sql`now()`),
        ),
      )
      .returning({ months: giftCodes.months, bookCredits: giftCodes.bookCredits });
    return row ?? null;
  }

  async findGiftCode(codeHash: string): Promise<GiftCodeRow | null> {
    const [row] = await this.db
      .select()
      .from(giftCodes)
      .where(eq(giftCodes.codeHash, codeHash))
      .limit(1);
    return row ?? null;
  }

  // Account deletion (issue 28): what is cancelled, kept detached, or removed.

  async userExists(userId: string, tx: Tx | Db = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return Boolean(row);
  }

  /** Subscriptions the provider may still charge: every one not cancelled yet. */
  async runningSubscriptionsOf(userId: string): Promise<SubscriptionRow[]> {
    return this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'canceled')));
  }

  async ordersOfUser(userId: string): Promise<OrderRow[]> {
    return this.db.select().from(orders).where(eq(orders.userId, userId));
  }

  /**
   * Detaches what the operator keeps from the person before their row goes: each order gets its new
   * files folder (or, once shipped, loses its address and files), unfinished checkouts go (completed and
   * refused ones are payments: kept), and payment events forget who they were about. The user row's deletion then nulls `user_id` (on delete set null).
   */
  async detachForDeletion(
    userId: string,
    kept: { id: string; filesPrefix: string; shipped: boolean }[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const order of kept)
        await tx
          .update(orders)
          .set({
            filesPrefix: order.filesPrefix,
            updatedAt: new Date(),
            ...(order.shipped ? { shipping: null, bookTitle: '' } : {}),
          })
          .where(eq(orders.id, order.id));
      await tx
        .delete(checkoutSessions)
        .where(
          and(
            eq(checkoutSessions.userId, userId),
            inArray(checkoutSessions.status, ['open', 'canceled']),
          ),
        );
      await tx.update(paymentEvents).set({ userId: null }).where(eq(paymentEvents.userId, userId));
    });
  }
}
