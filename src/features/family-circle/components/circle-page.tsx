// /circles/:storytellerId: her released chapters, newest release first (title, first lines, picture),
// read from the device's copy (Dexie) when offline or when the request fails; a contributor also asks
// her questions here. Two places for the app to compose into: `bookSlot` (a contributor she allowed to
// make a book) and `giftSlot` (any member, in a calm section at the end).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CircleChapterSummary } from '@contract/circle';
import { PageHeader } from '../../../components/layouts/page';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ChapterImage } from '../../../components/ui/chapter-image';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatLongDate } from '../../../lib/intl';
import { useConnectivity } from '../../../offline/connectivity';
import { byNewestRelease, useCircleChapters } from '../api/circle-chapters';
import { isNetworkError } from '../api/circle-errors';
import { useForgetWhenRemoved } from '../hooks/use-forget-when-removed';
import { useMembershipOrCopy, useStoredCircleChapters } from '../hooks/use-stored-circle';
import { QuestionSection } from './question-section';
import { RemovedNotice } from './removed-notice';

function ChapterSummaryCard({
  chapter,
  storytellerId,
}: {
  chapter: CircleChapterSummary;
  storytellerId: string;
}) {
  const { t } = useTranslation('circle');
  const title = chapter.title || t('circle.untitled');
  return (
    <article className="flex h-full flex-col gap-3 overflow-hidden rounded-2xl border-2 border-line bg-surface">
      {chapter.thumbnail_url && (
        <ChapterImage
          src={chapter.thumbnail_url}
          alt=""
          loading="lazy"
          className="h-48 w-full bg-brand-soft object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-2xl">
          <Link
            to={`/circles/${storytellerId}/chapters/${chapter.id}`}
            className="block min-h-target"
          >
            {title}
          </Link>
        </h3>
        <p className="text-ink-muted">
          {t('circle.releasedOn', {
            date: formatLongDate(chapter.released_at) ?? chapter.released_at,
          })}
        </p>
        <p className="line-clamp-4 font-serif text-lg">{chapter.first_lines}</p>
      </div>
    </article>
  );
}

interface CirclePageProps {
  storytellerId: string;
  /** Shown only to a contributor she allowed to make a book (`can_make_book`). */
  bookSlot?: ReactNode;
  /** Shown to any member, in a calm section at the end of the page. */
  giftSlot?: ReactNode;
}

export function CirclePage({ storytellerId, bookSlot, giftSlot }: CirclePageProps) {
  const { t } = useTranslation('circle');
  const { online } = useConnectivity();
  const chapters = useCircleChapters(storytellerId);
  const stored = useStoredCircleChapters(storytellerId);
  const membership = useMembershipOrCopy(storytellerId);
  const removed = useForgetWhenRemoved(storytellerId, chapters.error);

  if (removed) return <RemovedNotice />;

  const name = membership?.storyteller_name;
  const unreachable =
    !online || isNetworkError(chapters.error) || chapters.fetchStatus === 'paused';
  // No answer from the server (offline, or the request failed): the device's copy, if it has one.
  const noAnswer = !chapters.data && (unreachable || chapters.isError);
  const shown = chapters.data?.data ?? (noAnswer ? (stored ?? undefined) : undefined);

  let body;
  if (shown) {
    const list = byNewestRelease(shown);
    body = (
      <>
        {(noAnswer || unreachable) && (
          <Notice tone="info">{t(unreachable ? 'circle.offlineNote' : 'circle.staleNote')}</Notice>
        )}
        {list.length === 0 ? (
          <p className="max-w-prose text-lg">
            {t('circle.empty', { name: name ?? t('circle.titleUnknown') })}
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2">
            {list.map((chapter) => (
              <li key={chapter.id}>
                <ChapterSummaryCard chapter={chapter} storytellerId={storytellerId} />
              </li>
            ))}
          </ul>
        )}
      </>
    );
  } else if (noAnswer && stored !== undefined) {
    body = (
      <div className="space-y-4">
        <Notice tone={unreachable ? 'info' : 'error'} role="alert">
          {t(unreachable ? 'circle.offlineEmpty' : 'circle.loadError')}
        </Notice>
        <Button variant="secondary" onClick={() => void chapters.refetch()}>
          {t('circle.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <p className="flex items-center gap-3 text-lg" role="status">
        <Spinner /> {t('circle.loading')}
      </p>
    );
  }

  return (
    <div className="space-y-10">
      <div>
        <PageHeader title={name ? t('circle.title', { name }) : t('circle.titleUnknown')} />
        <section aria-labelledby="circle-chapters-title" className="space-y-4">
          <h2 id="circle-chapters-title" className="text-2xl">
            {t('circle.chapters')}
          </h2>
          {body}
        </section>
      </div>
      {membership?.role === 'contributor' && name && (
        <QuestionSection storytellerId={storytellerId} name={name} />
      )}
      {bookSlot && membership?.role === 'contributor' && membership.can_make_book && bookSlot}
      <ButtonLink to="/circles" variant="secondary">
        {t('circle.myCircles')}
      </ButtonLink>
      {giftSlot && <div className="border-t-2 border-line pt-8">{giftSlot}</div>}
    </div>
  );
}
