// Her gentle weekly question (issue 31): GET /users/me/rhythm (204: none chosen), PUT to choose the day
// and the channels, DELETE to stop it. The answer of a change replaces the cached one.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoryRhythm } from '@contract/circle-news';
import { apiRequest } from '../../../lib/api-client';

export type Rhythm = StoryRhythm;

export const rhythmKeys = {
  all: ['rhythm'] as const,
  mine: () => [...rhythmKeys.all, 'mine'] as const,
};

/** Her rhythm, or null when she chose none. */
export async function getRhythm(): Promise<Rhythm | null> {
  return (await apiRequest<Rhythm | undefined>('/users/me/rhythm')) ?? null;
}

export function rhythmQueryOptions() {
  return queryOptions({ queryKey: rhythmKeys.mine(), queryFn: getRhythm });
}

export function useRhythm() {
  return useQuery(rhythmQueryOptions());
}

export function useSaveRhythm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rhythm: Rhythm) =>
      apiRequest<Rhythm>('/users/me/rhythm', { method: 'PUT', json: rhythm }),
    onSuccess: (saved) => queryClient.setQueryData(rhythmKeys.mine(), saved),
  });
}

export function useStopRhythm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/users/me/rhythm', { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(rhythmKeys.mine(), null),
  });
}
