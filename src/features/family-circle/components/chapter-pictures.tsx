// A released chapter's pictures as a member sees them: each with its caption and, when a member gave
// it, « photo de Marie ».
import { useTranslation } from 'react-i18next';
import type { CirclePicture } from '@contract/circle';
import { ChapterImage } from '../../../components/ui/chapter-image';

export function CircleChapterPictures({ pictures }: { pictures: CirclePicture[] }) {
  const { t } = useTranslation('circle');
  if (pictures.length === 0) return null;
  const ordered = [...pictures].sort((a, b) => a.position - b.position);
  return (
    <section aria-label={t('chapter.pictures')}>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2">
        {ordered.map((picture, index) => (
          <li key={picture.id} className={index === 0 ? 'sm:col-span-2' : undefined}>
            <figure className="space-y-2">
              <ChapterImage
                src={index === 0 ? picture.url : picture.thumbnail_url || picture.url}
                alt={picture.legend || t('chapter.pictureAlt', { position: picture.position })}
                loading={index === 0 ? 'eager' : 'lazy'}
                className="max-h-[28rem] w-full rounded-2xl bg-brand-soft object-cover"
              />
              {(picture.legend || picture.credit) && (
                <figcaption className="text-lg text-ink-muted">
                  {picture.legend}
                  {picture.legend && picture.credit && ' — '}
                  {picture.credit && (
                    <span className="italic">{t('chapter.credit', { name: picture.credit })}</span>
                  )}
                </figcaption>
              )}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
