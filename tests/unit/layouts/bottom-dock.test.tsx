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
  scrollNeededToClear,
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

describe('focus and the dock (issue 35 #8)', () => {
  function rect(top: number, height: number): DOMRect {
    return {
      top,
      bottom: top + height,
      height,
      left: 0,
      right: 0,
      width: 0,
      x: 0,
      y: top,
    } as DOMRect;
  }

  it('computes how far to scroll a control out from under the cards, never past its top', () => {
    // Clear above the cards (dock at 600, 12 px of room kept).
    expect(scrollNeededToClear(rect(500, 44), 600)).toBe(0);
    // Half under the cards: just enough to clear them.
    expect(scrollNeededToClear(rect(560, 44), 600)).toBe(16);
    // Entirely under them.
    expect(scrollNeededToClear(rect(700, 44), 600)).toBe(156);
    // Taller than the room left (the page's content itself): left alone.
    expect(scrollNeededToClear(rect(100, 700), 600)).toBe(0);
    // Its top would leave the screen: scrolled only as far as its top allows.
    expect(scrollNeededToClear(rect(15, 580), 600)).toBe(3);
  });

  it('scrolls a control that takes the focus under the cards just above them', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      if (this.dataset.bottomDock !== undefined) return rect(600, 200);
      if (this.textContent === 'Voir tous mes succès') return rect(580, 44);
      return rect(0, 0);
    });
    const scrollBy = vi.fn();
    vi.stubGlobal('scrollBy', scrollBy);
    function Page() {
      const [slot, setSlot] = useState<HTMLElement | null>(null);
      return (
        <BottomDockSlotProvider slot={slot}>
          <main>
            <button>Au-dessus</button>
            <button>Voir tous mes succès</button>
          </main>
          <BottomDock slotRef={setSlot}>
            <section aria-label="Installer Chapitres">Installer</section>
          </BottomDock>
        </BottomDockSlotProvider>
      );
    }
    render(<Page />);
    act(() => screen.getByRole('button', { name: 'Au-dessus' }).focus());
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrollBy).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Voir tous mes succès' }).focus());
    await waitFor(() => expect(scrollBy).toHaveBeenCalledWith(0, 36));
  });

  it('is inert and hidden while a dialog is open, and comes back after', async () => {
    function Page() {
      const [slot, setSlot] = useState<HTMLElement | null>(null);
      const [open, setOpen] = useState(false);
      return (
        <BottomDockSlotProvider slot={slot}>
          <div id="app-content">
            <button onClick={() => setOpen(true)}>Supprimer</button>
          </div>
          <ModalRoot />
          <Modal open={open} onClose={() => setOpen(false)} title="Supprimer ce chapitre ?">
            <button onClick={() => setOpen(false)}>Annuler</button>
          </Modal>
          <BottomDock slotRef={setSlot}>
            <section aria-label="Installer Chapitres">
              <button>Installer</button>
            </section>
          </BottomDock>
        </BottomDockSlotProvider>
      );
    }
    render(<Page />);
    const dock = document.querySelector('[data-bottom-dock]')!;
    expect(dock.hasAttribute('inert')).toBe(false);
    // Hidden (visibility) while inert, its height kept: the page behind does not move.
    expect(dock.className).toContain('inert:invisible');
    act(() => {
      const opener = screen.getByRole('button', { name: 'Supprimer' });
      opener.focus();
      opener.click();
    });
    expect(dock.hasAttribute('inert')).toBe(true);
    act(() => screen.getByRole('button', { name: 'Annuler' }).click());
    expect(dock.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Supprimer' }));
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
