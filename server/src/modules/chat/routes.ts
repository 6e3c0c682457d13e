// HTTP routes of the chat module (api.md § Chat).
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import { Pagination } from '../../contract/common.ts';
import { AssistantReply, ChatMessageList, SendMessageBody } from '../../contract/chat.ts';
import type { ChatService } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['chat'];
// Any text: a malformed id is a 404 like an unknown one (docs/api.md).
const Params = Type.Object({ id: Type.String() });

export function chatRoutes(chat: ChatService) {
  return async function (app: FastifyInstance) {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/conversations/:id/messages',
      {
        schema: {
          tags,
          security: bearer,
          params: Params,
          querystring: Pagination,
          response: { 200: ChatMessageList },
        },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        const { skip, limit } = request.query as { skip: number; limit: number };
        return chat.history(currentUser(request), id, skip ?? 0, limit ?? 100);
      },
    );

    app.post(
      '/conversations/:id/messages',
      {
        schema: {
          tags,
          security: bearer,
          params: Params,
          body: SendMessageBody,
          headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
          response: { 200: AssistantReply },
        },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        const key = request.headers['idempotency-key'];
        return chat.send(
          currentUser(request),
          id,
          (request.body as SendMessageBody).content,
          typeof key === 'string' ? key : undefined,
        );
      },
    );

    app.get(
      '/conversations/:id/messages/assistant-latest/audio',
      {
        schema: { tags, security: bearer, params: Params, description: 'audio/wav' },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const wav = await chat.latestAudio(currentUser(request), id);
        // Same URL, new audio after each reply: the browser must ask again.
        return reply.header('Cache-Control', 'private, no-cache').type('audio/wav').send(wav);
      },
    );
  };
}
