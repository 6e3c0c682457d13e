// The picture picker of steps 5 (cover) and 6 (author's portrait), in two modes: "existing" (the
// pictures of the chosen chapters and the person's own photos, one choice like a radio group, or
// "Sans photo") and "upload" (a file sent to POST /images with its progress, then chosen at once).
// There is no legend field here (spec §2). A failed upload is logged; the step says it did not work.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChapterImage } from '../../../../components/ui/chapter-image';
import { Notice } from '../../../../components/ui/notice';
import { Spinner } from '../../../../components/ui/spinner';
import { useBookTarget } from '../../book-target';
import {
  uploadOwnPhoto,
  useOwnPhotos,
  WIZARD_ACCEPT_ATTRIBUTE,
  WIZARD_MAX_UPLOAD_MEGABYTES,
  wizardFileProblem,
  wizardKeys,
  type WizardChapter,
} from '../../wizard-requests';
import type { WizardImage } from '../../wizard-state';

type PickerMode = 'existing' | 'upload';

type UploadState =
  | { status: 'idle' }
  | { status: 'sending'; percent: number }
  | { status: 'done' }
  | { status: 'failed' }
  | { status: 'rejected'; problem: 'type' | 'size' };

interface PickerOption extends WizardImage {
  key: string;
  label: string;
}

interface ImagePickerProps {
  /** "cover" or "portrait": names the radio group so both steps never share one. */
  name: string;
  intro: string;
  /** The chosen chapters, in the book's order: their pictures are offered. */
  chapters: WizardChapter[];
  value: WizardImage | null;
  onChange: (value: WizardImage | null) => void;
}

function sameImage(a: WizardImage | null, b: WizardImage | null): boolean {
  return !!a && !!b && a.image_id === b.image_id && a.conv_id === b.conv_id;
}

