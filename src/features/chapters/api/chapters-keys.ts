// Query keys of the chapters feature: the chapter list and the two answers the list page depends on
// (books, for the progress checklist; the premium status, for the quota rules).
export const chapterKeys = {
  all: ['chapters'] as const,
  lists: () => [...chapterKeys.all, 'list'] as const,
  list: () => [...chapterKeys.lists(), { summaries: false }] as const,
  books: () => [...chapterKeys.all, 'books'] as const,
  access: () => [...chapterKeys.all, 'access'] as const,
};
