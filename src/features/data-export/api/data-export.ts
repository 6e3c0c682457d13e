// The person's data export (a ZIP of every chapter, transcript, onboarding answer and book PDF):
// GET /users/me/export gives the last one asked for (204: never asked), POST asks for a new one (while
// one is being prepared the server gives that one back). The query asks again every 5 s while the
// export is pending, and only while a screen shows it (TanStack Query stops polling in a hidden tab).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExport } from '@contract/data-export';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';

export type DataExportWire = DataExport;
export type DataExportStatus = DataExport['status'];

export const EXPORT_POLL_MS = 5_000;

export const dataExportKeys = {
  all: ['data-export'] as const,
  current: () => [...dataExportKeys.all, 'current'] as const,
};

/** The last export asked for, or null when none was. */
export async function getDataExport(): Promise<DataExportWire | null> {
  try {
    // 204 (never asked) reads as undefined.
    return (await apiRequest<DataExportWire | undefined>('/users/me/export')) ?? null;
  } catch (error) {
    // A server from before the 204 answered 404.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function requestDataExport(): Promise<DataExportWire> {
  return apiRequest<DataExportWire>('/users/me/export', { method: 'POST' });
}

export function dataExportQueryOptions() {
  return queryOptions({
    queryKey: dataExportKeys.current(),
    queryFn: getDataExport,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? EXPORT_POLL_MS : false),
    // The download address is a credential of sorts: it is not kept in the persisted cache.
    meta: { globalErrorToast: false, persist: false },
  });
}

export function useDataExport() {
  return useQuery(dataExportQueryOptions());
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (answer) => {
      track('feature_used', { feature: 'data_export_requested' });
      queryClient.setQueryData(dataExportKeys.current(), answer);
    },
    meta: { globalErrorToast: false },
  });
}
