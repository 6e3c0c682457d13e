// POST /books/suggestions: a title, subtitle, back-cover summary and dedication written from the chosen
// chapters, asked once when the wizard enters step 4. A failure is logged only (spec §8): the fields stay
// as they are for the person to fill in.
import { apiRequest } from '../../../lib/api-client';
import type { BookSuggestionsPayload, BookSuggestionsWire } from './types';

export function getBookSuggestions(payload: BookSuggestionsPayload): Promise<BookSuggestionsWire> {
  return apiRequest<BookSuggestionsWire>('/books/suggestions', { method: 'POST', json: payload });
}
