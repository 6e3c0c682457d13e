// HTTP routes of the conversations (chapters) module (api.md § Conversations).
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import { Message } from '../../contract/accounts.ts';
import {
  Conversation,
  ConversationList,
  CreateConversationQuery,
  ListConversationsQuery,
  SummaryActionQuery,
  UpdateConversationBody,
  type SummaryAction,
} from '../../contract/conversations.ts';
import { ListCache, chooseEncoding, matchesEtag } from './list-cache.ts';
import type { ConversationsService, ListOptions } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['conversations'];
// Any text: a malformed id is a 404 like an unknown one (docs/api.md).
const Params = Type.Object({ id: Type.String() });

export function conversationsRoutes(
  conversations: ConversationsService,
  listCache: ListCache = new ListCache(),
) {
  return async function (app: FastifyInstance) {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/conversations',
      {
        schema: {
          tags,
          security: bearer,
          querystring: ListConversationsQuery,
          // 304: the If-None-Match given names this answer (docs/api.md § Conversations).
          response: { 200: ConversationList, 304: Type.Null({ description: 'Not modified' }) },
        },
      },
      async (request, reply) => {
        const query = request.query as {
          skip?: number;
          limit?: number;
          sort_by?: ListOptions['sortBy'];
          sort_order?: ListOptions['sortOrder'];
          include_summaries?: boolean;
        };
        const user = currentUser(request);
        const options: ListOptions = {
          sortBy: query.sort_by ?? 'created_at',
          sortOrder: query.sort_order ?? 'descending',
          includeSummaries: query.include_summaries ?? false,
          skip: query.skip ?? 0,
          limit: query.limit ?? 100,
        };
        // Pictures whose URLs may change at any time: nothing to keep (list-cache.ts).
        if (conversations.listPeriod() === null) return conversations.list(user, options);
        // The answer kept for this person's current content version (read with the person, before the
        // list), made by the route's own serializer when there is none (docs/api.md § Conversations).
        const answer = await listCache.get(
          `${user.id}\n${options.sortBy}\n${options.sortOrder}\n${options.includeSummaries}\n${options.skip}\n${options.limit}`,
          user.contentVersion,
          () => conversations.listPeriod() ?? '',
          async () => reply.serialize(await conversations.list(user, options)),
        );
        reply
          .header('cache-control', 'private, no-cache')
          .header('vary', 'accept-encoding')
          .header('etag', answer.etag);
        if (matchesEtag(request.headers['if-none-match'], answer.etag))
          return reply.code(304).send();
        const encoding = chooseEncoding(request.headers['accept-encoding']);
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply.type('application/json; charset=utf-8').send(await answer.encoded(encoding));
      },
    );

    app.post(
      '/conversations',
      {
        schema: {
          tags,
          security: bearer,
          querystring: CreateConversationQuery,
          response: { 201: Conversation },
        },
      },
      async (request, reply) => {
        const { conv_author, question } = request.query as {
          conv_author?: string;
          question?: string;
        };
        return reply
          .code(201)
          .send(await conversations.create(currentUser(request), conv_author, question));
      },
    );

    app.get(
      '/conversations/:id',
      { schema: { tags, security: bearer, params: Params, response: { 200: Conversation } } },
      async (request) =>
        conversations.get(currentUser(request), (request.params as { id: string }).id),
    );

    app.patch(
      '/conversations/:id',
      {
        schema: {
          tags,
          security: bearer,
          params: Params,
          body: UpdateConversationBody,
          response: { 200: Conversation },
        },
      },
      async (request) =>
        conversations.update(
          currentUser(request),
          (request.params as { id: string }).id,
          request.body as UpdateConversationBody,
        ),
    );

    app.patch(
      '/conversations/:id/summaries',
      {
        schema: {
          tags,
          security: bearer,
          params: Params,
          querystring: SummaryActionQuery,
          response: { 200: Conversation },
        },
      },
      async (request) =>
        conversations.moveSummary(
          currentUser(request),
          (request.params as { id: string }).id,
          (request.query as { action: SummaryAction }).action,
        ),
    );

    app.delete(
      '/conversations/:id',
      { schema: { tags, security: bearer, params: Params, response: { 200: Message } } },
      async (request) => {
        await conversations.delete(currentUser(request), (request.params as { id: string }).id);
        return { message: 'deleted' };
      },
    );
  };
}
