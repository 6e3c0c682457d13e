// Routes of sharing: the owner's calls under /api/v1, and the public page at /s/{token}.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import { publicPageHeaders } from '../../html.ts';
import { Message } from '../../contract/accounts.ts';
import { ShareLink, ShareSettings } from '../../contract/share.ts';
import { pickLocale } from '../../i18n/messages.ts';
import { missingStoryPage, storyPage } from './page.ts';
import type { SharingService } from './service.ts';

const params = Type.Object({ id: Type.String() });
const tokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

export function sharingApiRoutes(sharing: SharingService) {
  return async function (app: FastifyInstance) {
    app.addHook('onRequest', app.authenticate);
    const schema = { tags: ['sharing'], security: [{ bearerAuth: [] }], params };
    app.post(
      '/conversations/:id/share',
      { schema: { ...schema, response: { 200: ShareLink } } },
      async (request) => sharing.share(currentUser(request), (request.params as { id: string }).id),
    );
    app.get(
      '/conversations/:id/share',
      { schema: { ...schema, response: { 200: ShareLink, 204: Type.Null() } } },
      async (request, reply) => {
        const link = await sharing.get(currentUser(request), (request.params as { id: string }).id);
        return link ?? reply.code(204).send();
      },
    );
    app.patch(
      '/conversations/:id/share',
      { schema: { ...schema, body: ShareSettings, response: { 200: ShareLink } } },
      async (request) =>
        sharing.update(
          currentUser(request),
          (request.params as { id: string }).id,
          request.body as ShareSettings,
        ),
    );
    app.delete(
      '/conversations/:id/share',
      { schema: { ...schema, response: { 200: Message } } },
      async (request) => {
        await sharing.revoke(currentUser(request), (request.params as { id: string }).id);
        return { message: 'revoked' };
      },
    );
  };
}

export function sharingPageRoutes(sharing: SharingService, publicUrl: string) {
  return async function (app: FastifyInstance) {
    publicPageHeaders(app);
    app.get(
      '/s/:token',
      { schema: { hide: true, params: tokenParams } },
      async (request, reply) => {
        const { token } = request.params as { token: string };
        const story = await sharing.story(token);
        reply.type('text/html; charset=utf-8');
        if (!story)
          return reply
            .code(404)
            .send(
              missingStoryPage(
                pickLocale(null, request.headers['accept-language']),
                `${publicUrl}/`,
              ),
            );
        return storyPage(story, `${publicUrl}/s/${token}`);
      },
    );
    app.get(
      '/s/:token/picture',
      { schema: { hide: true, params: tokenParams } },
      async (request, reply) => {
        const file = await sharing.picture((request.params as { token: string }).token);
        if (!file) return reply.code(404).type('text/plain').send('Not found');
        return reply.type(file.contentType).send(file.bytes);
      },
    );
  };
}
