// Input hygiene for every route, so that what a person (or a client bug) sends is a 4xx and never a
// 500: an empty JSON body is no body, plain text is not JSON, and text PostgreSQL cannot store (NUL
// characters) is refused before it reaches a query.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id of a uuid column: anything else names no row (and would be a query error, not a 404). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Where the first NUL character sits in a parsed value, or null when there is none. */
export function findNulCharacter(
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // Beyond this depth the schemas refuse the shape anyway; do not walk a hostile structure for long.
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNulCharacter(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  // Parsed data only: buffers, streams and multipart files are left to their routes.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function')
    return null;
  for (const [key, item] of Object.entries(value)) {
    const found = key.includes('\u0000')
      ? [...path, key]
      : findNulCharacter(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

export function registerInputHygiene(app: FastifyInstance): void {
  // Clients commonly send `Content-Type: application/json` on a DELETE or an empty POST; that is
  // no body, not malformed JSON. Routes that need a body still answer 422.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
  // No route takes plain text: sending it to a JSON route is the wrong content type (415).
  app.removeContentTypeParser('text/plain');

  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const part of ['params', 'querystring', 'body'] as const) {
      const value = part === 'querystring' ? request.query : request[part];
      const found = findNulCharacter(value);
      if (found) throw new AppError('validation_error', {}, { loc: [part, ...found] });
    }
  });
}
