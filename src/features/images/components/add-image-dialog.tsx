// Adding a photo: choose a file (JPEG, PNG or WebP, checked here before anything is sent), see it, give
// it an optional legend, send it with the progress in percent. The send button appears only once a
// valid file is chosen. The legend typed is kept in a draft until the photo is sent.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-message';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { inputClasses } from '../../../components/ui/text-field';
import { useDraft } from '../../../offline/use-draft';
import { imageFailure, isAbortError, type ImageProblem } from '../api/image-errors';
import { MAX_LEGEND_LENGTH, type ChapterImageResponse } from '../api/types';
import { uploadChapterImage } from '../api/upload-image';
import {
  ACCEPT_ATTRIBUTE,
  checkImageFile,
  MAX_UPLOAD_MEGABYTES,
  type FileProblem,
} from '../file-check';
import { PhotoIcon } from './icons';

interface AddImageDialogProps {
  open: boolean;
  conversationId: string;
  onClose: () => void;
  onUploaded: (image: ChapterImageResponse) => void;
  /** The server says the chapter is full (409 max_images_reached). */
  onMaxReached: () => void;
}

export function AddImageDialog({ open, onClose, ...props }: AddImageDialogProps) {
  const { t } = useTranslation('images');
  return (
    <Modal open={open} onClose={onClose} title={t('add.title')}>
      <AddImageForm onClose={onClose} {...props} />
    </Modal>
  );
}

interface UploadVariables {
  file: File;
  legend: string;
  signal: AbortSignal;
}

function createPreviewUrl(file: File): string | null {
  try {
    return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
  } catch {
    return null;
  }
}

function AddImageForm({
  conversationId,
  onClose,
  onUploaded,
  onMaxReached,
}: Omit<AddImageDialogProps, 'open'>) {
  const { t } = useTranslation('images');
  const fileId = useId();
  const fileHintId = useId();
  const fileErrorId = useId();
  const legendId = useId();
  const progressId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<FileProblem | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const [legend, setLegend, clearLegend] = useDraft(`legend:new-${conversationId}`);
  const abort = useRef<AbortController | null>(null);

  const upload = useMutation({
    mutationFn: ({ file, legend, signal }: UploadVariables) =>
      uploadChapterImage(conversationId, { file, legend, signal, onProgress: setProgress }),
    // The dialog says what went wrong; a 401 still signs out (query-client.ts).
    meta: { globalErrorToast: false },
  });

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL?.(preview);
  }, [preview]);

  // Closing the dialog while sending stops the upload.
  useEffect(() => () => abort.current?.abort(), []);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setProblem(null);
    setProgress(null);
    setPreview(null);
    if (!chosen) {
      setFile(null);
      setFileProblem(null);
      return;
    }
    const check = checkImageFile(chosen);
    setFileProblem(check);
    setFile(check ? null : chosen);
    if (!check) setPreview(createPreviewUrl(chosen));
  }

  function send() {
    if (!file || upload.isPending) return;
    const controller = new AbortController();
    abort.current = controller;
    setProblem(null);
    setProgress(0);
    upload.mutate(
      { file, legend, signal: controller.signal },
      {
        onSuccess: (image) => {
          abort.current = null;
          void clearLegend();
          onUploaded(image);
        },
        onError: (error) => {
          abort.current = null;
          setProgress(null);
          if (isAbortError(error)) return;
          console.error('Uploading the image failed', error);
          const failure = imageFailure(error);
          if (failure.kind === 'maxImages') onMaxReached();
          else setProblem(failure.problem);
        },
      },
    );
  }

  function stop() {
    abort.current?.abort();
  }

  const sending = upload.isPending;

  return (
    <div className="space-y-5">
      <p>{t('add.intro')}</p>
      <div>
        <label htmlFor={fileId} className="mb-1 block text-lg font-semibold">
          {t('add.fileLabel')}
        </label>
        <p id={fileHintId} className="mb-2 text-ink-muted">
          {t('add.fileHint', { max: MAX_UPLOAD_MEGABYTES })}
        </p>
        <input
          id={fileId}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          onChange={choose}
          disabled={sending}
          aria-describedby={`${fileHintId} ${fileErrorId}`}
          aria-invalid={fileProblem ? true : undefined}
          className="block w-full text-base file:mr-4 file:min-h-target file:cursor-pointer file:rounded-lg file:border-2 file:border-brand file:bg-brand-soft file:px-5 file:py-2 file:text-base file:font-semibold file:text-brand-strong"
        />
        <FieldError id={fileErrorId}>
          {fileProblem && t(`add.fileProblems.${fileProblem}`, { max: MAX_UPLOAD_MEGABYTES })}
        </FieldError>
      </div>

      {file && preview && (
        <img
          src={preview}
          alt={t('add.previewAlt')}
          className="max-h-64 w-full rounded-lg border-2 border-line bg-brand-soft object-contain"
        />
      )}
      {file && !preview && (
        <p className="flex items-center gap-2 font-semibold">
          <PhotoIcon />
          {file.name}
        </p>
      )}

      <div>
        <label htmlFor={legendId} className="mb-1 block font-semibold">
          {t('add.legendLabel')}
        </label>
        <textarea
          id={legendId}
          value={legend}
          onChange={(event) => setLegend(event.target.value)}
          maxLength={MAX_LEGEND_LENGTH}
          rows={2}
          readOnly={sending}
          placeholder={t('legend.placeholder')}
          className={`${inputClasses} block resize-y leading-relaxed`}
        />
      </div>

      {progress !== null && (
        <div className="space-y-2">
          <label htmlFor={progressId} className="block font-semibold">
            {t('add.progress', { percent: progress })}
          </label>
          <progress id={progressId} max={100} value={progress} className="h-4 w-full accent-brand">
            {progress} %
          </progress>
        </div>
      )}
      <div aria-live="polite" className="sr-only">
        {sending ? t('add.sending') : ''}
      </div>
      <div aria-live="polite">
        {problem && (
          <Notice tone={problem === 'offline' ? 'info' : 'error'} title={t('add.failedTitle')}>
            {t(`problems.${problem}`)}
          </Notice>
        )}
      </div>

      <div className="flex flex-wrap gap-3">
        {file && !sending && (
          <Button onClick={send}>
            <PhotoIcon />
            {t('add.send')}
          </Button>
        )}
        {sending ? (
          <Button variant="secondary" onClick={stop}>
            {t('add.stop')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            {t('add.cancel')}
          </Button>
        )}
      </div>
    </div>
  );
}
