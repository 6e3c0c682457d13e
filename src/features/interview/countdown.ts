// The auto-send countdown (spec §4, §9): 0 to 100 in steps of 1.5 every 100 ms, about 6.7 s, then the
// answer goes. Framework-free so it can be driven by fake timers; the view wraps it in a hook.
export const COUNTDOWN_STEP = 1.5;
export const COUNTDOWN_INTERVAL_MS = 100;
export const COUNTDOWN_MAX = 100;

export function nextProgress(progress: number): number {
  return Math.min(COUNTDOWN_MAX, progress + COUNTDOWN_STEP);
}

/** Whole seconds left before the send, as a person would say it (never 0 while still counting). */
export function secondsLeft(progress: number): number {
  const ticks = Math.ceil((COUNTDOWN_MAX - progress) / COUNTDOWN_STEP);
  return Math.max(0, Math.ceil((ticks * COUNTDOWN_INTERVAL_MS) / 1000));
}

export interface CountdownHandlers {
  onProgress: (progress: number) => void;
  onDone: () => void;
}

/** Starts counting from 0; returns a function that cancels it. `onDone` runs at most once. */
export function startCountdown({ onProgress, onDone }: CountdownHandlers): () => void {
  let progress = 0;
  let finished = false;
  onProgress(progress);
  const timer = setInterval(() => {
    progress = nextProgress(progress);
    onProgress(progress);
    if (progress >= COUNTDOWN_MAX && !finished) {
      finished = true;
      clearInterval(timer);
      onDone();
    }
  }, COUNTDOWN_INTERVAL_MS);
  return () => {
    finished = true;
    clearInterval(timer);
  };
}
