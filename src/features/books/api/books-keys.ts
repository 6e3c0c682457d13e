// Query keys of the books feature.
export const bookKeys = {
  all: ['books'] as const,
  lists: () => [...bookKeys.all, 'list'] as const,
  detail: (bookID: string) => [...bookKeys.all, 'detail', bookID] as const,
};
