// Renders the toasts (react-hot-toast's useToaster): at the top, just below the header while it is on
// screen, away from the bottom where the page's actions and the docked cards are; moved to the bottom
// instead when the top would cover the control being used (a field with the keyboard open). Pause on
// hover and when the window loses focus, dismiss on click or on a swipe past 60 % of the toast's
// width, at most 20 at once.
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
  type RefObject,
} from 'react';
import { resolveValue, toast as hotToast, useToaster, type Toast } from 'react-hot-toast/headless';
import { useTranslation } from 'react-i18next';
import {
  isSwipeDismiss,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  toastKindOf,
  type ToastKind,
} from '../../lib/toast';
import { BellIcon, CheckIcon, CloseIcon, CrossCircleIcon, InfoIcon, WarningIcon } from './icons';

const kindStyles: Record<ToastKind, { box: string; Icon: typeof InfoIcon }> = {
  success: { box: 'border-success bg-success-soft', Icon: CheckIcon },
  error: { box: 'border-danger bg-danger-soft', Icon: CrossCircleIcon },
  warning: { box: 'border-warning-line bg-warning-soft', Icon: WarningIcon },
  info: { box: 'border-info bg-info-soft', Icon: InfoIcon },
  default: { box: 'border-line bg-surface', Icon: BellIcon },
};

/** Space kept between the toasts and the screen's edge, the header or the docked cards (px). */
const EDGE_GAP_PX = 12;

export type ToastEdge = 'top' | 'bottom';

interface Span {
  top: number;
  bottom: number;
}

const overlaps = (a: Span, b: Span) => a.top < b.bottom && b.top < a.bottom;

/**
 * Where the toasts go: at the top (below the header when it is on screen), unless they would cover the
 * focused control there and would not at the bottom (above the docked cards).
 */
export function chooseToastEdge(input: {
  focused: Span | null;
  regionHeight: number;
  topOffset: number;
  bottomOffset: number;
  viewportHeight: number;
}): ToastEdge {
  const { focused, regionHeight, topOffset, bottomOffset, viewportHeight } = input;
  if (!focused || regionHeight <= 0) return 'top';
  const atTop = { top: topOffset, bottom: topOffset + regionHeight };
  const atBottom = {
    top: viewportHeight - bottomOffset - regionHeight,
    bottom: viewportHeight - bottomOffset,
  };
  return overlaps(focused, atTop) && !overlaps(focused, atBottom) ? 'bottom' : 'top';
}

function dockHeight(): number {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--bottom-dock-height');
  return Number.parseFloat(value) || 0;
}

/** The control being used, if any (not the toasts' own buttons). */
function focusedControl(region: HTMLElement | null): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  if (region?.contains(active)) return null;
  return active;
}

function useToastPlacement(showing: boolean, regionRef: RefObject<HTMLElement | null>) {
  const [placement, setPlacement] = useState<{ edge: ToastEdge; top: number; bottom: number }>({
    edge: 'top',
    top: EDGE_GAP_PX,
    bottom: EDGE_GAP_PX,
  });
  const place = useCallback(() => {
    const header = document.querySelector('header');
    const headerBottom = header ? header.getBoundingClientRect().bottom : 0;
    const top = Math.max(EDGE_GAP_PX, headerBottom + EDGE_GAP_PX);
    const bottom = dockHeight() + EDGE_GAP_PX;
    const control = focusedControl(regionRef.current);
    const rect = control?.getBoundingClientRect();
    const edge = chooseToastEdge({
      focused: rect ? { top: rect.top, bottom: rect.bottom } : null,
      regionHeight: regionRef.current?.getBoundingClientRect().height ?? 0,
      topOffset: top,
      bottomOffset: bottom,
      viewportHeight: window.innerHeight,
    });
    setPlacement((current) =>
      current.edge === edge && current.top === top && current.bottom === bottom
        ? current
        : { edge, top, bottom },
    );
  }, [regionRef]);

  useLayoutEffect(() => {
    if (showing) place();
  });

  useEffect(() => {
    if (!showing) return;
    const options = { passive: true, capture: true } as const;
    window.addEventListener('scroll', place, options);
    window.addEventListener('resize', place);
    document.addEventListener('focusin', place);
    document.addEventListener('focusout', place);
    return () => {
      window.removeEventListener('scroll', place, options);
      window.removeEventListener('resize', place);
      document.removeEventListener('focusin', place);
      document.removeEventListener('focusout', place);
    };
  }, [showing, place]);

  return placement;
}

