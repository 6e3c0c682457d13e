// True once `ms` have passed since `active` became true (the progress skeleton's 800 ms, the
// subscription banner's 3 s); false again whenever `active` turns false.
import { useEffect, useState } from 'react';

export function useElapsed(ms: number, active = true): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!active) {
      setElapsed(false);
      return;
    }
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return active && elapsed;
}
