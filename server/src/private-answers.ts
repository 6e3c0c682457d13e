// What a browser, a proxy or a shared computer may keep: nothing of a signed-in answer. Every answer
// to a request carrying a bearer token, and every answer of the API (the token answers of sign-in,
// sign-up and reset, the validation links…), is `Cache-Control: no-store`. Kept as they are: files
// served on signed URLs (`/files/*`, `private, max-age` until the signature expires: cacheable on
// purpose, no token in the request), the public configuration, the built app, and pages that set
// their own header.
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Public answers of the API, the same for everyone (no header of their own: the browser's default). */
const PUBLIC_API_PATHS = new Set(['/api/v1/config']);

function mustNotBeStored(request: FastifyRequest, apiPrefix: string): boolean {
  const path = request.url.split('?')[0];
  if (PUBLIC_API_PATHS.has(path) || path.startsWith('/files/')) return false;
  return request.headers.authorization !== undefined || path.startsWith(`${apiPrefix}/`);
}

export function registerPrivateAnswers(app: FastifyInstance, apiPrefix: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (mustNotBeStored(request, apiPrefix)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
