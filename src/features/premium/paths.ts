// The app addresses this feature links to.
export const SUBSCRIPTION_PATH = '/subscription';
export const BOOKS_PATH = '/books';

export function bookPath(bookID: string): string {
  return `/book/${encodeURIComponent(bookID)}`;
}

/** The plans page with the printed copy of one book offered first. */
export function bookOrderPlansPath(bookID: string): string {
  return `${SUBSCRIPTION_PATH}?book_id=${encodeURIComponent(bookID)}`;
}
