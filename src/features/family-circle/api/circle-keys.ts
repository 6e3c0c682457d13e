// Query keys of the family circle, a member's side: every key of one circle sits under
// ['circle', 'of', storytellerId], so leaving it or being removed drops them all at once.
export const circleKeys = {
  all: ['circle'] as const,
  invitation: (token: string) => [...circleKeys.all, 'invitation', token] as const,
  memberships: () => [...circleKeys.all, 'memberships'] as const,
  of: (storytellerId: string) => [...circleKeys.all, 'of', storytellerId] as const,
  chapters: (storytellerId: string) => [...circleKeys.of(storytellerId), 'chapters'] as const,
  chapter: (storytellerId: string, chapterId: string) =>
    [...circleKeys.of(storytellerId), 'chapter', chapterId] as const,
  questions: (storytellerId: string) => [...circleKeys.of(storytellerId), 'questions'] as const,
};
