// HTTP routes of the books module (api.md § Books).
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import { Message } from '../../contract/accounts.ts';
import { Pagination } from '../../contract/common.ts';
import {
  Book,
  BookList,
  BookSuggestions,
  BookSuggestionsBody,
  CreateBookBody,
} from '../../contract/books.ts';
import type { BooksService } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['books'];
// Any text: a malformed id is a 404 like an unknown one (docs/api.md).
const BookParams = Type.Object({ id: Type.String() });

export function booksRoutes(books: BooksService) {
  return async function (app: FastifyInstance) {
    app.addHook('onRequest', app.authenticate);

    app.post(
      '/books',
      {
        schema: {
          tags,
          security: bearer,
          body: CreateBookBody,
          response: { 201: Book },
          description:
            'Starts making a book of 4 to 10 of the person’s titled chapters (402 without full access); it answers `ongoing` and the `book.generate` job ends it in `success` or `failure`.',
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await books.create(currentUser(request), request.body as CreateBookBody)),
    );

    app.get(
      '/books',
      { schema: { tags, security: bearer, querystring: Pagination, response: { 200: BookList } } },
      async (request) => {
        const { skip = 0, limit = 100 } = request.query as Pagination;
        return books.list(currentUser(request), skip, limit);
      },
    );

    app.post(
      '/books/suggestions',
      {
        schema: {
          tags,
          security: bearer,
          body: BookSuggestionsBody,
          response: { 200: BookSuggestions },
        },
      },
      async (request) =>
        books.suggestions(currentUser(request), request.body as BookSuggestionsBody),
    );

    app.get(
      '/books/:id',
      { schema: { tags, security: bearer, params: BookParams, response: { 200: Book } } },
      async (request) => books.get(currentUser(request), (request.params as { id: string }).id),
    );

    app.delete(
      '/books/:id',
      { schema: { tags, security: bearer, params: BookParams, response: { 200: Message } } },
      async (request) => {
        await books.delete(currentUser(request), (request.params as { id: string }).id);
        return { message: 'deleted' };
      },
    );
  };
}
