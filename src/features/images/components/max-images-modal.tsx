// Shown instead of adding or replacing when the chapter already holds the maximum of pictures (spec §2),
// and when the server answers 409 max_images_reached.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { MAX_IMAGES_PER_CHAPTER } from '../../../lib/conversation-query';

export type MaxImagesReason = 'add' | 'replace';

export function MaxImagesModal({
  reason,
  onClose,
}: {
  reason: MaxImagesReason | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('images');
  return (
    <Modal
      open={reason !== null}
      onClose={onClose}
      title={t('maxImages.title', { max: MAX_IMAGES_PER_CHAPTER })}
    >
      <div className="space-y-4">
        <p className="text-lg">{t('maxImages.message', { max: MAX_IMAGES_PER_CHAPTER })}</p>
        <p>{reason === 'replace' ? t('maxImages.replaceHint') : t('maxImages.addHint')}</p>
        <Button onClick={onClose}>{t('maxImages.ok')}</Button>
      </div>
    </Modal>
  );
}
