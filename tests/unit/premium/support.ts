// The premium calls as the server answers them, behind the fetch mock: a status that the calls change
// (checkout, cancellation, restoration, gift code), the public config and the orders.
import type { OrderWire, PremiumStatusWire } from '../../../src/features/premium/api/types';
import { errorReply, jsonReply, mockFetch, type RecordedCall } from '../support/fetch-mock';
import { signInAs, testUserWire } from '../support/render-app';

type Reply = ReturnType<typeof jsonReply> | 'network-error';
export type Route = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

const EMPTY = { data: [], count: 0 };

export const FREE: PremiumStatusWire = {
  is_full_access_granted: false,
  full_access_until: null,
  subscription: null,
  free_chapters_allowed: 2,
  book_credits: 0,
};

export function premiumStatus(fields: Partial<PremiumStatusWire> = {}): PremiumStatusWire {
  return { ...FREE, ...fields };
}

export const SUBSCRIBED = premiumStatus({
  is_full_access_granted: true,
  subscription: { status: 'active', cancel_at: null },
});

export const CANCELED = premiumStatus({
  is_full_access_granted: true,
  subscription: { status: 'active', cancel_at: '2026-03-15T10:00:00.000Z' },
});

export const ANNUAL = premiumStatus({
  is_full_access_granted: true,
  full_access_until: '2026-11-20T10:00:00.000Z',
  book_credits: 1,
});

export function order(fields: Partial<OrderWire> = {}): OrderWire {
  return {
    id: '0d9c7a52-0000-4000-8000-000000000001',
    book_id: 'book-x',
    book_title: 'Ma vie',
    status: 'paid',
    amount: 4900,
    currency: 'EUR',
    paid_with_credit: false,
    created_at: '2026-01-10T09:00:00.000Z',
    ...fields,
  };
}

export function apiError(status: number, type: string, msg: string) {
  return errorReply(status, [{ type, msg }]);
}

/** Signs in and answers the premium calls; `routes` adds or overrides any of them. */
export function premiumServer(
  options: {
    status?: PremiumStatusWire;
    provider?: 'demo' | 'stripe' | 'off';
    orders?: OrderWire[];
    routes?: Record<string, Route>;
  } = {},
) {
  signInAs();
  const state = { status: options.status ?? FREE, orders: options.orders ?? [] };
  const provider = options.provider ?? 'demo';
  const mock = mockFetch({
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /healthz': 'network-error',
    'GET /api/v1/config': jsonReply({ payment_provider: provider }),
    'GET /api/v1/premium-status': () => jsonReply(state.status),
    'GET /api/v1/orders': () => jsonReply({ data: state.orders, count: state.orders.length }),
    // The profile's data-export section asks where an export is: none here.
    'GET /api/v1/users/me/export': errorReply(404),
    'GET /api/v1/users/me/rhythm': jsonReply(undefined, 204),
    // What the rest of the profile page asks for, so that no failed call turns the app offline.
    'GET /api/v1/conversations': jsonReply(EMPTY),
    'GET /api/v1/books': jsonReply(EMPTY),
    'GET /api/v1/onboardings/answers': jsonReply(EMPTY),
    'GET /api/v1/onboardings/questions': jsonReply(EMPTY),
    ...options.routes,
  });
  return { state, provider, ...mock };
}
