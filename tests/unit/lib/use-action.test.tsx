// The guest forms' calls (src/lib/use-action.ts): pending, then the result or the error; callbacks only
// while the form is on screen and for the latest call; a call made while the browser is offline waits
// for it to be back online rather than failing.
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAction } from '../../../src/lib/use-action';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useAction', () => {
  it('is pending, then holds the result and calls onSuccess', async () => {
    const answer = deferred<string>();
    const run = vi.fn(() => answer.promise);
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useAction(run));
    expect(result.current.isPending).toBe(false);

    act(() => result.current.mutate(7, { onSuccess }));
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(run).toHaveBeenCalledWith(7));

    await act(async () => answer.resolve('/onboarding'));
    expect(result.current.isPending).toBe(false);
    expect(result.current.isSuccess).toBe(true);
    expect(result.current.data).toBe('/onboarding');
    expect(onSuccess).toHaveBeenCalledWith('/onboarding');
  });

  it('holds the error, calls onError, and reset forgets it', async () => {
    const failure = new Error('Email ou mot de passe incorrect');
    const onError = vi.fn();
    const { result } = renderHook(() => useAction(() => Promise.reject(failure)));
    act(() => result.current.mutate(undefined, { onError }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBe(failure);
    expect(onError).toHaveBeenCalledWith(failure);

    act(() => result.current.reset());
    expect(result.current.isError).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it('answers only the latest call, and nothing once the form is gone', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const answers = [first.promise, second.promise];
    const onFirst = vi.fn();
    const onSecond = vi.fn();
    const { result, unmount } = renderHook(() => useAction(() => answers.shift()!));
    act(() => result.current.mutate(undefined, { onSuccess: onFirst }));
    act(() => result.current.mutate(undefined, { onSuccess: onSecond }));
    await act(async () => first.resolve('old'));
    expect(onFirst).not.toHaveBeenCalled();
    expect(result.current.isPending).toBe(true);

    unmount();
    await act(async () => second.resolve('new'));
    expect(onSecond).not.toHaveBeenCalled();
  });

  it('waits while the browser is offline and goes as soon as it is back', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const run = vi.fn(() => Promise.resolve('/'));
    const { result } = renderHook(() => useAction(run));
    act(() => result.current.mutate(undefined));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(run).not.toHaveBeenCalled();
    expect(result.current.isPending).toBe(true);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(run).toHaveBeenCalledTimes(1);
  });
});
