// Premium access and printed books (spec §1, §4; api.md § Premium). Access comes only from provider events,
// and every event — a Stripe webhook or the simulator's "Payer" — goes through `applyEvent`, which records
// the event id and applies its effect in one transaction: a replayed or duplicated event changes nothing,
// and an event older than what a subscription already shows is ignored (nothing resurrects a cancelled
// subscription). Full access = an active subscription, or `full_access_until` in the future.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import { AppError, registerErrorStatus } from '../../errors.ts';
import { registerErrorMessages, userLocale, type Locale } from '../../i18n/messages.ts';
import { userDateLocale } from '../../i18n/language-tag.ts';
import {
  GIFT_BOOK_CREDITS,
  GIFT_MONTHS,
  PRICES,
  type CheckoutAnswer,
  type GiftCheckoutBody,
  type Order,
  type PremiumStatus,
  type Product,
} from '../../contract/premium.ts';
import type { Db } from '../../db/client.ts';
import type { ShippingAddress } from '../../db/schema/premium.ts';
import { normalizePostcode } from './postcodes.ts';
import type { StorageProvider } from '../../providers/storage/types.ts';
import {
  InvalidSignatureError,
  type PaymentEvent,
  type PaymentProvider,
  type SubscriptionState,
} from '../../providers/payment/types.ts';
import type { PrintProvider } from '../../providers/print/types.ts';
import type { UserRow } from '../accounts/repository.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { BookRow } from '../books/repository.ts';
import type { BooksService } from '../books/service.ts';
import { userFolder } from '../chat/service.ts';
import type { MailService } from '../mail/service.ts';
import type {
  Addressee,
  CheckoutRow,
  OrderRow,
  PremiumRepository,
  SubscriptionRow,
  Tx,
} from './repository.ts';

/** Subscription statuses that give full access (Stripe's words). */
const ACTIVE = new Set(['active', 'trialing']);
const PACK_MONTHS = 12;
export const GIFT_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A bought gift code can be used for a year from its payment (issue 31). */
export const BOUGHT_GIFT_CODE_VALID_DAYS = 365;

registerErrorStatus('already_subscribed', 409);
registerErrorStatus('no_active_subscription', 409);
registerErrorStatus('subscription_ended', 409);
registerErrorStatus('book_not_ready', 409);
registerErrorStatus('invalid_signature', 400);
registerErrorStatus('checkout_closed', 409);
registerErrorStatus('payments_disabled', 409);
registerErrorStatus('payment_provider_error', 503);
registerErrorStatus('payment_provider_unavailable', 503);
registerErrorStatus('invalid_postcode', 422);
registerErrorMessages({
  invalid_postcode: {
    fr: 'Ce code postal ne correspond pas au pays choisi.',
    en: 'This postcode does not match the chosen country.',
  },
  payment_provider_unavailable: {
    fr: 'Le service de paiement ne répond pas : votre abonnement n’a pas pu être arrêté, et votre compte n’a donc pas été supprimé. Rien n’a été effacé. Réessayez dans quelques minutes.',
    en: 'The payment service is not answering: your subscription could not be stopped, so your account was not deleted. Nothing was erased. Try again in a few minutes.',
  },
  payment_provider_error: {
    fr: 'Le service de paiement ne répond pas. Réessayez dans quelques minutes.',
    en: 'The payment service is not answering. Try again in a few minutes.',
  },
  payments_disabled: {
    fr: 'Ce serveur Chapitres n’a pas de paiements : tous les comptes ont déjà un accès complet.',
    en: 'This Chapitres server has no payments: every account already has full access.',
  },
  already_subscribed: {
    fr: 'Vous êtes déjà abonné.',
    en: 'You already have a subscription.',
  },
  no_active_subscription: {
    fr: 'Vous n’avez pas d’abonnement en cours à résilier.',
    en: 'You have no running subscription to cancel.',
  },
  subscription_ended: {
    fr: 'Cet abonnement est terminé : abonnez-vous à nouveau depuis la page des offres.',
    en: 'This subscription has ended: subscribe again from the plans page.',
  },
  book_not_ready: {
    fr: 'Ce livre n’est pas encore prêt : il pourra être commandé une fois créé.',
    en: 'This book is not ready yet: it can be ordered once it has been made.',
  },
  invalid_signature: {
    fr: 'Signature du message de paiement invalide.',
    en: 'Invalid payment message signature.',
  },
  checkout_closed: {
    fr: 'Ce paiement est déjà terminé.',
    en: 'This payment is already finished.',
  },
  promo_code_not_found: {
    fr: 'Ce code cadeau n’existe pas.',
    en: 'This gift code does not exist.',
  },
  promo_code_expired: {
    fr: 'Ce code cadeau a expiré.',
    en: 'This gift code has expired.',
  },
  promo_code_inactive: {
    fr: 'Ce code cadeau a déjà été utilisé.',
    en: 'This gift code has already been used.',
  },
});

