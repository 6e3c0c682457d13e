// Asked once, the first time the person answers by voice (issue 20): keep the sound of the answers so
// the family can hear their voice later? Yes or no; it can be changed in the profile.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

interface RecordConsentDialogProps {
  open: boolean;
  onChoose: (keep: boolean) => void;
  /** Closed without choosing: the person answers this time without the sound kept, and is asked again. */
  onDismiss: () => void;
}

export function RecordConsentDialog({ open, onChoose, onDismiss }: RecordConsentDialogProps) {
  const { t } = useTranslation('interview');
  return (
    <Modal open={open} onClose={onDismiss} title={t('recording.consent.title')}>
      <div className="space-y-4">
        <p className="text-lg">{t('recording.consent.message')}</p>
        <p className="text-base text-ink-muted">{t('recording.consent.later')}</p>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => onChoose(true)}>{t('recording.consent.yes')}</Button>
          <Button variant="secondary" onClick={() => onChoose(false)}>
            {t('recording.consent.no')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
