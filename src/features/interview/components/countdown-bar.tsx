// The auto-send countdown as an accessible progress bar with its words, and a way to stop it
// (WCAG 2.2.1: a time limit the person can turn off).
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { secondsLeft } from '../countdown';

interface CountdownBarProps {
  progress: number;
  onCancel: () => void;
}

export function CountdownBar({ progress, onCancel }: CountdownBarProps) {
  const { t } = useTranslation('interview');
  const text = t('countdown.text', { count: secondsLeft(progress) });
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border-2 border-info bg-surface p-3">
      <div className="min-w-0 grow basis-48 space-y-1">
        <p className="font-semibold">{text}</p>
        <div
          role="progressbar"
          aria-label={t('countdown.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
          aria-valuetext={text}
          className="h-3 w-full overflow-hidden rounded-full border border-info bg-info-soft"
        >
          <div className="h-full bg-info" style={{ width: `${progress}%` }} />
        </div>
      </div>
      <Button variant="secondary" onClick={onCancel}>
        {t('countdown.cancel')}
      </Button>
    </div>
  );
}
