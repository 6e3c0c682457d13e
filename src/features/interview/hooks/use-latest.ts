// A ref that always holds the latest value, for callbacks that outlive the render that made them
// (timers, audio events, the outbox's delivery notice).
import { useLayoutEffect, useRef } from 'react';

export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
