// The premium-required dialog (spec §2): why, how many free chapters are left, the way to the plans,
// and 'Plus tard'.
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { BOOK_MIN_CHAPTERS } from '../access-rules';

export type PremiumReason = 'chapter' | 'book';

interface PremiumRequiredModalProps {
  open: boolean;
  reason: PremiumReason;
  /** Unknown (status not loaded) hides the count. */
  freeChaptersLeft: number | undefined;
  onClose: () => void;
}

export function PremiumRequiredModal({
  open,
  reason,
  freeChaptersLeft,
  onClose,
}: PremiumRequiredModalProps) {
  const { t } = useTranslation('chapters');
  return (
    <Modal open={open} onClose={onClose} title={t('premium.title')}>
      <div className="space-y-4">
        <p>
          {reason === 'book'
            ? t('premium.messageBook', { min: BOOK_MIN_CHAPTERS })
            : t('premium.messageChapter')}
        </p>
        {/* No « plus de chapitre gratuit » under a message that already says so. */}
        {freeChaptersLeft !== undefined && !(reason === 'chapter' && freeChaptersLeft === 0) && (
          <p className="text-lg font-semibold">
            {freeChaptersLeft > 0
              ? t('premium.freeLeft', { count: freeChaptersLeft })
              : t('premium.noneLeft')}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/subscription">{t('premium.cta')}</ButtonLink>
          <Button variant="secondary" onClick={onClose}>
            {t('premium.later')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
