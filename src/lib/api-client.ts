// The one HTTP client for /api/v1: bearer token, JSON / form / multipart bodies, idempotency keys, and
// one ApiError (with a reason) for every failure. No UI here: api-errors.ts decides what people see.
import { reportNetworkFailure, reportNetworkSuccess } from '../offline/connectivity';
import { takeEarlyRead } from './early-reads';
import { getLocaleTag } from './i18n';
import { getToken } from './session';

export const API_BASE = '/api/v1';

export type ApiErrorReason =
  | 'network'
  | 'unauthorized'
  | 'not_found'
  | 'conflict'
  | 'validation'
  | 'rate_limited'
  | 'payment_required'
  | 'server'
  | 'unknown';

/** One item of the server's `{detail: [{type, msg, loc?}]}` error body (api.md § Conventions). */
export interface ApiErrorDetail {
  type: string;
  msg: string;
  loc?: (string | number)[];
}

export class ApiError extends Error {
  readonly reason: ApiErrorReason;
  /** HTTP status, or null when no response came back. */
  readonly status: number | null;
  /** The `detail` list, empty when the body had none. */
  readonly details: ApiErrorDetail[];
  /** Seconds from Retry-After on a 429, when given. */
  readonly retryAfter: number | null;

  constructor(init: {
    reason: ApiErrorReason;
    status: number | null;
    message: string;
    details?: ApiErrorDetail[];
    retryAfter?: number | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.reason = init.reason;
    this.status = init.status;
    this.details = init.details ?? [];
    this.retryAfter = init.retryAfter ?? null;
  }

  /** The stable code of the first detail (`incorrect_email_or_password`, `quota_exceeded`…). */
  get type(): string | undefined {
    return this.details[0]?.type;
  }
}

export function reasonForStatus(status: number): ApiErrorReason {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 402) return 'payment_required';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status === 400 || status === 413 || status === 415 || status === 422) return 'validation';
  if (status >= 500) return 'server';
  return 'unknown';
}

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (the login call). */
  form?: Record<string, string> | URLSearchParams;
  /** Sent as multipart/form-data (uploads); the browser sets the boundary. */
  body?: FormData;
  /** Lets the server answer a replayed write once (outbox replays, chat sends). */
  idempotencyKey?: string;
  /** Overrides the stored token: the login flow uses the token it has just received. */
  token?: string | null;
  responseType?: 'json' | 'blob' | 'text';
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Told the status of a successful answer, where it means something (201 created, 200 already there). */
  onStatus?: (status: number) => void;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

async function readErrorBody(
  response: Response,
): Promise<{ message: string; details: ApiErrorDetail[] }> {
  let body: unknown = null;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const fallback = response.statusText || `HTTP ${response.status}`;
  if (!body || typeof body !== 'object') return { message: fallback, details: [] };
  const { detail, message } = body as { detail?: unknown; message?: unknown };
  if (Array.isArray(detail)) {
    const details = detail
      .filter((d): d is Record<string, unknown> => !!d && typeof d === 'object')
      .map((d) => ({
        type: typeof d.type === 'string' ? d.type : 'error',
        msg: typeof d.msg === 'string' ? d.msg : '',
        ...(Array.isArray(d.loc) ? { loc: d.loc as (string | number)[] } : {}),
      }));
    return { message: details[0]?.msg || fallback, details };
  }
  if (typeof detail === 'string') return { message: detail, details: [] };
  if (typeof message === 'string') return { message, details: [] };
  return { message: fallback, details: [] };
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - Date.now()) / 1000));
}

export async function apiRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  const headers = new Headers(options.headers);
  headers.set('Accept', options.responseType === 'blob' ? '*/*' : 'application/json');
  headers.set('Accept-Language', getLocaleTag());
  const token = options.token === undefined ? getToken() : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);

  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(options.form).toString();
  } else if (options.body) {
    body = options.body;
  }

  const url = apiUrl(path, options.query);
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  let response: Response;
  try {
    // A read the page asked for before this code arrived (index.html) is used when it succeeded.
    const early = method === 'GET' ? await takeEarlyRead(url, token) : null;
    response = early ?? (await fetch(url, { method, headers, body, signal: options.signal }));
  } catch (error) {
    if (isAbort(error, options.signal)) throw error;
    // A failed fetch means offline even when navigator.onLine says otherwise.
    reportNetworkFailure();
    throw new ApiError({
      reason: 'network',
      status: null,
      message: error instanceof Error ? error.message : 'Network error',
    });
  }
  reportNetworkSuccess();

  if (!response.ok) {
    const { message, details } = await readErrorBody(response);
    throw new ApiError({
      reason: reasonForStatus(response.status),
      status: response.status,
      message,
      details,
      retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
    });
  }

  options.onStatus?.(response.status);
  if (options.responseType === 'blob') return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (options.responseType === 'text') return text as T;
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError({
      reason: 'server',
      status: response.status,
      message: 'Invalid JSON in response',
    });
  }
}
