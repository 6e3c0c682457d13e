// Query keys of the books feature.
export const bookKeys = {
  all: ['books'] as const,
  lists: () => [...bookKeys.all, 'list'] as const,
  /** A book prepared for a storyteller (issue 31) is keyed with its circle's base path too. */
  detail: (bookID: string, apiBase: string = '/books') =>
    apiBase === '/books'
      ? ([...bookKeys.all, 'detail', bookID] as const)
      : ([...bookKeys.all, 'detail', bookID, apiBase] as const),
};
