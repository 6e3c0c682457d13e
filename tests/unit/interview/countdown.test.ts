// The auto-send countdown: 0 to 100 by 1.5 every 100 ms (about 6.7 s), then one send; cancellable.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COUNTDOWN_INTERVAL_MS,
  nextProgress,
  secondsLeft,
  startCountdown,
} from '../../../src/features/interview/countdown';
import { useAutoSendCountdown } from '../../../src/features/interview/hooks/use-auto-send-countdown';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('startCountdown', () => {
  it('counts 0 to 100 by 1.5 every 100 ms and sends after 6.7 s, once', () => {
    const progress: number[] = [];
    const onDone = vi.fn();
    startCountdown({ onProgress: (p) => progress.push(p), onDone });
    expect(progress).toEqual([0]);
    vi.advanceTimersByTime(COUNTDOWN_INTERVAL_MS);
    expect(progress.at(-1)).toBe(1.5);
    vi.advanceTimersByTime(6600 - COUNTDOWN_INTERVAL_MS);
    expect(progress.at(-1)).toBe(99);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(progress.at(-1)).toBe(100);
    expect(onDone).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(progress).toHaveLength(68);
  });

  it('never sends once cancelled', () => {
    const onDone = vi.fn();
    const onProgress = vi.fn();
    const cancel = startCountdown({ onProgress, onDone });
    vi.advanceTimersByTime(3000);
    cancel();
    const calls = onProgress.mock.calls.length;
    vi.advanceTimersByTime(10_000);
    expect(onDone).not.toHaveBeenCalled();
    expect(onProgress).toHaveBeenCalledTimes(calls);
  });

  it('tells the seconds left as a person would', () => {
    expect(nextProgress(99)).toBe(100);
    expect(secondsLeft(0)).toBe(7);
    expect(secondsLeft(1.5)).toBe(7);
    expect(secondsLeft(60)).toBe(3);
    expect(secondsLeft(99)).toBe(1);
    expect(secondsLeft(100)).toBe(0);
  });
});

describe('useAutoSendCountdown', () => {
  it('runs while active, restarts from zero, and stops when inactive', () => {
    const onDone = vi.fn();
    const { result, rerender } = renderHook(({ active }) => useAutoSendCountdown(active, onDone), {
      initialProps: { active: true },
    });
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(45);
    rerender({ active: false });
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(10_000));
    expect(onDone).not.toHaveBeenCalled();
    rerender({ active: true });
    act(() => vi.advanceTimersByTime(6600));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
