// Banner shown while offline (placeholder until the offline layer lands).
export function OfflineBanner() {
  return null;
}
