// What the person should know about their changes, derived from the outbox (Dexie) and connectivity.
import { useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/db';
import { useConnectivity } from './connectivity';
import { outboxReplayingAtom } from './outbox';

export type SyncState = 'offline' | 'pending' | 'syncing' | 'saved' | 'conflict';

export interface SyncStatus {
  state: SyncState;
  pendingCount: number;
  conflictCount: number;
  /** Changes the server refused for good (shown with their message; the person may retry or discard). */
  failedCount: number;
}

interface Counts {
  pending: number;
  conflict: number;
  failed: number;
}

const NO_COUNTS: Counts = { pending: 0, conflict: 0, failed: 0 };

/** The priority follows what needs the person most: a choice to make, then no connection, then progress. */
export function deriveSyncState(counts: Counts, online: boolean, replaying: boolean): SyncState {
  if (counts.conflict > 0) return 'conflict';
  if (!online) return 'offline';
  if (replaying && counts.pending > 0) return 'syncing';
  if (counts.pending > 0) return 'pending';
  return 'saved';
}

export function useSyncStatus(): SyncStatus {
  const { online } = useConnectivity();
  const replaying = useAtomValue(outboxReplayingAtom);
  const counts = useLiveQuery(
    async (): Promise<Counts> => ({
      pending: await db.outbox.where('status').equals('pending').count(),
      conflict: await db.conflicts.count(),
      failed: await db.outbox.where('status').equals('failed').count(),
    }),
    [],
    NO_COUNTS,
  );
  return {
    state: deriveSyncState(counts, online, replaying),
    pendingCount: counts.pending,
    conflictCount: counts.conflict,
    failedCount: counts.failed,
  };
}

/** For the per-chapter "modification en attente" mark: changes of this entity not yet on the server. */
export function usePendingChangeCount(entity: string, entityId: string): number {
  return useLiveQuery(
    () => db.outbox.where('[entity+entityId]').equals([entity, entityId]).count(),
    [entity, entityId],
    0,
  );
}
