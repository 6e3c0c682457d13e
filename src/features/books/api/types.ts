// Wire types of the book calls, field for field the same as server/src/contract/books.ts (api.md § Books).
// Declared here because the app's TypeScript setup does not compile the server's sources.

/** A book holds 4 to 10 chapters (server/src/contract/books.ts). */
export const MIN_BOOK_CHAPTERS = 4;
export const MAX_BOOK_CHAPTERS = 10;
export const MAX_BOOK_TITLE_LENGTH = 200;
export const MAX_BOOK_SUBTITLE_LENGTH = 300;
export const MAX_BOOK_AUTHOR_LENGTH = 200;
export const MAX_BOOK_SUMMARY_LENGTH = 3000;
export const MAX_BOOK_DEDICATION_LENGTH = 1000;

export type BookGenerationStatus = 'ongoing' | 'success' | 'failure' | (string & {});

export interface BookWire {
  id: string;
  author: string;
  title: string;
  subtitle: string;
  summary: string;
  dedication: string | null;
  conversation_ids: string[];
  large_print: boolean;
  language: string;
  created_at: string;
  generation_status: BookGenerationStatus;
  /** Why generation failed, in the person's language; null otherwise. */
  generation_error: string | null;
  /** Print interior PDF (download). */
  url_pdf: string | null;
  /** Light PDF for the screen (preview). */
  url_web_pdf: string | null;
  /** Print cover PDF (back, spine, front). */
  url_cover_pdf: string | null;
  /** PNG of the front cover. */
  url_cover_preview: string | null;
  page_count: number | null;
}

export interface ListWire<T> {
  data: T[];
  count: number;
}

/** A picture chosen for the cover or the portrait: a chapter's image, or one of the person's own (conv_id null). */
export interface BookImageRef {
  conv_id: string | null;
  image_id: string;
}

/** POST /books (spec §3 Book creation payload). */
export interface CreateBookPayload {
  title: string;
  subtitle: string;
  author: string;
  conversation_ids: string[];
  summary: string;
  dedication: string | null;
  front_cover_image_id: BookImageRef | null;
  back_cover_image_id: BookImageRef | null;
  large_print?: boolean;
}

/** POST /books/suggestions. */
export interface BookSuggestionsPayload {
  conversation_ids: string[];
  author?: string;
  language?: string;
  user_instructions?: string;
}

export interface BookSuggestionsWire {
  title: string;
  subtitle: string;
  summary: string;
  dedication: string;
}
