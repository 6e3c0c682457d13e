// HTTP routes of the premium module (api.md § Premium): status, checkouts, subscription changes, gift codes,
// orders, the provider's webhook (raw body, signature checked) and the payment simulator's pages.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import { AppError } from '../../errors.ts';
import { pickLocale } from '../../i18n/messages.ts';
import { Message } from '../../contract/accounts.ts';
import {
  BookCheckoutQuery,
  CheckoutAnswer,
  GiftCheckoutBody,
  OrderList,
  PremiumStatus,
  PromoCodeQuery,
  type Product,
} from '../../contract/premium.ts';
import type { ShippingAddress } from '../../db/schema/premium.ts';
import type { RateLimits, RateLimitRule } from '../../rate-limit.ts';
import {
  demoCheckoutPage,
  demoReviewPage,
  type AddressProblem,
  type DemoPageData,
} from './demo-page.ts';
import { normalizePostcode } from './postcodes.ts';
import type { PremiumService } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['premium'];
const ProviderParams = Type.Object({ provider: Type.String() });
const CheckoutParams = Type.Object({ id: Type.String() });

/** Gift codes are 80-bit secrets; these limits keep guessing pointless and tell a person to wait. */
const giftCodeByUser: RateLimitRule = {
  name: 'gift-code-user',
  limit: 10,
  windowSeconds: 60 * 60,
  key: (request) => currentUser(request).id,
};
const giftCodeByIp: RateLimitRule = {
  name: 'gift-code-ip',
  limit: 30,
  windowSeconds: 60 * 60,
  key: 'ip',
};

/**
 * A gift checkout ends in a mail (the code, or her « on vous offre » and the receipt) only once paid, but
 * opening many is still bounded, as every call that can lead to a mail (issue 31).
 */
const giftCheckoutByUser: RateLimitRule = {
  name: 'gift-checkout-user',
  limit: 20,
  windowSeconds: 60 * 60,
  key: (request) => currentUser(request).id,
};

/**
 * The address sent from the simulator's form, or what is wrong with it: a required field left empty
 * ('missing'), or a postcode that is not one of the chosen country's ('postcode').
 */
function shippingFrom(
  body: Record<string, unknown> | undefined,
): { address: ShippingAddress } | { problem: AddressProblem } {
  const text = (name: string) => {
    const value = body?.[name];
    return typeof value === 'string' ? value.trim().slice(0, 200) : '';
  };
  const address = {
    name: text('name'),
    line1: text('line1'),
    line2: text('line2') || null,
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country').toUpperCase(),
  };
  if (
    !address.name ||
    !address.line1 ||
    !address.postalCode ||
    !address.city ||
    !/^[A-Z]{2}$/.test(address.country)
  )
    return { problem: 'missing' };
  const postalCode = normalizePostcode(address.country, address.postalCode);
  if (!postalCode) return { problem: 'postcode' };
  return { address: { ...address, postalCode } };
}

function refusedPage(reply: FastifyReply, row: DemoPageData, request: FastifyRequest) {
  const locale = pickLocale(null, request.headers['accept-language']);
  return reply
    .code(409)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(demoCheckoutPage(row, locale));
}

