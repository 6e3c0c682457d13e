// Confirms deleting one picture (DELETE /conversations/{id}/images/{imageId}). Focus starts on
// « Annuler »; a failure keeps the dialog open and says why in plain words.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import type { ImageProblem } from '../api/image-errors';
import type { ManagedImage } from '../order';
import { ImagePreview } from './image-preview';

interface DeleteImageDialogProps {
  image: ManagedImage | null;
  busy: boolean;
  problem: ImageProblem | null;
  onConfirm: (image: ManagedImage) => void;
  onClose: () => void;
}

export function DeleteImageDialog({
  image,
  busy,
  problem,
  onConfirm,
  onClose,
}: DeleteImageDialogProps) {
  const { t } = useTranslation('images');
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={image !== null}
      onClose={onClose}
      role="alertdialog"
      initialFocusRef={cancelRef}
      title={t('delete.title', { position: image?.position ?? 0 })}
    >
      {image && (
        <div className="space-y-4">
          <ImagePreview
            src={image.url}
            alt={image.legend || t('card.alt', { position: image.position })}
          />
          <p className="text-lg font-semibold">{t('delete.message')}</p>
          <p>{t('delete.detail')}</p>
          <div aria-live="polite">
            {problem && (
              <Notice tone={problem === 'offline' ? 'info' : 'error'}>
                {t(`problems.${problem}`)}
              </Notice>
            )}
          </div>
          <div className="flex flex-wrap gap-3">
            <Button variant="danger" busy={busy} onClick={() => onConfirm(image)}>
              {t('delete.confirm')}
            </Button>
            <button
              ref={cancelRef}
              type="button"
              onClick={onClose}
              className={buttonClasses('secondary')}
            >
              {t('delete.cancel')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
