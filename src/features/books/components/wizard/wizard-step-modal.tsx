// One step of the book wizard as a dialog: its title, the progress, the step's content, and Back /
// Continue at the bottom. The close button (and Escape) closes the dialog back to the introduction,
// keeping everything chosen and typed. Enter in a one-line field continues, as in any form.
// On a phone the step fills the screen (a sheet, never taller than it): the step's content scrolls by
// itself — no list scrolls inside it — and Back / Continue stay in view below it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import type { WizardStep } from '../../wizard-state';
import { WizardProgress } from './wizard-progress';

interface WizardStepModalProps {
  step: WizardStep;
  title: string;
  onClose: () => void;
  onBack: () => void;
  onContinue: () => void;
  /** The last step says "Créer le livre". */
  continueLabel?: string;
  /** Step 1 has no step before it: its left button cancels. */
  backLabel?: string;
  busy?: boolean;
  children: ReactNode;
}

export function WizardStepModal({
  step,
  title,
  onClose,
  onBack,
  onContinue,
  continueLabel,
  backLabel,
  busy = false,
  children,
}: WizardStepModalProps) {
  const { t } = useTranslation('bookWizard');
  return (
    <Modal open sheet onClose={() => (busy ? undefined : onClose())} title={title}>
      <form
        noValidate
        data-testid={`book-wizard-step-${step}`}
        className="flex min-h-0 flex-1 flex-col"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onContinue();
        }}
      >
        <div
          data-testid="book-wizard-scroll"
          className="-mx-2 min-h-0 flex-1 space-y-5 overflow-y-auto px-2 pb-5"
        >
          <WizardProgress step={step} />
          <div className="space-y-4">{children}</div>
        </div>
        <div
          data-testid="book-wizard-footer"
          className="flex shrink-0 flex-wrap-reverse justify-between gap-3 border-t-2 border-line py-4 sm:pb-7"
        >
          <Button
            variant="secondary"
            onClick={onBack}
            disabled={busy}
            data-testid="book-wizard-back"
          >
            {backLabel ?? t('nav.back')}
          </Button>
          <Button type="submit" busy={busy} data-testid="book-wizard-continue">
            {continueLabel ?? t('nav.continue')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
