// A chapter as the server holds it, behind the fetch mock, for the chapter page's tests: generation,
// undo/redo and deletion change it, so what the page shows next is what the server would answer.
import type { ConversationWire } from '../../../src/lib/conversation-query';
import type { UserWire } from '../../../src/lib/session';
import { db } from '../../../src/db/db';
import { jsonReply, mockFetch, type RecordedCall } from '../support/fetch-mock';
import { signInAs, testUserWire } from '../support/render-app';

export const ID = '0b0c2f7e-0000-4000-8000-0000000000c7';
export const BASE = `/api/v1/conversations/${ID}`;
export const PAGE = `/conversations/${ID}`;

export function chapterWire(changes: Partial<ConversationWire> = {}): ConversationWire {
  return {
    id: ID,
    title_infos: { title: 'La maison de Roanne' },
    keywords_infos: { keywords: ['Roanne', 'gare', 'Loire'] },
    summary_infos: {
      summary: 'Je suis née en 1941 à Roanne.\n\nMon père était cheminot.',
      allowed_actions: [],
      warnings: [],
    },
    images: [
      { id: 'img-2', url: '/files/two.jpg', legend: null, position: 2 },
      { id: 'img-1', url: '/files/one.jpg', legend: 'La gare', position: 1 },
    ],
    created_at: '2025-03-01T09:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    conv_author: 'Paul',
    chat_count: 9,
    ...changes,
  };
}

type Reply = ReturnType<typeof jsonReply> | 'network-error';
type Route = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

export function chapterServer(
  initial: ConversationWire = chapterWire(),
  options: { user?: Partial<UserWire>; routes?: Record<string, Route> } = {},
) {
  signInAs(options.user);
  const state = { chapter: initial };
  const mock = mockFetch({
    'GET /api/v1/users/me': jsonReply({ ...testUserWire, ...options.user }),
    'GET /healthz': 'network-error',
    [`GET ${BASE}`]: () =>
      state.chapter
        ? jsonReply(state.chapter)
        : jsonReply({ detail: [{ type: 'not_found', msg: 'Introuvable' }] }, 404),
    // The chat history, read for the recorded answers (none unless a test gives some).
    [`GET ${BASE}/messages`]: jsonReply({ data: [], count: 0 }),
    // The family part (issue 31): no word and no suggested photo unless a test gives some.
    [`GET ${BASE}/words`]: jsonReply({ data: [], count: 0 }),
    [`GET ${BASE}/suggested-photos`]: jsonReply({ data: [], count: 0 }),
    ...options.routes,
  });
  return { state, ...mock };
}

export async function clearDevice(): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()));
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
