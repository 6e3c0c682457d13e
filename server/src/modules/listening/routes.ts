// Routes of the listening pages (issue 20): the owner's calls under /api/v1 (see, make, revoke a chapter's
// link), and the public page at /l/{token} with each answer's sound at /l/{token}/{n}.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import { publicPageHeaders } from '../../html.ts';
import { sendBytes } from '../../byte-ranges.ts';
import { Message } from '../../contract/accounts.ts';
import { ListenLink } from '../../contract/listening.ts';
import { pickLocale } from '../../i18n/messages.ts';
import { listeningPage, missingListeningPage } from './page.ts';
import type { ListeningService } from './service.ts';

const params = Type.Object({ id: Type.String() });
const tokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });
const soundParams = Type.Object({
  token: Type.String({ maxLength: 200 }),
  n: Type.Integer({ minimum: 0, maximum: 10_000 }),
});

export function listeningApiRoutes(listening: ListeningService) {
  return async function (app: FastifyInstance) {
    app.addHook('onRequest', app.authenticate);
    const schema = { tags: ['listening'], security: [{ bearerAuth: [] }], params };
    const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;
    app.post(
      '/conversations/:id/listen-link',
      { schema: { ...schema, response: { 200: ListenLink } } },
      async (request) => listening.ensure(currentUser(request), idOf(request)),
    );
    app.get(
      '/conversations/:id/listen-link',
      { schema: { ...schema, response: { 200: ListenLink } } },
      async (request) => listening.get(currentUser(request), idOf(request)),
    );
    app.delete(
      '/conversations/:id/listen-link',
      { schema: { ...schema, response: { 200: Message } } },
      async (request) => {
        await listening.revoke(currentUser(request), idOf(request));
        return { message: 'revoked' };
      },
    );
  };
}

export function listeningPageRoutes(listening: ListeningService, publicUrl: string) {
  return async function (app: FastifyInstance) {
    publicPageHeaders(app);
    app.get(
      '/l/:token',
      { schema: { hide: true, params: tokenParams } },
      async (request, reply) => {
        const { token } = request.params as { token: string };
        const page = await listening.page(token);
        reply.type('text/html; charset=utf-8');
        if (!page)
          return reply
            .code(404)
            .send(missingListeningPage(pickLocale(null, request.headers['accept-language'])));
        return listeningPage(page, `${publicUrl}/l/${token}`);
      },
    );
    app.get(
      '/l/:token/:n',
      { schema: { hide: true, params: soundParams } },
      async (request, reply) => {
        const { token, n } = request.params as { token: string; n: number };
        const file = await listening.recording(token, n);
        if (!file) return reply.code(404).type('text/plain').send('Not found');
        return sendBytes(request, reply, file.bytes, file.contentType);
      },
    );
  };
}