export function ImagePicker({ name, intro, chapters, value, onChange }: ImagePickerProps) {
  const { t } = useTranslation('bookWizard');
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<PickerMode>('existing');
  const [upload, setUpload] = useState<UploadState>({ status: 'idle' });
  // Issue 31: preparing her book, only the chosen chapters' pictures (the contributor's photos are not hers).
  const { circle } = useBookTarget();
  const ownPhotos = useOwnPhotos(!circle);
  const fileId = useId();
  const fileHintId = useId();

  const chapterOptions: PickerOption[] = chapters.flatMap((chapter) =>
    chapter.images.map((image, index) => ({
      key: `${chapter.id}:${image.id}`,
      conv_id: chapter.id,
      image_id: image.id,
      url: image.url,
      // Its caption when it has one; its place in the chapter only without.
      label:
        image.legend?.trim() ||
        t('picker.chapterImage', { position: index + 1, title: chapter.title }),
    })),
  );
  const photoOptions: PickerOption[] = (ownPhotos.data ?? []).map((photo, index) => ({
    key: `own:${photo.id}`,
    conv_id: null,
    image_id: photo.id,
    url: photo.thumbnail_url || photo.url,
    label: photo.legend?.trim() || t('picker.ownPhoto', { position: index + 1 }),
  }));
  const options = circle ? chapterOptions : [...chapterOptions, ...photoOptions];

  async function send(file: File) {
    const problem = wizardFileProblem(file);
    if (problem) {
      setUpload({ status: 'rejected', problem });
      return;
    }
    setUpload({ status: 'sending', percent: 0 });
    try {
      const photo = await uploadOwnPhoto(file, (percent) =>
        setUpload({ status: 'sending', percent }),
      );
      // Spec §4: an uploaded file is the chosen picture at once.
      onChange({ conv_id: null, image_id: photo.id, url: photo.thumbnail_url || photo.url });
      setUpload({ status: 'done' });
      void queryClient.invalidateQueries({ queryKey: wizardKeys.photos() });
    } catch (error) {
      console.warn('Book wizard: the photo could not be uploaded', error);
      setUpload({ status: 'failed' });
    }
  }

  return (
    <>
      <p className="text-lg">{intro}</p>

      <div
        className="flex items-center gap-4 rounded-xl border-2 border-line p-3"
        data-testid="wizard-picker-chosen"
      >
        {value ? (
          <>
            <ChapterImage
              src={value.url}
              alt=""
              className="size-20 shrink-0 rounded-lg bg-brand-soft object-cover"
            />
            <p className="font-semibold">{t('picker.chosen')}</p>
          </>
        ) : (
          <p className="text-ink-muted">{t('picker.chosenNone')}</p>
        )}
      </div>

      {!circle && (
        <fieldset className="space-y-2">
          <legend className="mb-2 font-semibold">{t('picker.modeLabel')}</legend>
          <div className="flex flex-wrap gap-3">
            {(['existing', 'upload'] as const).map((option) => (
              <ChoiceLabel key={option} checked={mode === option}>
                <input
                  type="radio"
                  name={`${name}-mode`}
                  value={option}
                  checked={mode === option}
                  onChange={() => setMode(option)}
                  className="size-6 shrink-0 accent-brand"
                />
                <span className="font-semibold">{t(`picker.${option}`)}</span>
              </ChoiceLabel>
            ))}
          </div>
        </fieldset>
      )}

      {mode === 'existing' || circle ? (
        <fieldset className="space-y-3">
          <legend className="sr-only">{t('picker.photosLabel')}</legend>
          <ChoiceLabel checked={!value}>
            <input
              type="radio"
              name={`${name}-photo`}
              checked={!value}
              onChange={() => onChange(null)}
              className="size-6 shrink-0 accent-brand"
            />
            <span className="font-semibold">{t('picker.none')}</span>
          </ChoiceLabel>
          {options.length > 0 ? (
            <ul className="grid grid-cols-2 gap-3 p-1 sm:grid-cols-3">
              {options.map((option) => {
                const checked = sameImage(value, option);
                return (
                  <li key={option.key}>
                    <label
                      data-testid="wizard-photo-option"
                      data-image-id={option.image_id}
                      className={`flex h-full cursor-pointer flex-col gap-2 rounded-lg border-2 p-2 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus ${
                        checked ? 'border-brand bg-brand-soft' : 'border-line'
                      }`}
                    >
                      <ChapterImage
                        src={option.url}
                        alt=""
                        loading="lazy"
                        className="aspect-square w-full rounded-md bg-brand-soft object-cover"
                      />
                      <span className="flex items-start gap-2">
                        <input
                          type="radio"
                          name={`${name}-photo`}
                          checked={checked}
                          onChange={() =>
                            onChange({
                              conv_id: option.conv_id,
                              image_id: option.image_id,
                              url: option.url,
                            })
                          }
                          className="mt-1 size-6 shrink-0 accent-brand"
                        />
                        <span>{option.label}</span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          ) : ownPhotos.isPending && ownPhotos.fetchStatus === 'fetching' ? (
            <div className="text-brand">
              <Spinner label={t('picker.loadingPhotos')} />
            </div>
          ) : (
            <p className="text-lg">{t('picker.empty')}</p>
          )}
          {options.length > 0 && ownPhotos.isPending && ownPhotos.fetchStatus === 'fetching' && (
            <div className="text-brand">
              <Spinner size="sm" label={t('picker.loadingPhotos')} />
            </div>
          )}
        </fieldset>
      ) : (
        <div className="space-y-3">
          <label htmlFor={fileId} className="block font-semibold">
            {t('picker.fileLabel')}
          </label>
          <p id={fileHintId} className="text-ink-muted">
            {t('picker.fileHint', { max: WIZARD_MAX_UPLOAD_MEGABYTES })}
          </p>
          <input
            id={fileId}
            type="file"
            accept={WIZARD_ACCEPT_ATTRIBUTE}
            aria-describedby={fileHintId}
            disabled={upload.status === 'sending'}
            data-testid="wizard-picker-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void send(file);
            }}
            className="block min-h-target w-full rounded-lg border-2 border-line bg-surface p-2 text-base file:mr-3 file:min-h-target file:rounded-lg file:border-2 file:border-brand file:bg-brand-soft file:px-4 file:font-semibold file:text-brand-strong"
          />
          <div aria-live="polite" className="empty:hidden">
            {upload.status === 'sending' && (
              <div className="space-y-2">
                <p className="font-semibold">{t('picker.progress', { percent: upload.percent })}</p>
                <div
                  role="progressbar"
                  aria-label={t('picker.progress', { percent: upload.percent })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={upload.percent}
                  className="h-3 w-full overflow-hidden rounded-full border-2 border-line"
                >
                  <div className="h-full bg-brand" style={{ width: `${upload.percent}%` }} />
                </div>
              </div>
            )}
            {upload.status === 'done' && <Notice tone="success">{t('picker.done')}</Notice>}
            {upload.status === 'failed' && <Notice tone="error">{t('picker.failed')}</Notice>}
            {upload.status === 'rejected' && (
              <Notice tone="error">
                {t(`picker.problems.${upload.problem}`, { max: WIZARD_MAX_UPLOAD_MEGABYTES })}
              </Notice>
            )}
          </div>
        </div>
      )}
    </>
  );
}

function ChoiceLabel({ checked, children }: { checked: boolean; children: ReactNode }) {
  return (
    <label
      className={`inline-flex min-h-target cursor-pointer items-center gap-3 rounded-lg border-2 px-4 py-2 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus ${
        checked ? 'border-brand bg-brand-soft' : 'border-line bg-surface'
      }`}
    >
      {children}
    </label>
  );
}
