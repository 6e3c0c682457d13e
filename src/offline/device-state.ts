// A value owned by a module (set from outside React: network callbacks, the service worker, timers)
// and mirrored into a jotai atom for components. The atom subscribes when first used, so it works
// with whichever jotai store the shell provides.
import { atom, type PrimitiveAtom } from 'jotai';

export interface DeviceState<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: (value: T) => void): () => void;
  readonly atom: PrimitiveAtom<T>;
}

export function createDeviceState<T>(initial: T): DeviceState<T> {
  let current = initial;
  const listeners = new Set<(value: T) => void>();
  const mirror = atom(initial);
  mirror.onMount = (setAtom) => {
    setAtom(current);
    const listener = (value: T) => setAtom(value);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get: () => current,
    set(value) {
      if (Object.is(value, current)) return;
      current = value;
      for (const listener of [...listeners]) listener(value);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    atom: mirror,
  };
}
