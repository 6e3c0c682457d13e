// « Ajouter une photo » (contributors): a photo one has, with a caption, offered to her for this
// chapter; she accepts or declines it. Sent at once with its progress (src/lib/upload.ts), so online only.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { useConnectivity } from '../../../offline/connectivity';
import { isNetworkError } from '../api/circle-errors';
import { useOfferPhoto } from '../api/photos';

const MAX_LEGEND = 300;

export function AddPhoto({
  storytellerId,
  chapterId,
  name,
}: {
  storytellerId: string;
  chapterId: string;
  name: string;
}) {
  const { t } = useTranslation('circle');
  const { online } = useConnectivity();
  const [progress, setProgress] = useState<number | null>(null);
  const offer = useOfferPhoto(storytellerId, chapterId, setProgress);
  const [file, setFile] = useState<File | null>(null);
  const [legend, setLegend] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem(t('photo.noFile'));
    if (!file.type.startsWith('image/')) return setProblem(t('photo.notImage'));
    setProblem(null);
    setSent(false);
    offer.mutate(
      { file, legend },
      {
        onSuccess: () => {
          setSent(true);
          setFile(null);
          setLegend('');
          setProgress(null);
          if (input.current) input.current.value = '';
        },
        onError: (error) => {
          setProgress(null);
          setProblem(t(isNetworkError(error) ? 'photo.offline' : 'photo.failed'));
        },
      },
    );
  };

  return (
    <section aria-labelledby="circle-photo-title" className="max-w-prose space-y-4">
      <h2 id="circle-photo-title" className="text-2xl">
        {t('photo.title')}
      </h2>
      <p className="text-lg">{t('photo.lead', { name })}</p>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div>
          <label htmlFor="circle-photo-file" className="mb-1 block text-lg font-semibold">
            {t('photo.file')}
          </label>
          <input
            ref={input}
            id="circle-photo-file"
            type="file"
            accept="image/*"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setSent(false);
            }}
            className="block min-h-target w-full text-lg"
          />
        </div>
        <TextField
          label={t('photo.legend')}
          hint={t('photo.legendHint')}
          value={legend}
          maxLength={MAX_LEGEND}
          onChange={(event) => setLegend(event.target.value)}
        />
        <div aria-live="polite" className="space-y-2">
          {progress !== null && offer.isPending && (
            <p>{t('photo.progress', { percent: progress })}</p>
          )}
          {!online && <Notice tone="info">{t('photo.offline')}</Notice>}
          {problem && <Notice tone="error">{problem}</Notice>}
          {sent && <Notice tone="success">{t('photo.sent', { name })}</Notice>}
        </div>
        <Button type="submit" busy={offer.isPending} disabled={!online} className="text-lg">
          {t('photo.send')}
        </Button>
      </form>
    </section>
  );
}
