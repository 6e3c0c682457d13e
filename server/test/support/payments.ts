// Shared set-up of the payment tests: an app talking to a local server that speaks Stripe's API, Stripe
// events signed as Stripe signs them, and a finished book as the typesetter leaves it.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import { books } from '../../src/db/schema/index.ts';
import { bookFolder } from '../../src/modules/books/service.ts';
import { useTestApp, type TestContext } from './build.ts';
import type { TestUser } from './factories.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';

const stripe = new Stripe('sk_test_fake');
let servers = 0;

/**
 * A test app with STRIPE_SECRET_KEY set, its API base the fake Stripe server started in beforeAll (the
 * app reads STRIPE_API_BASE when it is built, after that server started). `fake()` is that server.
 */
export function useStripeTestApp(webhookSecret: string, env: Record<string, string> = {}) {
  const variable = `__FAKE_STRIPE_URL_${++servers}`;
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    process.env[variable] = fake.url;
  });
  afterAll(async () => fake?.close());
  const ctx = useTestApp({
    env: {
      ...env,
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      get STRIPE_API_BASE() {
        return process.env[variable] ?? '';
      },
    } as Record<string, string>,
  });
  return { ctx, fake: () => fake! };
}

let events = 0;

/** Posts a Stripe event (type and data object), signed with `secret`, to the app's webhook. */
export function deliverStripeEvent(
  ctx: TestContext,
  secret: string,
  type: string,
  object: Record<string, unknown>,
  id = `evt_test_${++events}_${randomBytes(3).toString('hex')}`,
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000) + events,
    data: { object },
    api_version: '2025-10-29.clover',
  });
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

/** Opens a Stripe checkout (`path`: `subscription`, `book?book_id=…`) and returns the fake's session. */
export async function openStripeCheckout(
  ctx: TestContext,
  fake: FakeStripe,
  user: TestUser,
  path: string,
) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/stripe/checkout/${path}`,
    headers: user.auth,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return [...fake.sessions.values()].at(-1)!;
}

/** A finished book with its print files, as the typesetter leaves it. */
export async function readyBook(
  ctx: TestContext,
  user: TestUser,
  title = 'Ma vie au port',
  author = 'Jeanne Martin',
) {
  const id = crypto.randomUUID();
  const folder = bookFolder(user.id, id);
  const pdf = (name: string) => Buffer.from(`%PDF-1.7 ${name}`);
  await ctx.app.services.storage.put(`${folder}/interior.pdf`, pdf('interior'), 'application/pdf');
  await ctx.app.services.storage.put(`${folder}/cover.pdf`, pdf('cover'), 'application/pdf');
  await ctx.database.db.insert(books).values({
    id,
    userId: user.id,
    author,
    title,
    subtitle: '',
    summary: '',
    conversationIds: [],
    language: 'fr',
    generationStatus: 'success',
    pageCount: 48,
    interiorKey: `${folder}/interior.pdf`,
    coverKey: `${folder}/cover.pdf`,
  });
  return id;
}