export const PRODUCT_LABELS: Record<Product, Record<Locale, string>> = {
  subscription: { fr: 'Abonnement mensuel Chapitres', en: 'Chapitres monthly subscription' },
  'premium-12-months-and-a-book': {
    fr: 'Pack 12 mois + 1 livre imprimé',
    en: '12-month pack + 1 printed book',
  },
  book: { fr: 'Livre imprimé', en: 'Printed book' },
  gift: {
    fr: 'Code cadeau\u00a0: un an de Chapitres + 1 livre imprimé',
    en: 'Gift code: a year of Chapitres + 1 printed book',
  },
};

/** A gift applied to a storyteller's account, named: « Un an de Chapitres offert à Jeanne » (issue 31). */
export function giftLabel(locale: Locale, name: string): string {
  const who = name.trim();
  if (locale === 'fr')
    return who
      ? `Un an de Chapitres offert à ${who} + 1 livre imprimé`
      : 'Un an de Chapitres offert + 1 livre imprimé';
  return who
    ? `A year of Chapitres for ${who} + 1 printed book`
    : 'A year of Chapitres as a gift + 1 printed book';
}

/** A product and its book: « Livre imprimé : « Ma vie » », "Printed book: “My life”" (issue 35). */
export function labelWithTitle(locale: Locale, label: string, title: string): string {
  return locale === 'fr' ? `${label} : « ${title} »` : `${label}: “${title}”`;
}

/** How every simulated payment is marked where a person or the operator reads it (issue 28). */
export const SIMULATED: Record<Locale, string> = {
  fr: 'simulation — aucun paiement réel',
  en: 'simulation — no real payment',
};

export function formatEuros(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}

/** A gift code as people type it: upper case, without spaces or dashes. */
export function normaliseGiftCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, '');
}

export function hashGiftCode(code: string): string {
  return createHash('sha256').update(normaliseGiftCode(code)).digest('hex');
}

/** A new code: 16 characters (80 bits) from an alphabet without look-alikes, in groups of four. */
export function newGiftCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => GIFT_CODE_ALPHABET[b % GIFT_CODE_ALPHABET.length]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

function subscriptionGivesAccess(row: SubscriptionRow | null, now = Date.now()): boolean {
  if (!row || !ACTIVE.has(row.status)) return false;
  if (row.cancelAt && row.cancelAt.getTime() <= now) return false;
  return !row.currentPeriodEnd || row.currentPeriodEnd.getTime() > now;
}

function stateOf(row: SubscriptionRow): SubscriptionState {
  return {
    providerId: row.providerId,
    userId: row.userId,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAt: row.cancelAt,
    startedAt: row.createdAt,
  };
}

export function addressLine(address: ShippingAddress | null): string {
  if (!address) return '—';
  return [
    address.name,
    address.line1,
    address.line2,
    `${address.postalCode} ${address.city}`,
    address.country,
  ]
    .filter((part) => part && part.trim())
    .join(', ');
}

/** What happens after an event's transaction commits (mails, files), so a rollback sends nothing. */
type AfterCommit = () => Promise<void>;

export class PremiumService {
  constructor(
    private readonly repository: PremiumRepository,
    private readonly provider: PaymentProvider,
    private readonly print: PrintProvider,
    private readonly accounts: AccountsService,
    private readonly books: BooksService,
    private readonly storage: StorageProvider,
    private readonly mail: MailService,
    private readonly config: Pick<Config, 'freeChapters' | 'publicUrl'> &
      Partial<Pick<Config, 'payments'>>,
  ) {}

  get providerName(): 'demo' | 'stripe' {
    return this.provider.name;
  }

  /** PAYMENTS=off (a family server): every account has full access and nothing can be bought. */
  get paymentsOff(): boolean {
    return this.config.payments === 'off';
  }

  /** The `{provider}` of a URL must be the configured one; another is not found. */
  assertProvider(name: string): void {
    if (name !== this.provider.name) throw new AppError('not_found');
  }

  async hasFullAccess(userId: string): Promise<boolean> {
    if (this.paymentsOff) return true;
    const entitlements = await this.repository.entitlements(userId);
    if (entitlements?.fullAccessUntil && entitlements.fullAccessUntil.getTime() > Date.now())
      return true;
    return subscriptionGivesAccess(await this.repository.latestSubscription(userId));
  }

