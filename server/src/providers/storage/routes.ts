// `GET /files/*`: serves disk-stored files to anyone holding a valid, unexpired signed URL, whole or by
// byte ranges.
import type { FastifyInstance } from 'fastify';
import { sendBytes } from '../../byte-ranges.ts';
import { AppError } from '../../errors.ts';
import type { UrlSigner } from './signing.ts';
import { isValidKey, type StorageProvider } from './types.ts';

export function fileRoutes(storage: StorageProvider, signer: UrlSigner) {
  return async function (app: FastifyInstance) {
    app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const query = request.query as { expires?: string; signature?: string };
      const expires = Number(query.expires);
      // A bad or expired signature is a 404 like a missing file: 401/403 would log the app out.
      if (!query.signature || !/^\d+$/.test(query.expires ?? '') || !isValidKey(key))
        throw new AppError('not_found');
      if (!signer.verify(key, expires, query.signature)) throw new AppError('not_found');
      const file = await storage.get(key);
      if (!file) throw new AppError('not_found');
      const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
      // Ranges: a recorded answer is played by parts (Safari plays nothing otherwise).
      reply.header('Cache-Control', `private, max-age=${maxAge}`);
      // A data export is saved under its own name (« chapitres-<name>-<date>.zip », the key's end).
      if (/\/exports\/[^/]+\/[A-Za-z0-9._-]+\.zip$/.test(key))
        reply.header('Content-Disposition', `attachment; filename="${key.split('/').pop()}"`);
      return sendBytes(request, reply, file.bytes, file.contentType);
    });
  };
}
