// The server behind the book wizard's tests: the person's chapters, their own photos, the premium
// status, suggestions and the creation, all at the fetch layer; plus a saved wizard state to start from.
import type { ConversationWire } from '../../../src/lib/conversation-query';
import { WIZARD_STORAGE_KEY, type WizardState } from '../../../src/features/books/wizard-state';
import { jsonReply, mockFetch, type RecordedCall } from '../support/fetch-mock';
import { signInAs, testUserWire } from '../support/render-app';

type Reply = ReturnType<typeof jsonReply> | 'network-error';
export type Route = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

export const WIZARD_PATH = '/conversations/book/create';

export function chapterId(n: number): string {
  return `c0000000-0000-4000-8000-00000000000${n}`;
}

export function conversation(
  n: number,
  options: {
    title?: string | null;
    images?: number;
    /** Captions of the pictures, in their order (null: none). */
    legends?: (string | null)[];
    summary?: string | null;
  } = {},
): ConversationWire {
  const id = chapterId(n);
  return {
    id,
    title_infos: { title: options.title === undefined ? `Chapitre ${n}` : options.title },
    keywords_infos: { keywords: [] },
    summary_infos: { summary: options.summary ?? null, allowed_actions: [], warnings: [] },
    images: Array.from({ length: options.images ?? 0 }, (_, i) => ({
      id: `img-${n}-${i + 1}`,
      url: `/files/img-${n}-${i + 1}.jpg`,
      legend: options.legends?.[i] ?? null,
      // Sent out of order: the wizard sorts by position.
      position: (options.images ?? 0) - i,
    })),
    // Chapter n was begun on day n: chapter 1 is the oldest.
    created_at: `2025-03-0${n}T09:00:00.000Z`,
    updated_at: '2025-03-01T10:00:00.000Z',
    conv_author: null,
    chat_count: 6,
  };
}

/**
 * Six titled chapters (the first two with pictures) and one without a title, newest first as the
 * server lists them.
 */
export function defaultConversations(): ConversationWire[] {
  return [
    conversation(1, { images: 2 }),
    conversation(2, { images: 1 }),
    conversation(3),
    conversation(4),
    conversation(5),
    conversation(6),
    conversation(7, { title: '  ' }),
  ].reverse();
}

export function book(id = 'b0000000-0000-4000-8000-000000000001') {
  return {
    id,
    author: 'Jeanne Martin',
    title: 'Ma vie',
    subtitle: 'Souvenirs',
    summary: 'Résumé',
    dedication: null,
    conversation_ids: [],
    large_print: false,
    language: 'fr',
    created_at: '2025-03-02T10:00:00.000Z',
    generation_status: 'ongoing',
    generation_error: null,
    url_pdf: null,
    url_web_pdf: null,
    url_cover_pdf: null,
    url_cover_preview: null,
    page_count: null,
  };
}

export function wizardServer(
  options: {
    conversations?: ConversationWire[];
    photos?: { id: string; url: string; thumbnail_url?: string; legend?: string | null }[];
    fullAccess?: boolean;
    extra?: Record<string, Route>;
  } = {},
) {
  signInAs();
  const created = book();
  const routes: Record<string, Route> = {
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /healthz': 'network-error',
    'GET /api/v1/conversations': () => {
      const data = options.conversations ?? defaultConversations();
      return jsonReply({ data, count: data.length });
    },
    'GET /api/v1/premium-status': jsonReply({
      is_full_access_granted: options.fullAccess ?? true,
      full_access_until: null,
      subscription: null,
      free_chapters_allowed: 3,
    }),
    'GET /api/v1/images': () =>
      jsonReply({ data: options.photos ?? [], count: options.photos?.length ?? 0 }),
    'POST /api/v1/books/suggestions': jsonReply({
      title: 'Une vie à Lyon',
      subtitle: 'Souvenirs de famille',
      summary: 'Le récit d’une vie.',
      dedication: 'À mes petits-enfants',
    }),
    'POST /api/v1/books': jsonReply(created, 201),
    [`GET /api/v1/books/${created.id}`]: jsonReply(created),
    'GET /api/v1/books': jsonReply({ data: [created], count: 1 }),
    ...options.extra,
  };
  return { net: mockFetch(routes), created };
}

/** A saved wizard state, as the wizard writes it, for the signed-in test user. */
export function seedWizard(
  state: Partial<Omit<WizardState, 'bookParameters'>> & {
    bookParameters?: Partial<WizardState['bookParameters']>;
  },
): void {
  const full = {
    selectedConversations: [],
    sortedConversations: [],
    currentStep: 0,
    ...state,
    bookParameters: {
      title: '',
      subtitle: '',
      author: 'Jeanne Martin',
      bookSummary: '',
      dedication: '',
      coverImage: null,
      authorImage: null,
      largePrint: false,
      ...state.bookParameters,
    },
    owner: testUserWire.id,
  };
  window.localStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(full));
}

export function savedWizard(): (WizardState & { owner: string }) | null {
  const raw = window.localStorage.getItem(WIZARD_STORAGE_KEY);
  return raw ? JSON.parse(raw) : null;
}

export function jsonBody(call: RecordedCall | undefined): unknown {
  return call?.body ? JSON.parse(call.body) : undefined;
}
