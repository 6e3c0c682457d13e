// The query keys of the storyteller's circle, in one place: her members, her family's questions, and
// for each chapter its words and suggested photos.
export const circleKeys = {
  all: ['circle'] as const,
  members: () => [...circleKeys.all, 'members'] as const,
  questions: () => [...circleKeys.all, 'questions'] as const,
  chapter: (conversationId: string) => [...circleKeys.all, 'chapter', conversationId] as const,
  words: (conversationId: string) => [...circleKeys.chapter(conversationId), 'words'] as const,
  suggestedPhotos: (conversationId: string) =>
    [...circleKeys.chapter(conversationId), 'suggested-photos'] as const,
};
