// Renders the toasts bottom-right (react-hot-toast's useToaster): pause on hover and when the window
// loses focus, dismiss on click or on a swipe past 60 % of the toast's width, at most 20 at once.
import { useEffect, useRef, useState, type PointerEvent } from 'react';
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

  return (
    <section
      aria-label={t('toasts.region')}
      className="pointer-events-none fixed right-3 bottom-3 left-3 z-50 flex flex-col-reverse items-end gap-3 sm:left-auto sm:w-[26rem]"
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
      className={`pointer-events-auto flex w-full cursor-pointer touch-pan-y items-start gap-3 rounded-xl border-2 p-4 text-ink shadow-lg select-none motion-safe:animate-page-in ${box}`}
    >
      <Icon className="mt-0.5 shrink-0" />
      <p className="min-w-0 flex-1">
        <span className="sr-only">{t(`toasts.kind.${kind}`)} </span>
        {resolveValue(toast.message, toast)}
      </p>
      <button
        type="button"
        onClick={(event) => {
          event.stopPropagation();
          dismiss();
        }}
        className="-m-2 inline-flex min-h-target min-w-target shrink-0 items-center justify-center rounded-lg hover:bg-black/5"
        aria-label={t('toasts.dismiss')}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
