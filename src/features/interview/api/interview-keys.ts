// Query keys of the interview feature: the chapter it belongs to and its message history.
export const interviewKeys = {
  all: ['interview'] as const,
  conversation: (conversationId: string) =>
    [...interviewKeys.all, 'conversation', conversationId] as const,
  messages: (conversationId: string) => [...interviewKeys.all, 'messages', conversationId] as const,
};
