// The update flow: a waiting worker shows the prompt; "Plus tard" hides it; "Mettre à jour" saves
// drafts first, asks the worker to take over, and reloads only once it controls the page.
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpI18n } from '../offline/support/i18n';

const events: string[] = [];

class FakeWorkbox {
  static last: FakeWorkbox | undefined;
  listeners = new Map<string, (() => void)[]>();
  constructor(
    readonly url: string,
    readonly options: unknown,
  ) {
    FakeWorkbox.last = this;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  register = vi.fn(async () => ({}));
  update = vi.fn(async () => {});
  messageSkipWaiting = vi.fn(() => events.push('skipWaiting'));
}

vi.mock('workbox-window', () => ({ Workbox: FakeWorkbox }));
vi.mock('../../../src/offline/use-draft', () => ({
  flushPendingDrafts: vi.fn(async () => {
    events.push('draftsFlushed');
  }),
}));

const reload = vi.fn(() => events.push('reload'));

beforeAll(async () => {
  await setUpI18n('fr');
});

beforeEach(() => {
  events.length = 0;
  FakeWorkbox.last = undefined;
  vi.resetModules();
  vi.stubEnv('PROD', true);
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  Object.defineProperty(window, 'location', {
    value: { ...window.location, reload },
    configurable: true,
    writable: true,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

async function load() {
  const registerSw = await import('../../../src/pwa/register-sw');
  const { UpdatePrompt } = await import('../../../src/pwa/update-prompt');
  return { ...registerSw, UpdatePrompt };
}

describe('registerServiceWorker', () => {
  it('does nothing outside production builds', async () => {
    vi.stubEnv('PROD', false);
    const { registerServiceWorker } = await load();
    registerServiceWorker();
    expect(FakeWorkbox.last).toBeUndefined();
  });

  it('registers /sw.js and prompts politely when a new version waits', async () => {
    const { registerServiceWorker, UpdatePrompt } = await load();
    registerServiceWorker();
    const wb = FakeWorkbox.last!;
    expect(wb.url).toBe('/sw.js');
    expect(wb.register).toHaveBeenCalledTimes(1);

    render(<UpdatePrompt />);
    expect(screen.queryByText('Une nouvelle version est prête')).toBeNull();
    act(() => wb.emit('waiting'));
    expect(screen.getByRole('region', { name: 'Une nouvelle version est prête' })).toBeTruthy();
    // Polite: nothing took the focus away from what the person was doing.
    expect(document.activeElement).toBe(document.body);

    fireEvent.click(screen.getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByText('Une nouvelle version est prête')).toBeNull();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('on "Mettre à jour": flushes drafts, then skipWaiting, then reloads only when the new worker controls', async () => {
    const { registerServiceWorker, UpdatePrompt } = await load();
    registerServiceWorker();
    const wb = FakeWorkbox.last!;
    render(<UpdatePrompt />);
    act(() => wb.emit('waiting'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    });
    expect(events).toEqual(['draftsFlushed', 'skipWaiting']);
    expect(reload).not.toHaveBeenCalled();
    act(() => wb.emit('controlling'));
    expect(events).toEqual(['draftsFlushed', 'skipWaiting', 'reload']);
  });

  it('checks for updates when the page becomes visible again, at most every few minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval'] });
    try {
      const { registerServiceWorker } = await load();
      registerServiceWorker();
      const wb = FakeWorkbox.last!;
      const visible = () => document.dispatchEvent(new Event('visibilitychange'));
      visible();
      expect(wb.update).not.toHaveBeenCalled();
      vi.setSystemTime(Date.now() + 6 * 60_000);
      visible();
      expect(wb.update).toHaveBeenCalledTimes(1);
      // And every hour regardless.
      vi.advanceTimersByTime(60 * 60_000);
      expect(wb.update).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
