// POST /books/suggestions: a title, subtitle, back-cover summary and dedication written from the chosen
// chapters, asked once when the wizard enters step 4. A failure is logged only (spec §8): the fields stay
// as they are for the person to fill in.
import { apiRequest } from '../../../lib/api-client';
import { OWN_BOOKS_API } from '../book-target';
import type { BookSuggestionsPayload, BookSuggestionsWire } from './types';

/** `apiBase`: her own books, or `/circles/{storytellerId}/books` for her book (issue 31). */
export function getBookSuggestions(
  payload: BookSuggestionsPayload,
  apiBase: string = OWN_BOOKS_API,
): Promise<BookSuggestionsWire> {
  return apiRequest<BookSuggestionsWire>(`${apiBase}/suggestions`, {
    method: 'POST',
    json: payload,
  });
}