export function Toaster() {
  const { t } = useTranslation();
  const { toasts, handlers } = useToaster({ duration: TOAST_DURATION_MS });
  const { startPause, endPause } = handlers;

  useEffect(() => {
    // Someone who switched to another window has not read the message yet.
    const onVisibility = () => (document.visibilityState === 'hidden' ? startPause() : endPause());
    window.addEventListener('blur', startPause);
    window.addEventListener('focus', endPause);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('blur', startPause);
      window.removeEventListener('focus', endPause);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [startPause, endPause]);

  const visible = toasts.filter((item) => item.visible).slice(0, TOAST_LIMIT);
  const regionRef = useRef<HTMLElement>(null);
  const placement = useToastPlacement(visible.length > 0, regionRef);

  return (
    <section
      ref={regionRef}
      aria-label={t('toasts.region')}
      data-edge={placement.edge}
      style={placement.edge === 'top' ? { top: placement.top } : { bottom: placement.bottom }}
      className={`pointer-events-none @container fixed right-3 left-3 z-50 flex items-end gap-3 sm:left-auto sm:w-[26rem] ${
        placement.edge === 'top' ? 'flex-col' : 'flex-col-reverse'
      }`}
      onMouseEnter={startPause}
      onMouseLeave={endPause}
    >
      {visible.map((item) => (
        <ToastCard key={item.id} toast={item} />
      ))}
    </section>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const kind = toastKindOf(toast.id);
  const { box, Icon } = kindStyles[kind];
  const ref = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; width: number } | null>(null);
  const [offset, setOffset] = useState(0);
  // A drag that snapped back must not count as the click that dismisses.
  const dragged = useRef(false);

  const dismiss = () => hotToast.dismiss(toast.id);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    start.current = { x: event.clientX, width: ref.current?.offsetWidth ?? 0 };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (start.current) setOffset(event.clientX - start.current.x);
  }
  function onPointerEnd() {
    const swipe = start.current;
    start.current = null;
    dragged.current = Math.abs(offset) > 8;
    if (swipe && isSwipeDismiss(offset, swipe.width)) dismiss();
    else setOffset(0);
  }

  const width = start.current?.width || 1;
  return (
    <div
      ref={ref}
      {...toast.ariaProps}
      aria-atomic="true"
      onClick={() => {
        if (dragged.current) dragged.current = false;
        else dismiss();
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={{
        transform: offset ? `translateX(${offset}px)` : undefined,
        opacity: offset ? Math.max(0.2, 1 - Math.abs(offset) / width) : undefined,
      }}
      // Icon, message, close in a row; when the text is large for the width (under 20 em of room), the
      // message takes a line of its own under the icon and the close button, so no word is cut.
      className={`pointer-events-auto grid w-full cursor-pointer touch-pan-y grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-3 rounded-xl border-2 p-4 text-ink shadow-lg select-none motion-safe:animate-page-in @max-[20rem]:grid-cols-[auto_minmax(0,1fr)] ${box}`}
    >
      <Icon className="col-start-1 row-start-1 mt-0.5 shrink-0" />
      <p className="col-start-2 row-start-1 min-w-0 @max-[20rem]:col-span-2 @max-[20rem]:col-start-1 @max-[20rem]:row-start-2">
        <span className="sr-only">{t(`toasts.kind.${kind}`)} </span>
        {resolveValue(toast.message, toast)}
      </p>
      <button
        type="button"
        onClick={(event) => {
          event.stopPropagation();
          dismiss();
        }}
        className="col-start-3 row-start-1 -m-2 inline-flex min-h-target min-w-target shrink-0 items-center justify-center justify-self-end rounded-lg hover:bg-black/5 @max-[20rem]:col-start-2"
        aria-label={t('toasts.dismiss')}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