  async status(user: UserRow): Promise<PremiumStatus> {
    const entitlements = await this.repository.entitlements(user.id);
    const subscription = await this.repository.latestSubscription(user.id);
    const until = entitlements?.fullAccessUntil ?? null;
    const untilActive = until !== null && until.getTime() > Date.now();
    const subscribed = subscriptionGivesAccess(subscription);
    return {
      is_full_access_granted: this.paymentsOff || untilActive || subscribed,
      full_access_until: untilActive ? until.toISOString() : null,
      subscription: subscription
        ? {
            // A subscription past its end reads as ended, whatever the provider last said.
            status:
              subscribed || !ACTIVE.has(subscription.status) ? subscription.status : 'canceled',
            cancel_at: subscription.cancelAt?.toISOString() ?? null,
          }
        : null,
      free_chapters_allowed: Math.max(0, this.config.freeChapters - user.chaptersCreated),
      book_credits: entitlements?.bookCredits ?? 0,
    };
  }

  async checkout(user: UserRow, product: Product, bookId?: string): Promise<CheckoutAnswer> {
    if (this.paymentsOff) throw new AppError('payments_disabled');
    const locale = userLocale(user);
    const entitlements = await this.repository.entitlements(user.id);
    let amount: number = PRICES[product];
    let credit = false;
    let label = PRODUCT_LABELS[product][locale];
    let book: BookRow | null = null;
    if (product === 'subscription') {
      if (subscriptionGivesAccess(await this.repository.latestSubscription(user.id)))
        throw new AppError('already_subscribed');
    }
    if (product === 'book') {
      book = bookId ? await this.books.forOrder(user.id, bookId) : null;
      if (!book) throw new AppError('not_found', {}, { loc: ['querystring', 'book_id'] });
      if (book.generationStatus !== 'success' || !book.interiorKey)
        throw new AppError('book_not_ready');
      // Only the price shown: the credit itself is taken when the checkout completes, if still there.
      credit = (entitlements?.bookCredits ?? 0) > 0;
      if (credit) amount = 0;
      label = labelWithTitle(locale, label, book.title);
    }
    const row = await this.repository.createCheckout({
      userId: user.id,
      provider: this.provider.name,
      product,
      bookId: product === 'book' ? bookId! : null,
      amount,
      paidWithCredit: credit,
      bookTitle: book?.title ?? null,
      pageCount: book?.pageCount ?? null,
    });
    // The print files are frozen under the order's folder now: deleting the book while this checkout is
    // open, or after it is paid, leaves what the printer needs (issue 28).
    if (book) {
      try {
        await this.freezeFiles(ordersPrefix(user.id, row.id), book.interiorKey, book.coverKey);
      } catch (error) {
        await this.repository.closeCheckout(row.id, 'canceled');
        throw error;
      }
    }
    return this.openSession(user, row, label, entitlements?.stripeCustomerId ?? null);
  }

  /**
   * A gift from a relative (issue 31), the 12-month pack's price: `code`, a gift code mailed to the buyer
   * once paid; `storyteller`, applied to the account of a storyteller whose circle the buyer is in
   * (anyone else: 404, as for everything of a circle one is not in).
   */
  async checkoutGift(user: UserRow, body: GiftCheckoutBody): Promise<CheckoutAnswer> {
    if (this.paymentsOff) throw new AppError('payments_disabled');
    const locale = userLocale(user);
    const raw = body as { for: string; storyteller_id?: string };
    let storyteller: Addressee | null = null;
    if (raw.for === 'storyteller') {
      const id = raw.storyteller_id;
      if (!id) throw new AppError('validation_error', {}, { loc: ['body', 'storyteller_id'] });
      if (!(await this.repository.isCircleMember(id, user.id))) throw new AppError('not_found');
      storyteller = await this.repository.addressee(id);
      if (!storyteller) throw new AppError('not_found');
    } else if (raw.storyteller_id !== undefined) {
      throw new AppError('validation_error', {}, { loc: ['body', 'storyteller_id'] });
    }
    const entitlements = await this.repository.entitlements(user.id);
    const row = await this.repository.createCheckout({
      userId: user.id,
      provider: this.provider.name,
      product: 'gift',
      bookId: null,
      amount: PRICES.gift,
      paidWithCredit: false,
      giftFor: storyteller?.id ?? null,
    });
    const label = storyteller
      ? giftLabel(locale, storyteller.fullName)
      : PRODUCT_LABELS.gift[locale];
    return this.openSession(user, row, label, entitlements?.stripeCustomerId ?? null);
  }

  /** Opens the provider's payment page for a checkout row; answers where to send the browser. */
  private async openSession(
    user: UserRow,
    row: CheckoutRow,
    label: string,
    customerId: string | null,
  ): Promise<CheckoutAnswer> {
    const product = row.product;
    const created = await this.provider.createCheckout({
      checkoutId: row.id,
      product,
      amount: row.amount,
      credit: row.paidWithCredit,
      label,
      user: {
        id: user.id,
        email: user.email,
        locale: userLocale(user),
        customerId,
      },
      successUrl: `${this.config.publicUrl}/payment-success?product=${product}`,
      cancelUrl: `${this.config.publicUrl}/payment-failure?product=${product}`,
    });
    await this.repository.setCheckoutSession(row.id, created.sessionId);
    if (created.customerId && created.customerId !== customerId)
      await this.repository.setStripeCustomer(user.id, created.customerId);
    return { redirect_url: created.url };
  }

