// Connectivity: a failed request means offline whatever navigator.onLine says; /healthz probes with
// backoff notice the return; the online event is checked before it is trusted.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeTrackedWindowListeners, trackWindowListeners } from './support/window-listeners';

type ConnectivityModule = typeof import('../../../src/offline/connectivity');

let connectivity: ConnectivityModule;
const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();

beforeEach(async () => {
  trackWindowListeners();
  vi.useFakeTimers();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // Module state (online flag, probe timer) starts fresh for each test.
  vi.resetModules();
  connectivity = await import('../../../src/offline/connectivity');
});

afterEach(() => {
  removeTrackedWindowListeners();
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('connectivity', () => {
  it('treats a failed request as offline even when navigator.onLine says online', () => {
    expect(navigator.onLine).toBe(true);
    expect(connectivity.isOnline()).toBe(true);
    connectivity.reportNetworkFailure();
    expect(connectivity.isOnline()).toBe(false);
    connectivity.reportNetworkSuccess();
    expect(connectivity.isOnline()).toBe(true);
  });

  it('probes /healthz with a growing delay while offline, and comes back online when it answers', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValue(new Response('ok', { status: 200 }));
    connectivity.reportNetworkFailure();

    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/healthz');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ cache: 'no-store' });
    expect(connectivity.isOnline()).toBe(false);

    // Second probe after 2 s, third after 4 s more.
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(connectivity.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(connectivity.isOnline()).toBe(true);

    // Online again: probing stops.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('keeps probing when the server answers with an error status', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response('', { status: 502 }))
      .mockResolvedValue(new Response('ok'));
    connectivity.reportNetworkFailure();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(connectivity.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(connectivity.isOnline()).toBe(true);
  });

  it('checks the server when the browser fires "online" instead of trusting it', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(new Response('ok'));
    connectivity.reportNetworkFailure();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(connectivity.isOnline()).toBe(false);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(connectivity.isOnline()).toBe(true);
  });

  it('goes offline on the browser "offline" event', () => {
    connectivity.isOnline();
    window.dispatchEvent(new Event('offline'));
    expect(connectivity.isOnline()).toBe(false);
  });

  it('re-renders useConnectivity and notifies listeners on every change', async () => {
    const seen: boolean[] = [];
    connectivity.onConnectivityChange(({ online }) => seen.push(online));
    const { result } = renderHook(() => connectivity.useConnectivity());
    expect(result.current.online).toBe(true);
    act(() => connectivity.reportNetworkFailure());
    expect(result.current.online).toBe(false);
    act(() => connectivity.reportNetworkSuccess());
    expect(result.current.online).toBe(true);
    expect(seen).toEqual([false, true]);
  });
});
