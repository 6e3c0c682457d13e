// Input hygiene for every route, so that what a person (or a client bug) sends is a 4xx and never a
// 500: an empty JSON body is no body, plain text is not JSON, and text PostgreSQL cannot store (NUL
// characters, lone UTF-16 surrogates, bytes that are not UTF-8) is refused before it reaches a query:
// one rule for every route, 422 `validation_error` with the place (`loc`) of the first bad text.
import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id of a uuid column: anything else names no row (and would be a query error, not a 404). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A surrogate half without its other half: not a character, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text the database and every encoder can hold: no NUL character and no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** A multipart text field (or any text read by a route itself) under the same rule as the rest. */
export function checkedText(value: string, loc: (string | number)[]): string {
  if (!isStorableText(value)) throw new AppError('validation_error', {}, { loc });
  return value;
}

/**
 * Where the first text that is not storable (NUL, lone surrogate) sits in a parsed value, keys
 * included, or null when there is none.
 */
export function findUnstorableText(
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): (string | number)[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  // Beyond this depth the schemas refuse the shape anyway; do not walk a hostile structure for long.
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUnstorableText(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  // Parsed data only: buffers, streams and multipart files are left to their routes.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function')
    return null;
  for (const [key, item] of Object.entries(value)) {
    const found = !isStorableText(key)
      ? [...path, key]
      : findUnstorableText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Throws a 422 when a query string or form body has a percent-encoded sequence that is not UTF-8
 * (`%FF`, an encoded surrogate `%ED%A0%80`, a stray `%`): the parsers would keep it as raw text.
 */
export function checkPercentEncoding(text: string, part: 'querystring' | 'body'): void {
  for (const pair of text.split('&')) {
    const [rawKey, ...rawValue] = pair.split('=');
    const key = strictDecode(rawKey);
    if (key === null || !isStorableText(key))
      throw new AppError('validation_error', {}, { loc: [part] });
    const value = strictDecode(rawValue.join('='));
    if (value === null || !isStorableText(value))
      throw new AppError('validation_error', {}, { loc: [part, key] });
  }
}

function strictDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The urlencoded form parser: the same rule as JSON bodies (see checkPercentEncoding). */
export function parseFormStrictly(text: string): Record<string, string | string[]> {
  checkPercentEncoding(text, 'body');
  return { ...parseQueryString(text) } as Record<string, string | string[]>;
}

export function registerInputHygiene(app: FastifyInstance): void {
  // Clients commonly send `Content-Type: application/json` on a DELETE or an empty POST; that is
  // no body, not malformed JSON. Routes that need a body still answer 422.
  // The bytes are decoded strictly: a body that is not UTF-8 is refused, not read with U+FFFD in it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(new AppError('validation_error', {}, { loc: ['body'] }), undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  // No route takes plain text: sending it to a JSON route is the wrong content type (415).
  app.removeContentTypeParser('text/plain');

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const query = request.raw.url?.split('?').slice(1).join('?');
    if (query) checkPercentEncoding(query, 'querystring');
    for (const part of ['params', 'querystring', 'body'] as const) {
      const value = part === 'querystring' ? request.query : request[part];
      const found = findUnstorableText(value);
      if (found) throw new AppError('validation_error', {}, { loc: [part, ...found] });
    }
  });
}
