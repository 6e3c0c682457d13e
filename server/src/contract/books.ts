// Wire types of the book calls (api.md § Books, spec §3 Book, Book creation payload, Book suggestions).
// The app imports these with `import type`.
import { Type, type Static } from '@sinclair/typebox';
import { ListOf } from './common.ts';

/** A book holds 4 to 10 chapters (spec §9: the FAQ says so). */
export const MIN_BOOK_CHAPTERS = 4;
export const MAX_BOOK_CHAPTERS = 10;
export const MAX_BOOK_TITLE_LENGTH = 200;
export const MAX_BOOK_SUBTITLE_LENGTH = 300;
export const MAX_BOOK_AUTHOR_LENGTH = 200;
export const MAX_BOOK_SUMMARY_LENGTH = 3_000;
export const MAX_BOOK_DEDICATION_LENGTH = 1_000;
export const MAX_BOOK_INSTRUCTIONS_LENGTH = 500;

const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });
const NullableInteger = Type.Unsafe<number | null>({ type: ['integer', 'null'] });

export const BookGenerationStatus = Type.Unsafe<'ongoing' | 'success' | 'failure'>({
  type: 'string',
  enum: ['ongoing', 'success', 'failure'],
});
export type BookGenerationStatus = Static<typeof BookGenerationStatus>;

export const Book = Type.Object({
  id: Type.String({ format: 'uuid' }),
  author: Type.String(),
  title: Type.String(),
  subtitle: Type.String(),
  summary: Type.String(),
  dedication: NullableString,
  conversation_ids: Type.Array(Type.String({ format: 'uuid' })),
  large_print: Type.Boolean(),
  /**
   * Issue 20: each chapter with recorded answers carries a code (and the line « Écoutez la voix de … »)
   * that opens its listening page. Optional in the type for clients written before it.
   */
  voice_codes: Type.Optional(Type.Boolean()),
  /** 'fr' or 'en': the language the book is typeset in (hyphenation, typography). */
  language: Type.String(),
  created_at: Type.String(),
  generation_status: BookGenerationStatus,
  /** Why generation failed, in the person's language; null otherwise. */
  generation_error: NullableString,
  /** Print interior (images at print resolution, fonts embedded, PDF/A-2b). */
  url_pdf: NullableString,
  /** Light version for the screen. */
  url_web_pdf: NullableString,
  /** Print cover: back, spine sized from the page count, front. */
  url_cover_pdf: NullableString,
  /** PNG of the front cover. */
  url_cover_preview: NullableString,
  page_count: NullableInteger,
  /**
   * Issue 33: the same book as an accessible, reflowable EPUB 3 (screen pictures, fonts embedded), and
   * its size in bytes; null until made. Optional in the type for clients written before it.
   */
  url_epub: Type.Optional(NullableString),
  epub_size: Type.Optional(NullableInteger),
  /**
   * The EPUB with the chapters' recordings inside (only when the book has voice codes and some answer
   * kept its sound), and its size, shown before she chooses it; null otherwise.
   */
  url_epub_with_voice: Type.Optional(NullableString),
  epub_with_voice_size: Type.Optional(NullableInteger),
  /**
   * Issue 31: the name of the family-circle contributor who prepared this book for her; null when she
   * made it herself (or that account is gone). Optional in the type for clients written before it.
   */
  made_by_name: Type.Optional(NullableString),
});
export type Book = Static<typeof Book>;
export const BookList = ListOf(Book);
export type BookList = Static<typeof BookList>;

/**
 * A picture chosen for the cover or the portrait: one of a chapter's images (`conv_id` set) or one of the
 * person's own photos from `POST /images` (`conv_id` null).
 */
export const BookImageRef = Type.Object(
  {
    conv_id: NullableString,
    image_id: Type.String(),
  },
  { additionalProperties: false },
);
export type BookImageRef = Static<typeof BookImageRef>;

const NullableImageRef = Type.Union([BookImageRef, Type.Null()]);

export const CreateBookBody = Type.Object(
  {
    title: Type.String({ maxLength: MAX_BOOK_TITLE_LENGTH }),
    subtitle: Type.String({ maxLength: MAX_BOOK_SUBTITLE_LENGTH }),
    author: Type.String({ maxLength: MAX_BOOK_AUTHOR_LENGTH }),
    conversation_ids: Type.Array(Type.String(), { maxItems: 100 }),
    summary: Type.String({ maxLength: MAX_BOOK_SUMMARY_LENGTH }),
    dedication: Type.Optional(
      Type.Unsafe<string | null>({
        type: ['string', 'null'],
        maxLength: MAX_BOOK_DEDICATION_LENGTH,
      }),
    ),
    front_cover_image_id: Type.Optional(NullableImageRef),
    back_cover_image_id: Type.Optional(NullableImageRef),
    /** Bigger body type, same layout rules (default false). */
    large_print: Type.Optional(Type.Boolean()),
    /** A code per chapter with recorded answers, opening its listening page (default false). */
    voice_codes: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateBookBody = Static<typeof CreateBookBody>;

export const BookSuggestionsBody = Type.Object(
  {
    conversation_ids: Type.Array(Type.String(), { minItems: 1, maxItems: 100 }),
    author: Type.Optional(Type.String({ maxLength: MAX_BOOK_AUTHOR_LENGTH })),
    /** 'fr' / 'en' (or a tag like fr-FR); default the person's language. */
    language: Type.Optional(Type.String({ maxLength: 10 })),
    user_instructions: Type.Optional(Type.String({ maxLength: MAX_BOOK_INSTRUCTIONS_LENGTH })),
  },
  { additionalProperties: false },
);
export type BookSuggestionsBody = Static<typeof BookSuggestionsBody>;

export const BookSuggestions = Type.Object({
  title: Type.String(),
  subtitle: Type.String(),
  summary: Type.String(),
  dedication: Type.String(),
});
export type BookSuggestions = Static<typeof BookSuggestions>;
