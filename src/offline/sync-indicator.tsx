// The unobtrusive "where are my changes" indicator of the top bar.
import { useTranslation } from 'react-i18next';
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
  const labels: Record<SyncState, () => string> = {
    saved: () => t('status.saved'),
    pending: () => t('status.pending', { count: pendingCount }),
    syncing: () => t('status.syncing'),
    offline: () => t('status.offline'),
    conflict: () => t('status.conflict', { count: conflictCount }),
  };
  const label = labels[state]();
  return (
    <p
      role="status"
      aria-live="polite"
      className="inline-flex items-center gap-2 text-base text-ink"
      data-sync-state={state}
    >
      <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${DOT[state]}`} />
      <span>{label}</span>
    </p>
  );
}
