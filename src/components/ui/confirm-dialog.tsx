// A yes/no question before doing something that matters (deleting a chapter or a book, cancelling or
// restoring a subscription): the question, what it means, the answer and « Annuler », with the focus
// on the safe answer. A failure keeps the dialog open and says why in it: no connection (information)
// or another failure (error). Each feature gives its own words.
import { useRef, type ReactNode } from 'react';
import { Button, buttonClasses } from './button';
import { Modal } from './modal';
import { Notice } from './notice';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  /** What it means, under the question (which is then in bold). */
  detail?: string;
  /** The answer destroys something: a red button. */
  danger?: boolean;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  /** Why the last try failed, shown in the dialog; null when it did not fail. */
  failure: { offline: boolean; text: string } | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  detail,
  danger = false,
  confirmLabel,
  cancelLabel,
  busy,
  failure,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
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
        <p className={detail ? 'text-lg font-semibold' : 'text-lg'}>{message}</p>
        {detail && <p>{detail}</p>}
        <div aria-live="polite">
          {failure && <Notice tone={failure.offline ? 'info' : 'error'}>{failure.text}</Notice>}
        </div>
        <div data-dialog-actions className="flex flex-wrap gap-3">
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
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
