// The bottom dock: the cards fixed at the bottom (update, install, a page's bar) are stacked in one
// place, and the page reserves their measured height (--bottom-dock-height), so nothing of the page
// (« Commencer », « Créer ma première histoire », the list) stays under them; toasts belong to the
// page they were shown on and never sit over a dialog.
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BOTTOM_DOCK_HEIGHT_VAR,
  BottomDock,
  BottomDockSlotProvider,
  DockedBar,
} from '../../../src/components/layouts/bottom-dock';
import { Modal, ModalRoot } from '../../../src/components/ui/modal';
import { toast } from '../../../src/lib/toast';
import { jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';

let observed: { callback: ResizeObserverCallback; element?: Element }[] = [];

class FakeResizeObserver {
  private readonly entry: { callback: ResizeObserverCallback; element?: Element };
  constructor(callback: ResizeObserverCallback) {
    this.entry = { callback };
    observed.push(this.entry);
  }
  observe(element: Element) {
    this.entry.element = element;
  }
  unobserve() {}
  disconnect() {
    observed = observed.filter((entry) => entry !== this.entry);
  }
}

function reserved(): string {
  return document.documentElement.style.getPropertyValue(BOTTOM_DOCK_HEIGHT_VAR);
}

function Shell({ bar }: { bar: boolean }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <BottomDockSlotProvider slot={slot}>
      <main>
        {bar && (
          <DockedBar>
            <section aria-label="Offre complète">Il vous reste 2 chapitres gratuits</section>
          </DockedBar>
        )}
      </main>
      <BottomDock slotRef={setSlot}>
        <section aria-label="Installer Chapitres">Installer</section>
      </BottomDock>
    </BottomDockSlotProvider>
  );
}

beforeEach(async () => {
  await resetApp();
  observed = [];
  window.ResizeObserver = FakeResizeObserver as unknown as typeof ResizeObserver;
});

const realResizeObserver = window.ResizeObserver;

afterEach(() => {
  window.ResizeObserver = realResizeObserver;
  vi.restoreAllMocks();
  document.documentElement.style.removeProperty(BOTTOM_DOCK_HEIGHT_VAR);
});

describe('the bottom dock', () => {
  it('stacks the offers and the page bar in one place and reserves their height', async () => {
    let height = 180;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return { height: this.dataset.bottomDock !== undefined ? height : 0 } as DOMRect;
    });
    const view = render(<Shell bar />);
    const dock = document.querySelector('[data-bottom-dock]')!;
    const bar = await screen.findByRole('region', { name: 'Offre complète' });
    expect(dock.contains(bar)).toBe(true);
    expect(dock.contains(screen.getByRole('region', { name: 'Installer Chapitres' }))).toBe(true);
    expect(reserved()).toBe('180px');
    // Text at 200 %: the cards grow, the reserved space with them.
    height = 340;
    act(() => {
      const entry = observed.find((item) => item.element === dock)!;
      entry.callback([], {} as ResizeObserver);
    });
    expect(reserved()).toBe('340px');
    view.unmount();
    expect(reserved()).toBe('0px');
  });

  it('keeps a page bar in the page outside a shell', () => {
    render(
      <DockedBar>
        <p>Barre</p>
      </DockedBar>,
    );
    expect(screen.getByText('Barre')).toBeTruthy();
  });

  it("pads the shell's main by the dock's height, and the offers are in the dock", async () => {
    signInAs();
    mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/books': jsonReply({ data: [], count: 0 }),
    });
    renderApp('/support');
    await screen.findByRole('heading', { level: 1 });
    const main = document.getElementById('main')!;
    expect(main.className).toContain('pb-[calc(var(--bottom-dock-height,0px)+1.5rem)]');
    const dock = document.querySelector('[data-bottom-dock]')!;
    // The update and install offers' live regions are the dock's, not fixed on their own.
    expect(dock.querySelectorAll('[aria-live="polite"]').length).toBeGreaterThanOrEqual(2);
  });
});

describe('toasts and the pages and dialogs', () => {
  it('dismisses the toasts of a page when another opens, not one shown just before', async () => {
    signInAs();
    mockFetch({ 'GET /api/v1/users/me': jsonReply(testUserWire) });
    const { router } = renderApp('/support');
    await screen.findByRole('heading', { level: 1 });
    act(() => void toast.error('Photo non envoyée'));
    await new Promise((resolve) => setTimeout(resolve, 1600));
    act(() => void toast.success('Message envoyé'));
    await act(() => router.navigate('/terms'));
    await waitFor(() => expect(screen.queryByText('Photo non envoyée')).toBeNull());
    expect(screen.getByText('Message envoyé')).toBeTruthy();
  });

  it('dismisses the toasts when a dialog opens over the page', async () => {
    const { Toaster } = await import('../../../src/components/ui/toaster');
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Ouvrir</button>
          <ModalRoot />
          <Modal open={open} onClose={() => setOpen(false)} title="Demander une illustration">
            <button>Valider</button>
          </Modal>
          <Toaster />
        </>
      );
    }
    render(<Page />);
    act(() => void toast.success('Photo ajoutée'));
    expect(screen.getByText('Photo ajoutée')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Ouvrir' }).click());
    await waitFor(() => expect(screen.queryByText('Photo ajoutée')).toBeNull());
  });
});
