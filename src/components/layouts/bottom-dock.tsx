// The cards fixed at the bottom of the screen (the update and install offers, a page's bar such as the
// free-chapters one) live in one dock: stacked, never over each other, and the page reserves their
// height. The dock measures itself (ResizeObserver) into the CSS variable --bottom-dock-height, which
// the shell adds to the bottom padding of <main> and to the document's scroll-padding: scrolled to the
// end, or to a control, nothing of the page stays under the cards, at any text size.
import {
  createContext,
  useContext,
  useLayoutEffect,
  useRef,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';

export const BOTTOM_DOCK_HEIGHT_VAR = '--bottom-dock-height';

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
  return (
    // Only the cards take taps (pointer-events-auto on each): the dock's empty sides let them through.
    // Under the dialogs (z-40): an open dialog is never covered by a card.
    <div
      ref={ref}
      data-bottom-dock=""
      className="pointer-events-none fixed inset-x-0 bottom-0 z-30 flex flex-col"
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
