// Chapters, books and premium answers as the server sends them (api.md § Conversations, Books, Premium).
import type {
  BookGenerationStatus,
  BookWire,
  ConversationWire,
  PremiumStatusWire,
} from '../../../src/features/chapters/api/types';

let serial = 0;

export function conversation(fields: Partial<ConversationWire> & { title?: string | null } = {}) {
  serial += 1;
  const { title = `Chapitre ${serial}`, ...rest } = fields;
  return {
    id: `c${serial}`,
    title_infos: { title },
    keywords_infos: { keywords: [] },
    summary_infos: { summary: null, allowed_actions: [], warnings: [] },
    images: [],
    created_at: new Date(Date.UTC(2025, 0, serial)).toISOString(),
    updated_at: new Date(Date.UTC(2025, 0, serial)).toISOString(),
    conv_author: null,
    chat_count: 1,
    ...rest,
  } satisfies ConversationWire;
}

export function book(status: BookGenerationStatus): BookWire {
  serial += 1;
  return {
    id: `b${serial}`,
    author: 'Jeanne',
    title: 'Ma vie',
    subtitle: 'Souvenirs',
    summary: '',
    dedication: null,
    conversation_ids: [],
    large_print: false,
    language: 'fr',
    created_at: '2025-02-01T00:00:00Z',
    generation_status: status,
    generation_error: null,
    url_pdf: null,
    url_web_pdf: null,
    url_cover_pdf: null,
    url_cover_preview: null,
    page_count: null,
  };
}

export function premium(fields: Partial<PremiumStatusWire> = {}): PremiumStatusWire {
  return {
    is_full_access_granted: false,
    full_access_until: null,
    subscription: null,
    free_chapters_allowed: 3,
    book_credits: 0,
    ...fields,
  };
}

export function list<T>(data: T[]) {
  return { data, count: data.length };
}
