// A call a form starts once (sign in, sign up, the password and email links): pending, error and
// result as React state. The guest pages use it rather than TanStack's mutations, so that the query
// layer loads with the pages that read data (src/app/data-layer.tsx), not with the first screen.
// Like those mutations, a call started while the browser is offline waits for it to be back online.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ActionCallbacks<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: unknown) => void;
}

export interface Action<A, R> {
  /** Starts the call; the callbacks run only if this form is still on screen and no newer call began. */
  mutate: (args: A, callbacks?: ActionCallbacks<R>) => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  data: R | undefined;
  reset: () => void;
}

type ActionState<R> =
  | { status: 'idle' | 'pending' }
  | { status: 'success'; data: R }
  | { status: 'error'; error: unknown };

/**
 * Resolves at once unless the browser says it is offline, then when it says it is back: the browser's
 * word only, as TanStack's mutations do (a failed call reports itself as before, with its message).
 */
function whenOnline(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => {
    window.addEventListener('online', () => resolve(), { once: true });
  });
}

export function useAction<A, R>(run: (args: A) => Promise<R>): Action<A, R> {
  const [state, setState] = useState<ActionState<R>>({ status: 'idle' });
  const mounted = useRef(false);
  const latest = useRef(0);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback(
    (args: A, callbacks?: ActionCallbacks<R>) => {
      const call = (latest.current += 1);
      const current = () => mounted.current && call === latest.current;
      setState({ status: 'pending' });
      void whenOnline()
        .then(() => run(args))
        .then(
          (data) => {
            if (!current()) return;
            setState({ status: 'success', data });
            callbacks?.onSuccess?.(data);
          },
          (error: unknown) => {
            if (!current()) return;
            setState({ status: 'error', error });
            callbacks?.onError?.(error);
          },
        );
    },
    [run],
  );

  const reset = useCallback(() => {
    latest.current += 1;
    setState({ status: 'idle' });
  }, []);

  return {
    mutate,
    reset,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    error: state.status === 'error' ? state.error : null,
    data: state.status === 'success' ? state.data : undefined,
  };
}
