// The confirmation before deleting something (a chapter, a book): the question, what it means, « Oui,
// supprimer » and « Annuler » with the focus on Annuler. A failed deletion keeps the dialog open and says
// why in it: no connection (information) or another failure (error). Each feature gives its own words.
import { useRef } from 'react';
import { Button, buttonClasses } from './button';
import { Modal } from './modal';
import { Notice } from './notice';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  message: string;
  detail: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  /** Why the last try failed, shown in the dialog; null when it did not fail. */
  failure: { offline: boolean; text: string } | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDeleteDialog({
  open,
  title,
  message,
  detail,
  confirmLabel,
  cancelLabel,
  busy,
  failure,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      role="alertdialog"
      initialFocusRef={cancelRef}
      title={title}
    >
      <div className="space-y-4">
        <p className="text-lg font-semibold">{message}</p>
        <p>{detail}</p>
        <div aria-live="polite">
          {failure && <Notice tone={failure.offline ? 'info' : 'error'}>{failure.text}</Notice>}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="danger" onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
          <button
            ref={cancelRef}
            type="button"
            onClick={onClose}
            className={buttonClasses('secondary')}
          >
            {cancelLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
