// The data export as the deletion dialog offers it (issue 28): the same calls as the data-export feature
// (features do not import each other), under the same query key, so both show the same export.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExport } from '@contract/data-export';
import { ApiError, apiRequest } from '../../../lib/api-client';

const EXPORT_KEY = ['data-export', 'current'] as const;
const POLL_MS = 5_000;

async function getExport(): Promise<DataExport | null> {
  try {
    return await apiRequest<DataExport>('/users/me/export');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useExportBeforeDeletion() {
  return useQuery({
    queryKey: EXPORT_KEY,
    queryFn: getExport,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
    // The download address is a credential of sorts: it is not kept in the persisted cache.
    meta: { globalErrorToast: false, persist: false },
  });
}

export function useRequestExportBeforeDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DataExport>('/users/me/export', { method: 'POST' }),
    onSuccess: (answer) => queryClient.setQueryData(EXPORT_KEY, answer),
    meta: { globalErrorToast: false },
  });
}
