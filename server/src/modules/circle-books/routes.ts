// Routes of a contributor preparing her book (issue 31, docs/api.md « A contributor prepares her book »),
// all under /circles/{storytellerId}/books. Ids are any text: a malformed one is a 404 like an unknown one.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import { Pagination } from '../../contract/common.ts';
import {
  Book,
  BookList,
  BookSuggestions,
  BookSuggestionsBody,
  CreateBookBody,
} from '../../contract/books.ts';
import { CircleBookChapterList } from '../../contract/circle-books.ts';
import type { CircleBooksService } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['circle'];
const CircleParams = Type.Object({ storytellerId: Type.String() });
const CircleBookParams = Type.Object({ storytellerId: Type.String(), id: Type.String() });

export function circleBooksRoutes(circleBooks: CircleBooksService) {
  return async function (app: FastifyInstance) {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/circles/:storytellerId/books/chapters',
      {
        schema: {
          tags,
          security: bearer,
          params: CircleParams,
          response: { 200: CircleBookChapterList },
        },
      },
      async (request) =>
        circleBooks.chapters(
          currentUser(request),
          (request.params as { storytellerId: string }).storytellerId,
        ),
    );

    app.post(
      '/circles/:storytellerId/books/suggestions',
      {
        schema: {
          tags,
          security: bearer,
          params: CircleParams,
          body: BookSuggestionsBody,
          response: { 200: BookSuggestions },
        },
      },
      async (request) =>
        circleBooks.suggestions(
          currentUser(request),
          (request.params as { storytellerId: string }).storytellerId,
          request.body as BookSuggestionsBody,
        ),
    );

    app.post(
      '/circles/:storytellerId/books',
      {
        schema: {
          tags,
          security: bearer,
          params: CircleParams,
          body: CreateBookBody,
          response: { 201: Book },
          description:
            'A contributor allowed to prepare her book starts making it from her released chapters; the book is hers (402 when she has no full access) and she is told by mail.',
        },
      },
      async (request, reply) => {
        const { storytellerId } = request.params as { storytellerId: string };
        const book = await circleBooks.create(
          currentUser(request),
          storytellerId,
          request.body as CreateBookBody,
        );
        return reply.code(201).send(book);
      },
    );

    app.get(
      '/circles/:storytellerId/books',
      {
        schema: {
          tags,
          security: bearer,
          params: CircleParams,
          querystring: Pagination,
          response: { 200: BookList },
        },
      },
      async (request) => {
        const { skip = 0, limit = 100 } = request.query as Pagination;
        return circleBooks.list(
          currentUser(request),
          (request.params as { storytellerId: string }).storytellerId,
          skip,
          limit,
        );
      },
    );

    app.get(
      '/circles/:storytellerId/books/:id',
      { schema: { tags, security: bearer, params: CircleBookParams, response: { 200: Book } } },
      async (request) => {
        const { storytellerId, id } = request.params as { storytellerId: string; id: string };
        return circleBooks.get(currentUser(request), storytellerId, id);
      },
    );
  };
}
