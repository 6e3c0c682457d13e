// Confirms replacing a picture by a new illustration: the new one takes the old one's place and
// legend, and the old one is removed (docs/decisions.md). It may be a person's own photo, so it is
// never replaced without asking.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import type { ManagedImage } from '../order';
import { ImagePreview } from './image-preview';

interface ReplaceImageDialogProps {
  image: ManagedImage | null;
  onConfirm: (image: ManagedImage) => void;
  onClose: () => void;
}

export function ReplaceImageDialog({ image, onConfirm, onClose }: ReplaceImageDialogProps) {
  const { t } = useTranslation('images');
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={image !== null}
      onClose={onClose}
      initialFocusRef={cancelRef}
      title={t('replace.title', { position: image?.position ?? 0 })}
    >
      {image && (
        <div className="space-y-4">
          <ImagePreview
            src={image.url}
            alt={image.legend || t('card.alt', { position: image.position })}
          />
          <p className="text-lg">{t('replace.message')}</p>
          <p>{t('replace.detail')}</p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => onConfirm(image)}>{t('replace.confirm')}</Button>
            <button
              ref={cancelRef}
              type="button"
              onClick={onClose}
              className={buttonClasses('secondary')}
            >
              {t('replace.cancel')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
