// The wizard's progress: "Étape n sur 6" in words and as a bar that assistive technology reads too.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { WIZARD_STEP_COUNT } from '../../wizard-state';

export function WizardProgress({ step }: { step: number }) {
  const { t } = useTranslation('bookWizard');
  const labelId = useId();
  const total = WIZARD_STEP_COUNT;
  return (
    <div className="space-y-2" data-testid="book-wizard-progress">
      <p id={labelId} className="font-semibold">
        {step > 0 ? t('progress.label', { step, total }) : t('progress.notStarted', { total })}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={step > 0 ? t('progress.label', { step, total }) : undefined}
        className="h-4 w-full overflow-hidden rounded-full border-2 border-line bg-surface"
      >
        <div
          className="h-full rounded-full bg-brand transition-[width] motion-reduce:transition-none"
          style={{ width: `${(step / total) * 100}%` }}
        />
      </div>
    </div>
  );
}