  async cancel(user: UserRow): Promise<PremiumStatus> {
    const row = await this.repository.latestSubscription(user.id);
    if (!row || !subscriptionGivesAccess(row)) throw new AppError('no_active_subscription');
    if (!row.cancelAt) {
      const state = await this.provider.cancelAtPeriodEnd(stateOf(row));
      await this.applySubscriptionChange(row, state);
    }
    return this.status(user);
  }

  async restore(user: UserRow): Promise<PremiumStatus> {
    const row = await this.repository.latestSubscription(user.id);
    if (!row || !subscriptionGivesAccess(row)) throw new AppError('subscription_ended');
    if (row.cancelAt) {
      const state = await this.provider.resume(stateOf(row));
      await this.applySubscriptionChange(row, state);
    }
    return this.status(user);
  }

  /** Our own change (cancel, restore) as the provider answered it, through the same path as its events. */
  private async applySubscriptionChange(row: SubscriptionRow, state: SubscriptionState) {
    await this.applyEvent({
      id: `local:${row.providerId}:${randomUUID()}`,
      created: new Date(),
      type: 'subscription.updated',
      subscription: { ...state, userId: row.userId },
    });
  }

  async redeemGiftCode(user: UserRow, code: string): Promise<void> {
    const hash = hashGiftCode(code);
    const months = await this.repository.transaction(async (tx) => {
      const granted = await this.repository.claimGiftCode(tx, hash, user.id);
      // A bought gift code (issue 31) also gives its printed book.
      if (granted !== null)
        await this.repository.extendAccess(user.id, granted.months, granted.bookCredits, tx);
      return granted;
    });
    if (months !== null) return;
    const found = normaliseGiftCode(code) ? await this.repository.findGiftCode(hash) : null;
    if (!found) throw new AppError('promo_code_not_found');
    if (found.redeemedAt) throw new AppError('promo_code_inactive');
    throw new AppError('promo_code_expired');
  }

  /** `gift-codes create`: the codes themselves are shown once, only their hashes are kept. */
  async createGiftCodes(count: number, months: number, expiresAt: Date): Promise<string[]> {
    const codes = Array.from({ length: count }, newGiftCode);
    await this.repository.insertGiftCodes(
      codes.map((code) => ({
        codeHash: hashGiftCode(code),
        hint: normaliseGiftCode(code).slice(-4),
        months,
        expiresAt,
      })),
    );
    return codes;
  }

  listGiftCodes() {
    return this.repository.listGiftCodes();
  }

  async orders(user: UserRow): Promise<{ data: Order[]; count: number }> {
    const rows = await this.repository.listOrders(user.id);
    return { data: rows.map(orderWire), count: rows.length };
  }

  /** The simulator's page: the session if it is this provider's and still open. */
  async demoCheckout(id: string): Promise<CheckoutRow & { label: string; email: string }> {
    if (this.provider.name !== 'demo' || this.paymentsOff) throw new AppError('not_found');
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.repository.findCheckout(id) : null;
    if (!row || row.provider !== 'demo' || !row.userId) throw new AppError('not_found');
    const user = await this.accounts.findUser(row.userId);
    if (!user) throw new AppError('not_found');
    const locale = userLocale(user);
    let label = PRODUCT_LABELS[row.product][locale];
    const title =
      row.bookTitle ??
      (row.bookId ? (await this.books.forOrder(user.id, row.bookId))?.title : null);
    if (title) label = labelWithTitle(locale, label, title);
    if (row.product === 'gift' && row.giftFor) {
      const storyteller = await this.repository.addressee(row.giftFor);
      label = giftLabel(locale, storyteller?.fullName ?? '');
    }
    return { ...row, label, email: user.email };
  }

  /**
   * The simulator's "Payer": the same event a Stripe webhook would bring. 'refused': nothing was taken
   * (the book credit was already used, or the person already has a subscription).
   */
  async completeDemoCheckout(
    id: string,
    shipping: ShippingAddress | null,
  ): Promise<'applied' | 'duplicate' | 'ignored' | 'refused'> {
    const row = await this.demoCheckout(id);
    if (row.status !== 'open') throw new AppError('checkout_closed');
    if (row.product === 'book' && !shipping)
      throw new AppError('validation_error', {}, { loc: ['body', 'shipping'] });
    let address = shipping;
    if (address) {
      const postalCode = normalizePostcode(address.country, address.postalCode);
      if (!postalCode) throw new AppError('invalid_postcode', {}, { loc: ['body', 'postal_code'] });
      address = { ...address, postalCode };
    }
    const now = new Date();
    return this.applyEvent({
      id: `demo:${row.id}`,
      created: now,
      type: 'checkout.completed',
      checkoutId: row.id,
      customerId: null,
      subscription:
        row.product === 'subscription'
          ? {
              providerId: `demo_sub_${row.id}`,
              userId: row.userId,
              status: 'active',
              currentPeriodEnd: null,
              cancelAt: null,
            }
          : null,
      shipping: address,
      amount: row.amount,
    });
  }

