// The app-wide analytics seam (spec §9): any feature calls track() and the shell reports route
// changes; the privacy feature listens, and only with the person's consent keeps or sends anything.
// Without a listener (no consent, or analytics not started) a tracked event is simply dropped.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { ANALYTICS_EVENTS } from '@contract/analytics';

export const analyticsEvents = [
  'sign_up',
  'login',
  'logout',
  'page_view',
  'feature_used',
  'onboarding_abandoned',
] as const satisfies typeof ANALYTICS_EVENTS;
export type AnalyticsEventName = (typeof analyticsEvents)[number];

/** Flat values only: the server takes at most 20 keys and strings of at most 200 characters. */
export type AnalyticsValue = string | number | boolean | null;
export type AnalyticsProperties = Record<string, AnalyticsValue>;

type Sink = (event: AnalyticsEventName, properties: AnalyticsProperties) => void;

let sink: Sink | null = null;

/** Notes an event; it goes nowhere unless the privacy feature is listening (with consent). */
export function track(event: AnalyticsEventName, properties: AnalyticsProperties = {}): void {
  if (!sink) return;
  try {
    sink(event, properties);
  } catch (error) {
    // Measuring must never break what the person was doing.
    console.error('Analytics failed', error);
  }
}

/** Installs the one listener of track(); returns a function that removes it. */
export function setAnalyticsSink(next: Sink): () => void {
  sink = next;
  return () => {
    if (sink === next) sink = null;
  };
}

let currentPath: string = typeof window === 'undefined' ? '/' : window.location.pathname;
const routeListeners = new Set<(pathname: string) => void>();

/** The path of the page on screen, as last reported by the shell. */
export function currentRoutePath(): string {
  return currentPath;
}

/** A new page is on screen; the same path reported again (a re-render) is not a new page. */
export function reportRouteChange(pathname: string): void {
  if (pathname === currentPath) return;
  currentPath = pathname;
  for (const listener of [...routeListeners]) listener(pathname);
}

export function onRouteChange(listener: (pathname: string) => void): () => void {
  routeListeners.add(listener);
  return () => {
    routeListeners.delete(listener);
  };
}

/** Used once by the shell: tells the listeners about every route change (path only). */
export function useReportRouteChanges(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    reportRouteChange(pathname);
  }, [pathname]);
}
