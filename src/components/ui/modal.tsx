// Accessible dialogs, rendered into the shell's modal container: focus moves in and stays in (Tab),
// Escape or the close button closes, focus returns to where it was, and the page behind is inert.
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { dismissAllToasts } from '../../lib/toast';
import { CloseIcon } from './icons';

export const MODAL_ROOT_ID = 'modal-root';
export const APP_CONTENT_ID = 'app-content';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The container the shell renders once, outside the inert-able content. */
export function ModalRoot() {
  return <div id={MODAL_ROOT_ID} />;
}

let openModals = 0;

// The page and the bottom dock's cards (update, install, a page's bar), which sit outside the content:
// neither can be reached, nor seen over the backdrop, while a dialog is open (issue 35 #8).
const BACKGROUND = `#${APP_CONTENT_ID}, [data-bottom-dock]`;

function setBackgroundInert(inert: boolean): void {
  for (const element of document.querySelectorAll(BACKGROUND)) {
    if (inert) element.setAttribute('inert', '');
    else element.removeAttribute('inert');
  }
}

function focusableIn(node: HTMLElement): HTMLElement[] {
  return [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute('inert'),
  );
}

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Receives focus on open; defaults to the first focusable element after the title. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Role 'alertdialog' for confirmations of irreversible actions. */
  role?: 'dialog' | 'alertdialog';
  /**
   * A long dialog (the book wizard's steps): never taller than the screen — the whole height of a
   * phone — its children laid out in a column that fills it, so they can scroll a part of themselves
   * and keep their buttons in view (see wizard-step-modal.tsx).
   */
  sheet?: boolean;
}

export function Modal({ open, ...props }: ModalProps) {
  return open ? <ModalDialog {...props} /> : null;
}

function ModalDialog({
  onClose,
  title,
  children,
  initialFocusRef,
  role = 'dialog',
  sheet = false,
}: Omit<ModalProps, 'open'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  // Chosen once: a dialog open on the very first render runs before the shell's container exists, and
  // switching containers later would remount the dialog and lose what was typed in it.
  const [container] = useState(() => document.getElementById(MODAL_ROOT_ID) ?? document.body);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    openModals += 1;
    setBackgroundInert(true);
    // The page's toasts belong to the page: none sits over the dialog (issue 29).
    dismissAllToasts();
    if (dialog) {
      const focusables = focusableIn(dialog);
      // The close button comes first in the DOM; start on the content when there is some.
      const target = initialFocusRef?.current ?? focusables[1] ?? focusables[0] ?? dialog;
      target.focus();
    }
    return () => {
      openModals -= 1;
      if (openModals === 0) setBackgroundInert(false);
      // Back where it was; a dialog that opened by itself (nothing focused before) or whose opener is
      // gone gives it to the page's content rather than leave it on <body> (issue 35 #9).
      if (previous?.isConnected && previous !== document.body) previous.focus();
      else if (openModals === 0)
        document.querySelector<HTMLElement>('main[tabindex]')?.focus({ preventScroll: true });
    };
    // Runs once per opening: the initial focus is decided when the dialog appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusables = focusableIn(dialogRef.current);
    if (focusables.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className={
        sheet
          ? 'fixed inset-0 z-40 flex items-end justify-center bg-ink/60 sm:items-center sm:p-6'
          : 'fixed inset-0 z-40 flex items-end justify-center bg-ink/60 p-3 sm:items-center sm:p-6'
      }
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-sheet={sheet || undefined}
        className={
          sheet
            ? 'relative flex h-full w-full max-w-xl flex-col bg-surface p-5 pb-0 shadow-xl sm:h-auto sm:max-h-full sm:rounded-2xl sm:p-7 sm:pb-0'
            : 'relative my-auto max-h-full w-full max-w-xl overflow-y-auto overscroll-contain rounded-2xl bg-surface p-5 shadow-xl sm:p-7'
        }
      >
        <button
          type="button"
          onClick={() => onCloseRef.current()}
          className="absolute top-3 right-3 inline-flex min-h-target min-w-target items-center justify-center rounded-lg text-ink hover:bg-brand-soft"
          aria-label={t('modals.close')}
        >
          <CloseIcon />
        </button>
        <h2 id={titleId} className="mb-4 pr-12 text-2xl">
          {title}
        </h2>
        {sheet ? <div className="flex min-h-0 flex-1 flex-col">{children}</div> : children}
      </div>
    </div>,
    container,
  );
}