  /** The simulator's "Annuler" (the route has already found the open session). */
  async cancelDemoCheckout(id: string): Promise<void> {
    const row = await this.repository.findCheckout(id);
    if (!(await this.repository.closeCheckout(id, 'canceled'))) return;
    // The print files frozen when it opened are for an order that will not be.
    if (row?.product === 'book' && row.userId)
      await this.storage.deletePrefix(`${ordersPrefix(row.userId, row.id)}/`);
  }

  /** A provider webhook: verified, read, applied once. Unknown event types are acknowledged and ignored. */
  async webhook(
    raw: Buffer,
    signature: string | undefined,
  ): Promise<'applied' | 'duplicate' | 'ignored' | 'refused'> {
    let event: PaymentEvent | null;
    try {
      event = await this.provider.parseWebhook(raw, signature);
    } catch (error) {
      if (error instanceof InvalidSignatureError) throw new AppError('invalid_signature');
      throw error;
    }
    if (!event) return 'ignored';
    return this.applyEvent(event);
  }

  /** The one function that grants or removes access. */
  async applyEvent(event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored' | 'refused'> {
    const provider = this.provider.name;
    const after: AfterCommit[] = [];
    // Read before the transaction: on the embedded database a query outside it would wait for it.
    const book =
      event.type === 'checkout.completed' ? await this.bookOfCheckout(event.checkoutId) : null;
    const outcome = await this.repository.transaction(async (tx) => {
      const userId = await this.userOf(tx, event);
      if (!(await this.repository.recordEvent(tx, provider, event.id, event.type, userId)))
        return 'duplicate' as const;
      // One person's events one at a time: two checkouts completing together see each other (issue 28).
      if (userId) await this.repository.lockUser(tx, userId);
      switch (event.type) {
        case 'checkout.completed':
          return this.completeCheckout(tx, event, book, after);
        case 'subscription.updated':
        case 'subscription.deleted':
          return this.changeSubscription(
            tx,
            { ...event.subscription, userId },
            event.created,
            event.type === 'subscription.deleted',
          );
        case 'invoice.paid':
        case 'invoice.failed': {
          const row = await this.repository.subscriptionByProviderId(
            provider,
            event.subscriptionId,
            tx,
          );
          if (!row || row.status === 'canceled' || row.lastEventAt > event.created)
            return 'ignored' as const;
          if (event.type === 'invoice.failed') {
            await this.repository.updateSubscription(
              tx,
              row.id,
              { status: 'past_due' },
              event.created,
            );
            return 'applied' as const;
          }
          await this.repository.updateSubscription(
            tx,
            row.id,
            { status: 'active', ...(event.periodEnd ? { currentPeriodEnd: event.periodEnd } : {}) },
            event.created,
          );
          if (event.renewal && event.amount > 0)
            after.push(() => this.receipt(row.userId, 'subscription', event.amount));
          return 'applied' as const;
        }
      }
    });
    for (const task of after) {
      try {
        await task();
      } catch (error) {
        console.error('[premium] after a payment event', error);
      }
    }
    return outcome;
  }

  private async userOf(tx: Tx, event: PaymentEvent): Promise<string | null> {
    if (event.type === 'checkout.completed')
      return (await this.repository.findCheckout(event.checkoutId, tx))?.userId ?? null;
    if (event.type === 'subscription.updated' || event.type === 'subscription.deleted') {
      // An event about a deleted account (Stripe's answer to our cancelling it) names nobody we know.
      const userId = event.subscription.userId;
      return userId && (await this.repository.userExists(userId, tx)) ? userId : null;
    }
    return null;
  }

  private async bookOfCheckout(checkoutId: string): Promise<BookRow | null> {
    const checkout = await this.repository.findCheckout(checkoutId);
    return checkout?.bookId && checkout.userId
      ? this.books.forOrder(checkout.userId, checkout.bookId)
      : null;
  }

