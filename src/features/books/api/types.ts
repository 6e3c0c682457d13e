// Wire types of the book calls (api.md § Books): the server's contract (server/src/contract/books.ts),
// imported as types only. The limits are the contract's too: each constant is typed with the
// contract's literal, so a limit changed on the server is a compile error here until it is copied.
import type {
  Book,
  BookGenerationStatus,
  BookImageRef,
  BookList,
  BookSuggestions,
  BookSuggestionsBody,
  CreateBookBody,
  MAX_BOOK_AUTHOR_LENGTH as ServerMaxAuthor,
  MAX_BOOK_CHAPTERS as ServerMaxChapters,
  MAX_BOOK_DEDICATION_LENGTH as ServerMaxDedication,
  MAX_BOOK_SUBTITLE_LENGTH as ServerMaxSubtitle,
  MAX_BOOK_SUMMARY_LENGTH as ServerMaxSummary,
  MAX_BOOK_TITLE_LENGTH as ServerMaxTitle,
  MIN_BOOK_CHAPTERS as ServerMinChapters,
} from '@contract/books';
import type { UserImage, UserImageList } from '@contract/images';
import type { PremiumStatus } from '@contract/premium';

/** A book holds 4 to 10 chapters. */
export const MIN_BOOK_CHAPTERS: typeof ServerMinChapters = 4;
export const MAX_BOOK_CHAPTERS: typeof ServerMaxChapters = 10;
export const MAX_BOOK_TITLE_LENGTH: typeof ServerMaxTitle = 200;
export const MAX_BOOK_SUBTITLE_LENGTH: typeof ServerMaxSubtitle = 300;
export const MAX_BOOK_AUTHOR_LENGTH: typeof ServerMaxAuthor = 200;
export const MAX_BOOK_SUMMARY_LENGTH: typeof ServerMaxSummary = 3000;
export const MAX_BOOK_DEDICATION_LENGTH: typeof ServerMaxDedication = 1000;

export type BookWire = Book;
export type BookListWire = BookList;
/** POST /books (spec §3 Book creation payload). */
export type CreateBookPayload = CreateBookBody;
/** POST /books/suggestions. */
export type BookSuggestionsPayload = BookSuggestionsBody;
export type BookSuggestionsWire = BookSuggestions;
/** One of the person's own photos (GET /images, POST /images). */
export type OwnPhotoWire = UserImage;
export type OwnPhotoListWire = UserImageList;
export type PremiumStatusWire = PremiumStatus;
export type { BookGenerationStatus, BookImageRef };
