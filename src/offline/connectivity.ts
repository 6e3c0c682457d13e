// Whether the app can reach the server (placeholder until the offline layer lands).
export function useConnectivity(): { online: boolean } {
  return { online: typeof navigator === 'undefined' ? true : navigator.onLine };
}
export function reportNetworkFailure(): void {}
export function reportNetworkSuccess(): void {}