  private async completeCheckout(
    tx: Tx,
    event: Extract<PaymentEvent, { type: 'checkout.completed' }>,
    book: BookRow | null,
    after: AfterCommit[],
  ): Promise<'applied' | 'ignored' | 'refused'> {
    const checkout = await this.repository.findCheckout(event.checkoutId, tx);
    // A checkout of a deleted account is detached (no person) or gone: acknowledged, nothing to give.
    if (!checkout?.userId || checkout.status !== 'open') return 'ignored';
    const userId = checkout.userId;
    // What was decided when the checkout opened is checked again now, under the person's lock (issue 28).
    if (checkout.product === 'subscription' && event.subscription) {
      const state = { ...event.subscription, userId };
      if (await this.hasOtherSubscription(tx, userId, state.providerId)) {
        await this.repository.closeCheckout(checkout.id, 'refused', tx);
        await this.refuseSubscription(tx, state, event.created);
        return 'refused';
      }
    }
    let credit = false;
    if (checkout.product === 'book' && checkout.paidWithCredit) {
      credit = await this.repository.useCredit(tx, userId);
      // Opened at 0 € with a credit that another order has taken since: nothing was paid, no order.
      if (!credit && event.amount === 0) {
        await this.repository.closeCheckout(checkout.id, 'refused', tx);
        after.push(() => this.storage.deletePrefix(`${ordersPrefix(userId, checkout.id)}/`));
        return 'refused';
      }
    }
    if (!(await this.repository.closeCheckout(checkout.id, 'completed', tx))) return 'ignored';
    switch (checkout.product) {
      case 'subscription':
        if (event.subscription)
          await this.changeSubscription(
            tx,
            { ...event.subscription, userId },
            event.created,
            false,
          );
        break;
      case 'premium-12-months-and-a-book':
        await this.repository.extendAccess(userId, PACK_MONTHS, 1, tx);
        break;
      case 'book': {
        const order = await this.repository.createOrder(tx, {
          userId,
          bookId: checkout.bookId ?? book?.id ?? null,
          bookTitle: checkout.bookTitle ?? book?.title ?? '',
          amount: event.amount,
          currency: checkout.currency,
          paidWithCredit: credit,
          shipping: event.shipping,
          provider: this.provider.name,
          providerRef: checkout.id,
          filesPrefix: ordersPrefix(userId, checkout.id),
          pageCount: checkout.pageCount ?? book?.pageCount ?? null,
        });
        if (order)
          after.push(() =>
            this.placeOrder(order, book?.interiorKey ?? null, book?.coverKey ?? null),
          );
        break;
      }
      case 'gift': {
        const storyteller = await this.giveGift(tx, checkout, userId);
        if (event.amount > 0)
          after.push(() =>
            this.receipt(
              userId,
              checkout.product,
              event.amount,
              storyteller ? (locale) => giftLabel(locale, storyteller.fullName) : undefined,
            ),
          );
        return 'applied';
      }
    }
    if (event.amount > 0) after.push(() => this.receipt(userId, checkout.product, event.amount));
    return 'applied';
  }

  /**
   * A paid gift (issue 31), inside the event's transaction (the checkout has just been closed, so this
   * runs once per checkout): her account gets the months and the printed book, or — a code to give, or
   * her account gone since — a new gift code, stored by its hash only. The mail that carries it is queued
   * in the same transaction: it exists if and only if the gift does, and the mail job retries a failing
   * mail server without sending twice. Answers the storyteller it was applied to, or null for a code.
   */
  private async giveGift(tx: Tx, checkout: CheckoutRow, buyerId: string) {
    const within = { within: tx as unknown as Db };
    const buyer = await this.repository.addressee(buyerId, tx);
    const storyteller = checkout.giftFor
      ? await this.repository.addressee(checkout.giftFor, tx)
      : null;
    if (storyteller) {
      await this.repository.extendAccess(storyteller.id, GIFT_MONTHS, GIFT_BOOK_CREDITS, tx);
      const until = (await this.repository.entitlements(storyteller.id, tx))?.fullAccessUntil;
      const locale = userLocale(storyteller);
      await this.mail.send(
        locale,
        storyteller.email,
        {
          kind: 'gift_received',
          name: storyteller.fullName,
          giver: buyer?.fullName ?? '',
          months: GIFT_MONTHS,
          books: GIFT_BOOK_CREDITS,
          until: until ? longDate(storyteller, until) : '',
          link: `${this.config.publicUrl}/`,
        },
        within,
      );
      return storyteller;
    }
    const code = newGiftCode();
    const expiresAt = new Date(Date.now() + BOUGHT_GIFT_CODE_VALID_DAYS * 24 * 3600 * 1000);
    const made = await this.repository.insertBoughtGiftCode(tx, {
      codeHash: hashGiftCode(code),
      hint: normaliseGiftCode(code).slice(-4),
      months: GIFT_MONTHS,
      bookCredits: GIFT_BOOK_CREDITS,
      boughtBy: buyerId,
      checkoutId: checkout.id,
      expiresAt,
    });
    if (made && buyer)
      await this.mail.send(
        userLocale(buyer),
        buyer.email,
        {
          kind: 'gift_code',
          name: buyer.fullName,
          code,
          months: GIFT_MONTHS,
          books: GIFT_BOOK_CREDITS,
          expires: longDate(buyer, expiresAt),
          link: `${this.config.publicUrl}/subscription`,
          simulated: this.provider.name === 'demo',
        },
        within,
      );
    return null;
  }

