// The auto-send countdown as React state: runs while `active`, restarts from 0 each time it becomes
// active, and calls `onDone` once when it reaches 100.
import { useEffect, useState } from 'react';
import { startCountdown } from '../countdown';
import { useLatest } from './use-latest';

export function useAutoSendCountdown(active: boolean, onDone: () => void): number {
  const [progress, setProgress] = useState(0);
  const done = useLatest(onDone);
  useEffect(() => {
    if (!active) {
      setProgress(0);
      return;
    }
    return startCountdown({ onProgress: setProgress, onDone: () => done.current() });
  }, [active, done]);
  return progress;
}
