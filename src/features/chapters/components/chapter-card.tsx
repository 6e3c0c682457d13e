// One chapter in the list: its first picture (or the default one), title, author for multi-users
// accounts, start date, and the consult and delete actions. The title link is stretched over the whole
// card so a click anywhere opens it, while the buttons stay separate controls above it.
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import type { PendingChapterEdits } from '../../../offline/pending-chapter-edits';
import { isOnline } from '../../../offline/connectivity';
import type { Chapter } from '../chapter';
import { TrashIcon } from '../../../components/ui/icons';
import { OpenIcon } from './icons';
import { formatLongDate } from '../../../lib/intl';
import { keepTogether } from '../../../lib/typography';

export const CHAPTER_PLACEHOLDER_IMAGE = '/images/chapter-placeholder.svg';

interface ChapterCardProps {
  chapter: Chapter;
  /** The first card is full width and larger. */
  featured: boolean;
  showAuthor: boolean;
  /** This device's waiting corrections: shown at once, with a mark until the server has them. */
  pending: PendingChapterEdits;
  onDelete: (chapter: Chapter) => void;
  /** True until the first card's picture is shown: the others then take no bandwidth from it. */
  deferPicture?: boolean;
  /** Called once this card's picture has loaded or failed. */
  onPictureSettled?: () => void;
}

/** What the card's picture tries: the renditions to choose from, then the picture alone, then none. */
type ImageStage = 'chosen' | 'full' | 'placeholder';

/**
 * Cards load the picture's 1200 px display rendition, not the picture itself (a drawn picture is a PNG of
 * 1–3 MB). The smaller cards (a third or half of the width from tablets up, 10 rem tall) offer the 400 px
 * rendition beside it, and the browser takes what the card's width and the screen's density need. A
 * rendition that fails (pictures stored before it existed, or never seen here while offline) gives way to
 * the picture itself.
 */
function cardPicture(
  chapter: Pick<Chapter, 'imageURL' | 'thumbnailURL' | 'displayURL'>,
  featured: boolean,
  stage: ImageStage,
): { src: string; srcSet?: string; sizes?: string } {
  if (!chapter.imageURL || stage === 'placeholder') return { src: CHAPTER_PLACEHOLDER_IMAGE };
  if (stage === 'full') return { src: chapter.imageURL };
  const large = chapter.displayURL ?? chapter.imageURL;
  if (featured || !chapter.thumbnailURL) return { src: large };
  return {
    src: large,
    srcSet: `${chapter.thumbnailURL} 400w, ${large} 1200w`,
    sizes: '(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw',
  };
}

export function chapterPath(chapter: Pick<Chapter, 'conversationID'>): string {
  return `/conversations/${encodeURIComponent(chapter.conversationID)}`;
}

/**
 * Memoised: the home page draws again as each of its other calls answers (access, books, onboarding), and
 * ten cards drawn again each time were most of its work on a slow phone.
 */
export const ChapterCard = memo(function ChapterCard({
  chapter,
  featured,
  showAuthor,
  pending,
  onDelete,
  deferPicture = false,
  onPictureSettled,
}: ChapterCardProps) {
  const { t } = useTranslation('chapters');
  const titleId = useId();
  const [imageStage, setImageStage] = useState<ImageStage>('chosen');
  const title = pending.title || chapter.title || t('card.untitled');
  const date = formatLongDate(chapter.creationTimestamp);
  const picture = cardPicture(chapter, featured, imageStage);

  return (
    <article
      aria-labelledby={titleId}
      className={`relative flex h-full overflow-hidden rounded-2xl border-2 border-line bg-surface shadow-sm transition-colors hover:border-brand ${
        featured ? 'flex-col md:min-h-[26rem] md:flex-row' : 'min-h-[300px] flex-col'
      }`}
    >
      <img
        src={deferPicture ? undefined : picture.src}
        srcSet={deferPicture ? undefined : picture.srcSet}
        sizes={deferPicture ? undefined : picture.sizes}
        alt=""
        loading={featured ? 'eager' : 'lazy'}
        // The first card's picture is usually the largest thing on the first screen.
        fetchPriority={featured ? 'high' : 'low'}
        decoding="async"
        onLoad={onPictureSettled}
        onError={() => {
          onPictureSettled?.();
          if (picture.src === CHAPTER_PLACEHOLDER_IMAGE) return;
          // A rendition may be missing (an older picture, or offline and never shown here): try the
          // picture itself.
          if (imageStage === 'chosen' && (picture.srcSet || picture.src !== chapter.imageURL)) {
            setImageStage('full');
            return;
          }
          setImageStage('placeholder');
          // Offline, a picture that was never cached is expected to be missing.
          if (isOnline()) toast.error(t('card.imageFailed'));
        }}
        className={`w-full bg-brand-soft object-cover ${
          featured ? 'h-64 sm:h-80 md:h-auto md:w-3/5' : 'h-40'
        }`}
      />
      <div className={`flex flex-1 flex-col gap-2 ${featured ? 'p-5 sm:p-7' : 'p-4'}`}>
        <h3 id={titleId} className={featured ? 'text-3xl sm:text-4xl' : 'text-2xl'}>
          <Link
            to={chapterPath(chapter)}
            className="text-ink no-underline after:absolute after:inset-0 after:content-[''] hover:text-brand"
          >
            {keepTogether(title)}
          </Link>
        </h3>
        {showAuthor && chapter.conv_author && (
          <p className="font-semibold text-ink-muted">
            {t('card.by', { author: chapter.conv_author })}
          </p>
        )}
        {date && <p className="text-ink-muted">{t('card.startedOn', { date })}</p>}
        {pending.count > 0 && (
          <p className="self-start rounded-full bg-warning-soft px-3 py-1 font-semibold text-warning-ink">
            {t('card.pending')}
          </p>
        )}
        <div className="relative z-10 mt-auto flex flex-wrap gap-3 pt-2">
          <ButtonLink
            to={chapterPath(chapter)}
            variant={featured ? 'primary' : 'secondary'}
            aria-describedby={titleId}
          >
            <OpenIcon />
            {t('card.open')}
          </ButtonLink>
          <Button variant="ghost" aria-describedby={titleId} onClick={() => onDelete(chapter)}>
            <TrashIcon />
            {t('card.delete')}
          </Button>
        </div>
      </div>
    </article>
  );
});