  /** Another subscription of this person that still gives access. */
  private async hasOtherSubscription(tx: Tx, userId: string, providerId: string) {
    const live = await this.repository.liveSubscriptions(userId, tx);
    return live.some((row) => row.providerId !== providerId && subscriptionGivesAccess(row));
  }

  /**
   * A second subscription (two checkouts opened before either completed): stopped and refunded at the
   * provider, then recorded as cancelled so no later event revives it. The provider is called inside the
   * transaction on purpose: if it cannot be reached, nothing is recorded, the webhook answers 503 and
   * Stripe delivers the event again (the call is safe to repeat) — a refused subscription must not go on
   * charging because one call failed.
   */
  private async refuseSubscription(tx: Tx, state: SubscriptionState, at: Date): Promise<void> {
    const provider = this.provider.name;
    const row = await this.repository.subscriptionByProviderId(provider, state.providerId, tx);
    if (row?.status === 'canceled') return;
    try {
      await this.provider.cancelNowAndRefund(state);
    } catch (error) {
      console.error('[premium] stopping a refused second subscription', error);
      throw new AppError('payment_provider_error');
    }
    console.warn(`[premium] refused a second subscription ${state.providerId}: stopped, refunded`);
    if (row) await this.repository.updateSubscription(tx, row.id, { status: 'canceled' }, at);
    else
      await this.repository.insertSubscription(
        tx,
        state.userId!,
        provider,
        { ...state, status: 'canceled', cancelAt: at },
        at,
      );
  }

  private async changeSubscription(
    tx: Tx,
    state: SubscriptionState,
    at: Date,
    deleted: boolean,
  ): Promise<'applied' | 'ignored' | 'refused'> {
    const provider = this.provider.name;
    const row = await this.repository.subscriptionByProviderId(provider, state.providerId, tx);
    const status = deleted ? 'canceled' : state.status;
    if (!row) {
      if (!state.userId) return 'ignored';
      // One person, one subscription: a new one while another gives access is refused (issue 28).
      if (
        ACTIVE.has(status) &&
        (await this.hasOtherSubscription(tx, state.userId, state.providerId))
      ) {
        await this.refuseSubscription(tx, state, at);
        return 'refused';
      }
      await this.repository.insertSubscription(
        tx,
        state.userId,
        provider,
        { ...state, status },
        at,
      );
      return 'applied';
    }
    // A cancelled subscription stays cancelled, and an older event never undoes a newer one.
    if (row.status === 'canceled' || row.lastEventAt > at) return 'ignored';
    await this.repository.updateSubscription(
      tx,
      row.id,
      {
        status,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAt: deleted ? (row.cancelAt ?? at) : state.cancelAt,
      },
      at,
    );
    return 'applied';
  }

  /** Freezes the print files under the order, hands it to the print provider and confirms it by mail. */
  private async placeOrder(order: OrderRow, interiorKey: string | null, coverKey: string | null) {
    // Frozen when the checkout opened; a checkout opened before that existed is frozen now.
    await this.freezeFiles(order.filesPrefix, interiorKey, coverKey, true);
    await this.print.submit(order);
    const user = order.userId ? await this.accounts.findUser(order.userId) : null;
    if (!user) return;
    await this.mail.send(userLocale(user), user.email, {
      kind: 'order_confirmed',
      name: user.fullName,
      title: order.bookTitle,
      address: addressLine(order.shipping),
      link: `${this.config.publicUrl}/book/${order.bookId ?? ''}`,
      simulated: this.provider.name === 'demo',
    });
  }

  /** Copies a book's print files under an order's folder (only the missing ones when `onlyMissing`). */
  private async freezeFiles(
    prefix: string,
    interiorKey: string | null,
    coverKey: string | null,
    onlyMissing = false,
  ): Promise<void> {
    const [interior, cover] = ORDER_FILE_NAMES;
    for (const [key, name] of [
      [interiorKey, interior],
      [coverKey, cover],
    ] as const) {
      if (!key || (onlyMissing && (await this.storage.has(`${prefix}/${name}`)))) continue;
      await this.copyFile(key, `${prefix}/${name}`);
    }
  }

  private async copyFile(from: string, to: string): Promise<void> {
    const file = await this.storage.get(from);
    if (file) await this.storage.put(to, file.bytes, file.contentType);
  }

