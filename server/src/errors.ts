// Errors with a stable code: services throw AppError, one table gives each code its HTTP status, and one
// handler answers {detail: [{type, msg, loc?}]} in the caller's language. Nothing a user sends is a 500.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messageFor, pickLocale, type Locale } from './i18n/messages.ts';

const statusByCode: Record<string, number> = {
  incorrect_email_or_password: 400,
  incorrect_password: 400,
  invalid_token: 400,
  inactive_user: 400,
  not_enough_messages: 400,
  malformed_json: 400,
  malformed_url: 400,
  bad_request: 400,
  promo_code_expired: 400,
  promo_code_inactive: 400,
  not_authenticated: 401,
  session_expired: 401,
  quota_exceeded: 402,
  full_access_required: 402,
  not_found: 404,
  promo_code_not_found: 404,
  method_not_allowed: 405,
  user_email_already_exists: 409,
  max_images_reached: 409,
  undo_not_allowed: 409,
  redo_not_allowed: 409,
  generation_in_progress: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  invalid_file_type: 415,
  validation_error: 422,
  weak_password: 422,
  consent_required: 422,
  too_many_requests: 429,
  internal_error: 500,
  ai_unavailable: 503,
  voice_unavailable: 503,
  service_unavailable: 503,
};

export interface ErrorDetail {
  type: string;
  msg: string;
  loc?: (string | number)[];
}

export class AppError extends Error {
  readonly code: string;
  readonly params: Record<string, unknown>;
  readonly loc?: (string | number)[];
  /** Seconds, for 429 answers. */
  readonly retryAfter?: number;

  constructor(
    code: string,
    params: Record<string, unknown> = {},
    options: { loc?: (string | number)[]; retryAfter?: number } = {},
  ) {
    super(code);
    this.code = code;
    this.params = params;
    this.loc = options.loc;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return statusByCode[this.code] ?? 400;
  }
}

/** Registers a status for a code defined by a later module (e.g. `edit_conflict`). */
export function registerErrorStatus(code: string, status: number): void {
  statusByCode[code] = status;
}

export function statusOf(code: string): number {
  return statusByCode[code] ?? 400;
}

export function requestLocale(request: FastifyRequest): Locale {
  return pickLocale(request.user?.currentLanguage, request.headers['accept-language']);
}

function sendError(
  reply: FastifyReply,
  status: number,
  detail: ErrorDetail[],
  retryAfter?: number,
) {
  if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
  return reply.code(status).type('application/json; charset=utf-8').send({ detail });
}

interface ValidationIssue {
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
}

function validationDetails(error: FastifyError, locale: Locale): ErrorDetail[] {
  const context = (error as { validationContext?: string }).validationContext ?? 'body';
  const issues = (error.validation ?? []) as ValidationIssue[];
  if (issues.length === 0)
    return [
      { type: 'validation_error', msg: messageFor('validation_error', locale), loc: [context] },
    ];
  return issues.map((issue) => {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean);
    const missing = issue.params?.missingProperty;
    const extra = issue.params?.additionalProperty;
    const field =
      typeof missing === 'string' ? missing : typeof extra === 'string' ? extra : undefined;
    return {
      type: 'validation_error',
      msg: issue.message
        ? `${messageFor('validation_error', locale)} (${[...path, field].filter(Boolean).join('.') || context}: ${issue.message})`
        : messageFor('validation_error', locale),
      loc: [context, ...path, ...(field ? [field] : [])],
    };
  });
}

/** Fastify's own errors (parsing, limits, routing) in our shape; anything else is a real fault. */
function frameworkErrorCode(error: FastifyError): string | null {
  const { code, statusCode } = error;
  if (
    code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (statusCode === 400 && error instanceof SyntaxError)
  )
    return 'malformed_json';
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) return 'payload_too_large';
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || statusCode === 415)
    return 'unsupported_media_type';
  if (code === 'FST_ERR_BAD_URL') return 'malformed_url';
  if (code === 'FST_ERR_MAX_PARAM_LENGTH' || statusCode === 414) return 'uri_too_long';
  if (statusCode === 429) return 'too_many_requests';
  if (statusCode === 404) return 'not_found';
  if (statusCode && statusCode >= 400 && statusCode < 500) return 'bad_request';
  return null;
}

/** Writes any error as {detail: [...]}; used by the route error handler and Fastify's frameworkErrors. */
export function replyWithError(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const locale = requestLocale(request);
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, error.code);
    return sendError(
      reply,
      error.status,
      [
        {
          type: error.code,
          msg: messageFor(error.code, locale, error.params),
          ...(error.loc ? { loc: error.loc } : {}),
        },
      ],
      error.retryAfter,
    );
  }
  if (error.validation) return sendError(reply, 422, validationDetails(error, locale));
  const code = frameworkErrorCode(error);
  if (code)
    return sendError(reply, statusOf(code), [{ type: code, msg: messageFor(code, locale) }]);
  request.log.error({ err: error }, 'unexpected error');
  return sendError(reply, 500, [
    { type: 'internal_error', msg: messageFor('internal_error', locale) },
  ]);
}

export function registerErrorHandling(
  app: FastifyInstance,
  options: { fallback?: (request: FastifyRequest, reply: FastifyReply) => unknown } = {},
): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) =>
    replyWithError(error, request, reply),
  );

  app.setNotFoundHandler((request, reply) => {
    if (options.fallback) {
      const handled = options.fallback(request, reply);
      if (handled) return handled;
    }
    return sendError(reply, 404, [
      { type: 'not_found', msg: messageFor('not_found', requestLocale(request)) },
    ]);
  });
}
