// Query keys of the onboarding feature.
import type { QuestionsStatus } from './types';

export const onboardingKeys = {
  all: ['onboarding'] as const,
  questions: (status: QuestionsStatus) => [...onboardingKeys.all, 'questions', status] as const,
  answers: () => [...onboardingKeys.all, 'answers'] as const,
};
