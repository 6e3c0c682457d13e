// The path of the page on screen, as the shell reports it; usable above the router (the consent
// dialog is rendered by the app's provider, outside the routed tree).
import { useSyncExternalStore } from 'react';
import { currentRoutePath, onRouteChange } from '../../../lib/analytics';

export function useCurrentRoutePath(): string {
  return useSyncExternalStore(onRouteChange, currentRoutePath, currentRoutePath);
}
