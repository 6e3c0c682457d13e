// Whose book the book screens work on (issue 31): her own (`/books…`), or a storyteller's when a
// contributor she allowed prepares it for her (`/circles/{storytellerId}/books…`). The wizard, its calls
// and the book's page read it from this context; without a provider they work on the person's own books.
import { createContext, useContext } from 'react';

export const OWN_BOOKS_API = '/books';

export interface BookTarget {
  /** Base path of the book calls: `/books`, or `/circles/{storytellerId}/books`. */
  apiBase: string;
  /** Set when a contributor prepares the storyteller's book. */
  circle: { storytellerId: string; storytellerName: string } | null;
}

export const OWN_BOOKS: BookTarget = { apiBase: OWN_BOOKS_API, circle: null };

export function circleBookTarget(storytellerId: string, storytellerName: string): BookTarget {
  return {
    apiBase: `/circles/${encodeURIComponent(storytellerId)}/books`,
    circle: { storytellerId, storytellerName },
  };
}

export const BookTargetContext = createContext<BookTarget>(OWN_BOOKS);

export function useBookTarget(): BookTarget {
  return useContext(BookTargetContext);
}

/** The app page of a book: hers under /book, a prepared one under the circle. */
export function bookPagePath(target: BookTarget, bookID: string): string {
  const id = encodeURIComponent(bookID);
  return target.circle
    ? `/circles/${encodeURIComponent(target.circle.storytellerId)}/books/${id}`
    : `/book/${id}`;
}

/** Where the page of a book leads back to: her list of books, or the storyteller's circle page. */
export function bookBackPath(target: BookTarget): string {
  return target.circle ? `/circles/${encodeURIComponent(target.circle.storytellerId)}` : '/books';
}

/** The circle page's link to the wizard for her book. */
export function circleWizardPath(storytellerId: string): string {
  return `/circles/${encodeURIComponent(storytellerId)}/book/new`;
}
