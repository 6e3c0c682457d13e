// Live reads of the device store (Dexie) for pages that can be drawn without it: Dexie and the store are
// imported on the first read, not with the page, and online that read waits until the first page is on
// screen (offline it is the page, and starts at once). Like dexie-react-hooks' useLiveQuery: undefined (or
// `initial`) until the first answer, then every change of what the read touched.
import { useEffect, useState } from 'react';
import type { ChapitresDb } from '../db/db';
import { useFirstPageShown } from '../lib/first-page';
import { useConnectivity } from './connectivity';

export interface DeviceQueryOptions {
  /** false: no read (the answer stays what it last was, or `initial`). */
  enabled?: boolean;
}

export function useDeviceQuery<T>(
  read: (db: ChapitresDb) => Promise<T>,
  deps: readonly unknown[],
): T | undefined;
export function useDeviceQuery<T>(
  read: (db: ChapitresDb) => Promise<T>,
  deps: readonly unknown[],
  initial: T,
  options?: DeviceQueryOptions,
): T;
export function useDeviceQuery<T>(
  read: (db: ChapitresDb) => Promise<T>,
  deps: readonly unknown[],
  initial: undefined,
  options?: DeviceQueryOptions,
): T | undefined;
export function useDeviceQuery<T>(
  read: (db: ChapitresDb) => Promise<T>,
  deps: readonly unknown[],
  initial?: T,
  { enabled = true }: DeviceQueryOptions = {},
): T | undefined {
  const [answer, setAnswer] = useState<{ value: T } | null>(null);
  const firstPageShown = useFirstPageShown();
  const { online } = useConnectivity();
  const start = enabled && (firstPageShown || !online);
  useEffect(() => {
    if (!start) return;
    let live = true;
    let subscription: { unsubscribe(): void } | undefined;
    Promise.all([import('../db/db'), import('dexie')])
      .then(([{ db }, { liveQuery }]) => {
        if (!live) return;
        subscription = liveQuery(() => read(db)).subscribe({
          next: (value) => {
            if (live) setAnswer({ value });
          },
          error: (error: unknown) => console.warn('A read of the device store failed', error),
        });
      })
      .catch((error: unknown) => console.warn('The device store could not be opened', error));
    return () => {
      live = false;
      subscription?.unsubscribe();
    };
    // `read` is given inline by the caller: its inputs are `deps`, as with useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [start, ...deps]);
  return answer ? answer.value : initial;
}