export function premiumRoutes(premium: PremiumService, rateLimits: RateLimits) {
  return async function (app: FastifyInstance) {
    // Authenticated calls.
    await app.register(async (api) => {
      api.addHook('onRequest', api.authenticate);

      api.get(
        '/premium-status',
        { schema: { tags, security: bearer, response: { 200: PremiumStatus } } },
        async (request) => premium.status(currentUser(request)),
      );

      api.get(
        '/orders',
        { schema: { tags, security: bearer, response: { 200: OrderList } } },
        async (request) => premium.orders(currentUser(request)),
      );

      const checkout = (product: Product) => async (request: FastifyRequest) => {
        premium.assertProvider((request.params as { provider: string }).provider);
        const query = request.query as { book_id?: string };
        return premium.checkout(currentUser(request), product, query.book_id);
      };
      const checkoutSchema = {
        tags,
        security: bearer,
        params: ProviderParams,
        response: { 200: CheckoutAnswer },
      };
      api.post(
        '/:provider/checkout/subscription',
        { schema: checkoutSchema },
        checkout('subscription'),
      );
      api.post(
        '/:provider/checkout/premium-12-months-and-a-book',
        { schema: checkoutSchema },
        checkout('premium-12-months-and-a-book'),
      );
      api.post(
        '/:provider/checkout/book',
        { schema: { ...checkoutSchema, querystring: BookCheckoutQuery } },
        checkout('book'),
      );

      // A gift from a relative (issue 31): a code to give, or applied to a storyteller of one's circles.
      api.post(
        '/:provider/checkout/gift',
        {
          schema: { ...checkoutSchema, body: GiftCheckoutBody },
          preHandler: rateLimits.hook(giftCheckoutByUser),
        },
        async (request) => {
          premium.assertProvider((request.params as { provider: string }).provider);
          return premium.checkoutGift(currentUser(request), request.body as GiftCheckoutBody);
        },
      );

      // Cancelling at the period's end and taking that back: the same call shape, one service method each.
      for (const [path, change] of [
        ['cancellation', (user: Parameters<PremiumService['cancel']>[0]) => premium.cancel(user)],
        ['restoration', (user: Parameters<PremiumService['restore']>[0]) => premium.restore(user)],
      ] as const) {
        api.post(
          `/:provider/subscription/${path}`,
          {
            schema: {
              tags,
              security: bearer,
              params: ProviderParams,
              response: { 200: PremiumStatus },
            },
          },
          async (request) => {
            premium.assertProvider((request.params as { provider: string }).provider);
            return change(currentUser(request));
          },
        );
      }

      api.post(
        '/:provider/promo-code',
        {
          schema: {
            tags,
            security: bearer,
            params: ProviderParams,
            querystring: PromoCodeQuery,
            response: { 200: Message },
          },
          preHandler: rateLimits.hook(giftCodeByUser, giftCodeByIp),
        },
        async (request) => {
          premium.assertProvider((request.params as { provider: string }).provider);
          const { customer_promo_code: code } = request.query as { customer_promo_code: string };
          if (!code.trim())
            throw new AppError(
              'validation_error',
              {},
              { loc: ['querystring', 'customer_promo_code'] },
            );
          await premium.redeemGiftCode(currentUser(request), code);
          return { message: 'redeemed' };
        },
      );
    });

    // The provider's webhook: the raw body is what the signature covers.
    await app.register(async (hooks) => {
      hooks.removeContentTypeParser('application/json');
      hooks.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: 512 * 1024 },
        (_request, body, done) => done(null, body),
      );
      hooks.post(
        '/:provider/webhook',
        { schema: { tags, params: ProviderParams, hide: false } },
        async (request) => {
          const { provider } = request.params as { provider: string };
          if (provider !== 'stripe') throw new AppError('not_found');
          premium.assertProvider(provider);
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['stripe-signature'];
          const result = await premium.webhook(
            raw,
            typeof signature === 'string' ? signature : undefined,
          );
          return { received: true, result };
        },
      );
    });

    // The simulator's pages (no bearer token: the page is opened by the browser itself, its id is the secret).
    app.get(
      '/demo/checkout/:id',
      { schema: { hide: true, params: CheckoutParams } },
      async (request, reply) => {
        const row = await premium.demoCheckout((request.params as { id: string }).id);
        const locale = pickLocale(null, request.headers['accept-language']);
        return reply
          .header('Cache-Control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(demoCheckoutPage(row, locale));
      },
    );
    app.post(
      '/demo/checkout/:id/complete',
      { schema: { hide: true, params: CheckoutParams } },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const row = await premium.demoCheckout(id);
        const body = (request.body ?? {}) as Record<string, string>;
        const checked = row.product === 'book' ? shippingFrom(body) : null;
        if (checked && 'problem' in checked && row.status === 'open') {
          const locale = pickLocale(null, request.headers['accept-language']);
          return reply
            .code(422)
            .type('text/html; charset=utf-8')
            .send(demoCheckoutPage(row, locale, { error: checked.problem, values: body }));
        }
        const shipping = checked && 'address' in checked ? checked.address : null;
        if (row.status === 'refused') return refusedPage(reply, row, request);
        if (row.status !== 'open') return reply.redirect('/payment-success', 303);
        const outcome = await premium.completeDemoCheckout(id, shipping);
        // Refused (the book credit already used, a subscription already running): nothing was taken,
        // and the page says so instead of sending the person to a success page.
        if (outcome === 'refused')
          return refusedPage(reply, await premium.demoCheckout(id), request);
        return reply.redirect(`/payment-success?product=${row.product}`, 303);
      },
    );
    // A printed book's address, checked, then shown for review before anything is paid (or, with
    // `edit`, the form again with what was typed).
    app.post(
      '/demo/checkout/:id/review',
      { schema: { hide: true, params: CheckoutParams } },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const row = await premium.demoCheckout(id);
        if (row.status === 'refused') return refusedPage(reply, row, request);
        if (row.status !== 'open') return reply.redirect('/payment-success', 303);
        const locale = pickLocale(null, request.headers['accept-language']);
        const body = (request.body ?? {}) as Record<string, string>;
        const page = (code: number, html: string) =>
          reply
            .code(code)
            .header('Cache-Control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(html);
        if (row.product !== 'book') return page(200, demoCheckoutPage(row, locale));
        if (body.edit) return page(200, demoCheckoutPage(row, locale, { values: body }));
        const checked = shippingFrom(body);
        if ('problem' in checked)
          return page(422, demoCheckoutPage(row, locale, { error: checked.problem, values: body }));
        return page(200, demoReviewPage(row, locale, checked.address));
      },
    );
    app.post(
      '/demo/checkout/:id/cancel',
      { schema: { hide: true, params: CheckoutParams } },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const row = await premium.demoCheckout(id);
        if (row.status === 'open') await premium.cancelDemoCheckout(id);
        return reply.redirect(`/payment-failure?product=${row.product}`, 303);
      },
    );
  };
}
