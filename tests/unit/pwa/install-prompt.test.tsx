// The install offer: never on a first visit, offered on a later one or when a feature asks, the
// browser's dialog on Chromium, the steps to follow on iOS, and the manifest in the person's language.
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpI18n } from '../offline/support/i18n';
import {
  removeTrackedWindowListeners,
  trackWindowListeners,
} from '../offline/support/window-listeners';

type Module = typeof import('../../../src/pwa/install-prompt');

function installEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: ReturnType<typeof vi.fn>;
    userChoice: Promise<{ outcome: string; platform: string }>;
  };
  event.prompt = vi.fn(async () => {});
  event.userChoice = Promise.resolve({ outcome, platform: 'web' });
  return event;
}

async function load(): Promise<Module> {
  vi.resetModules();
  return import('../../../src/pwa/install-prompt');
}

/** A fresh browser session (a new visit) on this device. */
function newVisit() {
  sessionStorage.clear();
}

beforeAll(async () => {
  await setUpI18n('fr');
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  trackWindowListeners();
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
    'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
  );
});

afterEach(() => {
  cleanup();
  removeTrackedWindowListeners();
  vi.restoreAllMocks();
});

describe('InstallPrompt', () => {
  it('does not offer on the first visit, even when the browser could install', async () => {
    const { InstallPrompt } = await load();
    render(<InstallPrompt />);
    const event = installEvent('accepted');
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(screen.queryByText('Installer Chapitres')).toBeNull();
  });

  it('offers on a later visit and opens the browser dialog on "Installer"', async () => {
    await load();
    newVisit();
    const { InstallPrompt } = await load();
    render(<InstallPrompt />);
    const event = installEvent('accepted');
    act(() => {
      window.dispatchEvent(event);
    });
    expect(screen.getByRole('region', { name: 'Installer Chapitres' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Installer' }));
    });
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Installer Chapitres')).toBeNull();
    expect(JSON.parse(localStorage.getItem('chapitres.install')!)).toMatchObject({
      installed: true,
    });
  });

  it('"Plus tard" keeps it away on the following visits', async () => {
    await load();
    newVisit();
    let mod = await load();
    render(<mod.InstallPrompt />);
    act(() => {
      window.dispatchEvent(installEvent('accepted'));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByText('Installer Chapitres')).toBeNull();
    cleanup();

    newVisit();
    mod = await load();
    render(<mod.InstallPrompt />);
    act(() => {
      window.dispatchEvent(installEvent('accepted'));
    });
    expect(screen.queryByText('Installer Chapitres')).toBeNull();
  });

  it('lets a feature offer it at its moment (after a first chapter), even on a first visit', async () => {
    const { InstallPrompt, useInstallPrompt } = await load();
    render(<InstallPrompt />);
    act(() => {
      window.dispatchEvent(installEvent('dismissed'));
    });
    const { result } = renderHook(() => useInstallPrompt());
    expect(result.current).toMatchObject({ available: true, platform: 'native', offered: false });
    act(() => result.current.offer());
    expect(screen.getByRole('region', { name: 'Installer Chapitres' })).toBeTruthy();
  });

  it('gives iOS Safari the steps, since it has no install dialog', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    );
    await load();
    newVisit();
    const { InstallPrompt } = await load();
    render(<InstallPrompt />);
    const region = screen.getByRole('region', { name: 'Ajouter Chapitres à l’écran d’accueil' });
    expect(region.textContent).toContain('Partager');
    expect(region.textContent).toContain('«\u00a0Sur l’écran d’accueil\u00a0»');
    expect(screen.queryByRole('button', { name: 'Installer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'J’ai compris' }));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('speaks English when the person does', async () => {
    await setUpI18n('en');
    try {
      const { InstallPrompt, useInstallPrompt } = await load();
      render(<InstallPrompt />);
      act(() => {
        window.dispatchEvent(installEvent('accepted'));
      });
      const { result } = renderHook(() => useInstallPrompt());
      act(() => result.current.offer());
      expect(screen.getByRole('region', { name: 'Install Chapitres' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Later' })).toBeTruthy();
    } finally {
      await setUpI18n('fr');
    }
  });
});

describe('manifest language', () => {
  it('points the manifest link at the variant in the current language', async () => {
    const { applyManifestLanguage, manifestHrefFor } =
      await import('../../../src/pwa/manifest-language');
    document.head.innerHTML = '<link rel="manifest" href="/manifest.webmanifest">';
    applyManifestLanguage('en-GB');
    expect(document.querySelector('link[rel="manifest"]')!.getAttribute('href')).toBe(
      '/manifest.en.webmanifest',
    );
    applyManifestLanguage('fr');
    expect(document.querySelector('link[rel="manifest"]')!.getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
    expect(manifestHrefFor(undefined)).toBe('/manifest.webmanifest');
  });
});
