// An index that moves to the next item every `intervalMs` while `active` (the loading tips).
import { useEffect, useState } from 'react';

export function useRotatingIndex(
  count: number,
  intervalMs: number,
  active: boolean,
  start = 0,
): number {
  const [index, setIndex] = useState(start % Math.max(1, count));
  useEffect(() => {
    if (!active || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [active, count, intervalMs]);
  return index;
}
