// A yes/no question before changing the subscription. Focus starts on the safe answer; a failure keeps
// the dialog open and says why inside it.
import { useRef, type ReactNode } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy: boolean;
  /** What went wrong, already in words. */
  error?: string;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  busy,
  error,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={title}
      initialFocusRef={cancelRef}
    >
      <div className="space-y-4">
        <p className="text-lg">{message}</p>
        <div aria-live="polite">{error && <Notice tone="error">{error}</Notice>}</div>
        <div className="flex flex-wrap gap-3">
          <Button onClick={onConfirm} busy={busy}>
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
