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
import type { ConversationsService, ListOptions } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['conversations'];
// Any text: a malformed id is a 404 like an unknown one (docs/api.md).
const Params = Type.Object({ id: Type.String() });

export function conversationsRoutes(conversations: ConversationsService) {
  return async function (app: FastifyInstance) {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/conversations',
      {
        schema: {
          tags,
          security: bearer,
          querystring: ListConversationsQuery,
          response: { 200: ConversationList },
        },
      },
      async (request) => {
        const query = request.query as {
          skip?: number;
          limit?: number;
          sort_by?: ListOptions['sortBy'];
          sort_order?: ListOptions['sortOrder'];
          include_summaries?: boolean;
        };
        return conversations.list(currentUser(request), {
          sortBy: query.sort_by ?? 'created_at',
          sortOrder: query.sort_order ?? 'descending',
          includeSummaries: query.include_summaries ?? false,
          skip: query.skip ?? 0,
          limit: query.limit ?? 100,
        });
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
        const { conv_author } = request.query as { conv_author?: string };
        return reply.code(201).send(await conversations.create(currentUser(request), conv_author));
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
