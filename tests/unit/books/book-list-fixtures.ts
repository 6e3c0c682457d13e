// Books and chapters as the server sends them, behind the fetch mock, for the book list and view tests.
import type { BookWire } from '../../../src/features/books/api/types';
import type { ConversationWire } from '../../../src/lib/conversation-query';
import { jsonReply, mockFetch, type RecordedCall } from '../support/fetch-mock';
import { signInAs, testUserWire } from '../support/render-app';

type Reply = ReturnType<typeof jsonReply> | 'network-error';
export type Route = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

let serial = 0;

export function bookWire(fields: Partial<BookWire> = {}): BookWire {
  serial += 1;
  return {
    id: `book-${serial}`,
    author: 'Jeanne Martin',
    title: `Ma vie ${serial}`,
    subtitle: 'Souvenirs de Roanne',
    summary: 'Une vie.',
    dedication: null,
    conversation_ids: ['c1', 'c2', 'c3', 'c4'],
    large_print: false,
    language: 'fr',
    created_at: '2025-02-01T10:00:00.000Z',
    generation_status: 'success',
    generation_error: null,
    url_pdf: `/files/books/u1/book-${serial}/book.pdf?expires=1&signature=s`,
    url_web_pdf: `/files/books/u1/book-${serial}/web.pdf?expires=1&signature=s`,
    url_cover_pdf: null,
    url_cover_preview: `/files/books/u1/book-${serial}/cover.png?expires=1&signature=s`,
    page_count: 48,
    ...fields,
  };
}

export function conversationWire(title: string | null): ConversationWire {
  serial += 1;
  return {
    id: `c-${serial}`,
    title_infos: { title },
    keywords_infos: { keywords: [] },
    summary_infos: { summary: null, allowed_actions: [], warnings: [] },
    images: [],
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    conv_author: null,
    chat_count: 3,
  };
}

export function list<T>(data: T[]) {
  return { data, count: data.length };
}

/** `count` chapters with a title (plus one without, which never counts). */
export function titledChapters(count: number): ConversationWire[] {
  return [
    ...Array.from({ length: count }, (_, i) => conversationWire(`Chapitre ${i + 1}`)),
    conversationWire(null),
    conversationWire('   '),
  ];
}

export function booksServer(
  options: {
    books?: BookWire[];
    conversations?: ConversationWire[];
    routes?: Record<string, Route>;
  } = {},
) {
  signInAs();
  const state = { books: [...(options.books ?? [])] };
  const mock = mockFetch({
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /healthz': 'network-error',
    'GET /api/v1/books': () => jsonReply(list(state.books)),
    'GET /api/v1/conversations': jsonReply(list(options.conversations ?? titledChapters(4))),
    ...Object.fromEntries(
      state.books.map((book) => [
        `GET /api/v1/books/${book.id}`,
        () => {
          const current = state.books.find((b) => b.id === book.id);
          return current
            ? jsonReply(current)
            : jsonReply({ detail: [{ type: 'not_found', msg: 'Introuvable' }] }, 404);
        },
      ]),
    ),
    ...options.routes,
  });
  return { state, ...mock };
}
