// GET /onboardings/questions?questions_status=unanswered, only to know whether onboarding is due after
// login. The onboarding feature owns the questions themselves.
import { apiRequest } from '../../../lib/api-client';

export async function hasUnansweredOnboardingQuestions(): Promise<boolean> {
  const answer = await apiRequest<{ data?: unknown[] }>('/onboardings/questions', {
    query: { skip: 0, limit: 100, questions_status: 'unanswered' },
  });
  return Array.isArray(answer?.data) && answer.data.length > 0;
}
