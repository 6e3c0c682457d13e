// Network mocked at the fetch layer: each test declares the calls it expects; any other call fails the
// test loudly (like MSW's onUnhandledRequest: 'error').
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: string | null;
}

type Reply =
  { status?: number; json?: unknown; headers?: Record<string, string> } | 'network-error';
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

export function jsonReply(json: unknown, status = 200): Reply {
  return { status, json };
}

export function errorReply(status: number, detail?: { type: string; msg: string }[]): Reply {
  return { status, json: detail ? { detail } : {} };
}

export function mockFetch(routes: Record<string, Handler | Reply>) {
  const calls: RecordedCall[] = [];
  const unhandled: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) {
      unhandled.push(`${method} ${url.pathname}`);
      throw new Error(`Unhandled request: ${method} ${url.pathname}`);
    }
    const reply = typeof route === 'function' ? await route(call) : route;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    const body = reply.json === undefined || status === 204 ? null : JSON.stringify(reply.json);
    return new Response(body, {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    unhandled,
    /** The calls to one endpoint, e.g. callsTo('POST /users/signup'). */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