  private async receipt(
    userId: string,
    product: Product,
    amount: number,
    label?: (locale: Locale) => string,
  ) {
    const user = await this.accounts.findUser(userId);
    if (!user) return;
    const locale = userLocale(user);
    const euros = formatEuros(amount, locale);
    await this.mail.send(locale, user.email, {
      kind: 'payment_receipt',
      name: user.fullName,
      product: label ? label(locale) : PRODUCT_LABELS[product][locale],
      // The simulator's receipt says, next to the amount, that no money moved (issue 28).
      amount: this.provider.name === 'demo' ? `${euros} (${SIMULATED[locale]})` : euros,
      date: new Intl.DateTimeFormat(userDateLocale(user), {
        dateStyle: 'long',
        timeZone: 'Europe/Paris',
      }).format(new Date()),
    });
  }

  /** The command line: orders to print, and their state as the printer reports it. */
  listAllOrders() {
    return this.repository.listOrders(null);
  }

  findOrder(id: string) {
    return this.repository.findOrder(id);
  }

  setOrderStatus(id: string, status: OrderRow['status']) {
    return this.repository.setOrderStatus(id, status);
  }

  /** An operator's grant (the command line's `access grant`). */
  async grant(userId: string, months: number): Promise<void> {
    await this.repository.extendAccess(userId, months);
  }

  /**
   * Account deletion, first step: every subscription still running is stopped now with the provider
   * (not at the end of the period). Throws `payment_provider_unavailable` when the provider cannot be
   * reached, before anything of the account has been touched: the deletion stops there.
   */
  async cancelForDeletion(userId: string): Promise<void> {
    for (const row of await this.repository.runningSubscriptionsOf(userId)) {
      let state: SubscriptionState;
      try {
        if (row.provider === 'demo') state = { ...stateOf(row), status: 'canceled' };
        else if (row.provider !== this.provider.name) throw new Error('provider not configured');
        else state = await this.provider.cancelNow(stateOf(row));
      } catch (error) {
        console.error('[premium] cancelling a subscription before a deletion:', String(error));
        throw new AppError('payment_provider_unavailable');
      }
      await this.repository.transaction((tx) =>
        this.repository.updateSubscription(
          tx,
          row.id,
          { status: 'canceled', cancelAt: state.cancelAt ?? new Date() },
          new Date(),
        ),
      );
    }
  }

  /**
   * Account deletion, second step (before the person's files go): an order not shipped yet keeps its
   * print files and address, moved out of the person's folder to `orders/<order id>/`; a shipped order
   * stays as an accounting record only (amount, date, provider ids), without address, title or files.
   * Completed checkouts (payments) and payment events are kept without the person; the rest goes.
   */
  async detachForDeletion(userId: string): Promise<void> {
    const kept: { id: string; filesPrefix: string; shipped: boolean }[] = [];
    for (const order of await this.repository.ordersOfUser(userId)) {
      const shipped = order.status === 'shipped';
      const prefix = `orders/${order.id}`;
      if (!shipped && order.filesPrefix !== prefix)
        for (const name of ORDER_FILE_NAMES)
          await this.copyFile(`${order.filesPrefix}/${name}`, `${prefix}/${name}`);
      if (shipped || order.filesPrefix !== prefix)
        await this.storage.deletePrefix(`${order.filesPrefix}/`);
      kept.push({ id: order.id, filesPrefix: prefix, shipped });
    }
    await this.repository.detachForDeletion(userId, kept);
  }
}

/** « 27 novembre 2027 », "27 November 2027": a date in the person's language, as Paris sees it. */
function longDate(person: { currentLanguage: string }, date: Date): string {
  return new Intl.DateTimeFormat(userDateLocale(person), {
    dateStyle: 'long',
    timeZone: 'Europe/Paris',
  }).format(date);
}

/** The print files frozen for an order, under its files folder (see placeOrder). */
const ORDER_FILE_NAMES = ['interior.pdf', 'cover.pdf'] as const;

/** Where an order's print files are frozen (from the moment its checkout opens). */
function ordersPrefix(userId: string, checkoutId: string): string {
  return `${userFolder(userId)}orders/${checkoutId}`;
}

export function orderWire(row: OrderRow): Order {
  return {
    id: row.id,
    book_id: row.bookId,
    book_title: row.bookTitle,
    status: row.status,
    amount: row.amount,
    currency: row.currency.toUpperCase(),
    paid_with_credit: row.paidWithCredit,
    created_at: row.createdAt.toISOString(),
    shipping_address: row.shipping
      ? {
          name: row.shipping.name,
          line1: row.shipping.line1,
          line2: row.shipping.line2,
          postal_code: row.shipping.postalCode,
          city: row.shipping.city,
          country: row.shipping.country,
        }
      : null,
  };
}
