// The unobtrusive "where are my changes" indicator of the top bar. With a conflict waiting, it becomes a
// button that opens the choice between the two versions.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from './conflict-dialog';
import { useSyncStatus, type SyncState } from './sync-status';

const DOT: Record<SyncState, string> = {
  saved: 'bg-success',
  pending: 'bg-warning-line',
  syncing: 'bg-warning-line motion-safe:animate-pulse',
  offline: 'bg-ink-muted',
  conflict: 'bg-danger',
};

export function SyncIndicator() {
  const { t } = useTranslation('offline');
  const { state, pendingCount, conflictCount } = useSyncStatus();
  const [choosing, setChoosing] = useState(false);
  const labels: Record<SyncState, () => string> = {
    saved: () => t('status.saved'),
    pending: () => t('status.pending', { count: pendingCount }),
    syncing: () => t('status.syncing'),
    offline: () =>
      pendingCount > 0 ? t('status.offlinePending', { count: pendingCount }) : t('status.offline'),
    conflict: () => t('status.conflict', { count: conflictCount }),
  };
  const label = labels[state]();
  const content = (
    <>
      <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${DOT[state]}`} />
      <span>{label}</span>
    </>
  );
  return (
    <>
      <p
        role="status"
        aria-live="polite"
        className="inline-flex items-center gap-2 text-base text-ink"
        data-sync-state={state}
      >
        {state === 'conflict' ? (
          <button
            type="button"
            onClick={() => setChoosing(true)}
            className="inline-flex min-h-target items-center gap-2 rounded-lg px-2 font-semibold text-danger underline hover:bg-danger-soft"
          >
            {content}
          </button>
        ) : (
          content
        )}
      </p>
      <ConflictDialog open={choosing} onClose={() => setChoosing(false)} />
    </>
  );
}
