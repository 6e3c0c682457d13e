// Query keys of the auth feature.
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  unansweredOnboarding: () => [...authKeys.all, 'onboarding', 'unanswered'] as const,
};
