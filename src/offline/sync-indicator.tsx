// Sync status indicator (placeholder until the offline layer lands).
export function SyncIndicator() {
  return null;
}
