// The chapter's pictures on its page: the main one (position 1) large, the others as thumbnails that
// can be shown large. A picture that fails to load is replaced by the default one and the person is
// told once ('Impossible de charger l'image', spec §8) — offline, a picture never cached is expected.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChapterImageWire } from '../../../lib/conversation-query';
import { toast } from '../../../lib/toast';
import { isOnline } from '../../../offline/connectivity';

export const DEFAULT_IMAGE = '/images/default-image.svg';

function ChapterPicture({
  image,
  alt,
  className,
  eager,
}: {
  image: ChapterImageWire;
  alt: string;
  className: string;
  eager?: boolean;
}) {
  const { t } = useTranslation('conversation');
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? DEFAULT_IMAGE : image.url}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      data-failed={failed || undefined}
      onError={() => {
        if (failed) return;
        setFailed(true);
        if (isOnline()) toast.error(t('pictures.failed'));
      }}
      className={className}
    />
  );
}

export function ChapterPictures({ images }: { images: ChapterImageWire[] }) {
  const { t } = useTranslation('conversation');
  const [shownId, setShownId] = useState<string | null>(null);
  if (images.length === 0) return null;
  const shown = images.find((image) => image.id === shownId) ?? images[0]!;
  const altOf = (image: ChapterImageWire) =>
    image.legend || t('pictures.alt', { position: image.position });

  return (
    <section aria-label={t('pictures.main')} className="space-y-3">
      <figure className="space-y-2">
        <ChapterPicture
          key={shown.id}
          image={shown}
          alt={altOf(shown)}
          eager
          className="max-h-[28rem] w-full rounded-2xl bg-brand-soft object-cover"
        />
        {shown.legend && <figcaption className="text-lg text-ink-muted">{shown.legend}</figcaption>}
      </figure>
      {images.length > 1 && (
        <ul className="flex flex-wrap gap-3">
          {images.map((image) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => setShownId(image.id)}
                aria-pressed={image.id === shown.id}
                aria-label={t('pictures.show', { position: image.position })}
                className={`block overflow-hidden rounded-xl border-4 ${
                  image.id === shown.id ? 'border-brand' : 'border-transparent'
                }`}
              >
                <ChapterPicture
                  image={image}
                  alt=""
                  className="size-20 bg-brand-soft object-cover sm:size-24"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
