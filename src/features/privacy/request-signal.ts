// The time limit of one analytics or recording request, which withdrawing consent also cuts short.

/** A signal that aborts after `ms` or when `parent` aborts, on browsers with or without AbortSignal.any. */
export function requestSignal(
  parent: AbortSignal,
  ms: number,
): { signal: AbortSignal; done: () => void } {
  if (typeof AbortSignal.any === 'function' && typeof AbortSignal.timeout === 'function') {
    return { signal: AbortSignal.any([parent, AbortSignal.timeout(ms)]), done: () => {} };
  }
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The request timed out', 'TimeoutError')),
    ms,
  );
  const onAbort = () => controller.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      parent.removeEventListener('abort', onAbort);
    },
  };
}
