// The cards fixed at the bottom of the screen (the update and install offers, a page's bar such as the
// free-chapters one) live in one dock: stacked, never over each other, and the page reserves their
// height. The dock measures itself (ResizeObserver) into the CSS variable --bottom-dock-height, which
// the shell adds to the bottom padding of <main> and to the document's scroll-padding: scrolled to the
// end, or to a control, nothing of the page stays under the cards, at any text size.
// Issue 35 #8 (focus not obscured): the browser does not always scroll a focused control out from under
// a fixed card (it counts as "in view"), so the dock does it: a control that takes the focus under the
// cards is scrolled just above them. While a dialog is open the dock is inert and hidden (modal.tsx
// marks it), so no card is ever over a dialog's backdrop or reachable from inside it.
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';

export const BOTTOM_DOCK_HEIGHT_VAR = '--bottom-dock-height';
/** The attribute that marks the dock (modal.tsx makes it inert while a dialog is open). */
export const BOTTOM_DOCK_SELECTOR = '[data-bottom-dock]';
/** Room left between a focused control and the cards above which it is brought. */
const FOCUS_CLEARANCE_PX = 12;

/** The dock's slot for a page's bar; undefined outside a shell (the bar then stays in the page's flow). */
const BottomDockSlotContext = createContext<HTMLElement | null | undefined>(undefined);

function setReservedHeight(height: number): void {
  document.documentElement.style.setProperty(BOTTOM_DOCK_HEIGHT_VAR, `${Math.ceil(height)}px`);
}

/** Keeps --bottom-dock-height equal to the element's height while it is mounted. */
function useReserveHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setReservedHeight(element.getBoundingClientRect().height);
    measure();
    if (typeof ResizeObserver === 'undefined') return () => setReservedHeight(0);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      setReservedHeight(0);
    };
  }, [ref]);
}

/**
 * How far the page must scroll so that `target` sits above `dockTop` (0: it is clear, or cannot be
 * helped: taller than the room left, or the page's own container). Never scrolls its top out of view.
 */
export function scrollNeededToClear(target: DOMRect, dockTop: number): number {
  const room = dockTop - FOCUS_CLEARANCE_PX;
  if (target.bottom <= room || target.height >= room) return 0;
  const needed = target.bottom - room;
  return Math.max(0, Math.min(needed, target.top - FOCUS_CLEARANCE_PX));
}

/** Scrolls a control that takes the focus out from under the dock's cards. */
function useKeepFocusClearOfDock(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let frame = 0;
    const check = (target: HTMLElement) => {
      const dock = ref.current;
      if (!dock || dock.hasAttribute('inert') || dock.contains(target)) return;
      if (target.tagName === 'MAIN' || target.closest('[aria-modal="true"]')) return;
      const dockRect = dock.getBoundingClientRect();
      if (dockRect.height <= 0) return;
      const delta = scrollNeededToClear(target.getBoundingClientRect(), dockRect.top);
      if (delta > 0) window.scrollBy(0, delta);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement)) return;
      const target = event.target;
      // After the browser's own scrolling to the control, if any.
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (document.activeElement === target) check(target);
      });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [ref]);
}

interface BottomDockProps {
  /** The shell's own cards (update, install), above the page's bar. */
  children: ReactNode;
  /** Receives the element where pages put their bar (see DockedBar). */
  slotRef: (element: HTMLElement | null) => void;
}

/** Rendered once by the shell, after the content. */
export function BottomDock({ children, slotRef }: BottomDockProps) {
  const ref = useRef<HTMLDivElement>(null);
  useReserveHeight(ref);
  useKeepFocusClearOfDock(ref);
  return (
    // Only the cards take taps (pointer-events-auto on each): the dock's empty sides let them through.
    // Under the dialogs (z-40), and hidden while one is open (inert, set by modal.tsx; `invisible`
    // keeps its height, so the page behind does not move).
    <div
      ref={ref}
      data-bottom-dock=""
      className="pointer-events-none fixed inset-x-0 bottom-0 z-30 flex flex-col inert:invisible"
    >
      {children}
      <div ref={slotRef} />
    </div>
  );
}

/** The provider of the dock's slot, around the shell's content. */
export function BottomDockSlotProvider({
  slot,
  children,
}: {
  slot: HTMLElement | null;
  children: ReactNode;
}) {
  return <BottomDockSlotContext.Provider value={slot}>{children}</BottomDockSlotContext.Provider>;
}

/**
 * A page's bar at the bottom of the screen, in the shell's dock (the page's content keeps clear of it).
 * Outside a shell (a page rendered on its own) it is simply part of the page.
 */
export function DockedBar({ children }: { children: ReactNode }) {
  const slot = useContext(BottomDockSlotContext);
  if (slot === undefined) return <>{children}</>;
  return slot ? createPortal(children, slot) : null;
}
