// /circles/:storytellerId/chapters/:id: a released chapter to read (large serif text, her pictures with
// captions and credits), the family's words under it, and for a contributor « Ajouter une photo ».
// Once opened it reads again offline, or when the request fails, from the device's copy (Dexie). A 404
// is told apart by asking for the circle's list: a 404 there too means one is no longer in the circle;
// otherwise she took it back. Either way the copy goes.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layouts/page';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatLongDate } from '../../../lib/intl';
import { useConnectivity } from '../../../offline/connectivity';
import { useCircleChapter, useCircleChapters } from '../api/circle-chapters';
import { isNetworkError, isNotFound } from '../api/circle-errors';
import { circleKeys } from '../api/circle-keys';
import { useForgetWhenRemoved } from '../hooks/use-forget-when-removed';
import { useMembershipOrCopy, useStoredCircleChapter } from '../hooks/use-stored-circle';
import { AddPhoto } from './add-photo';
import { CircleChapterPictures } from './chapter-pictures';
import { RemovedNotice } from './removed-notice';
import { WordsSection } from './words-section';

function ChapterText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n|\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className="max-w-prose space-y-4 font-serif text-xl leading-relaxed">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

interface CircleChapterPageProps {
  storytellerId: string;
  chapterId: string;
}

export function CircleChapterPage({ storytellerId, chapterId }: CircleChapterPageProps) {
  const { t } = useTranslation('circle');
  const { online } = useConnectivity();
  const queryClient = useQueryClient();
  const chapter = useCircleChapter(storytellerId, chapterId);
  const stored = useStoredCircleChapter(storytellerId, chapterId);
  const membership = useMembershipOrCopy(storytellerId);
  const chapterGone = isNotFound(chapter.error);
  // Only asked to tell « removed » from « taken back ».
  const list = useCircleChapters(storytellerId, { enabled: chapterGone });
  const removed = useForgetWhenRemoved(storytellerId, list.error);
  const takenBack = chapterGone && list.isSuccess;

  useEffect(() => {
    if (!takenBack) return;
    // Her chapter is hers again: it leaves the list kept on this device too.
    queryClient.setQueryData(circleKeys.chapters(storytellerId), list.data);
  }, [takenBack, queryClient, storytellerId, list.data]);

  const name = membership?.storyteller_name ?? '';
  const backLink = (
    <ButtonLink to={`/circles/${storytellerId}`} variant="secondary">
      {t('chapter.back')}
    </ButtonLink>
  );

  if (removed) return <RemovedNotice />;
  if (chapterGone) {
    if (!takenBack && !list.isError)
      return (
        <p className="flex items-center gap-3 text-lg" role="status">
          <Spinner /> {t('chapter.loading')}
        </p>
      );
    return (
      <div className="space-y-4">
        <h1 className="text-3xl sm:text-4xl">{t('chapter.gone.title')}</h1>
        <Notice tone="info" role="alert">
          {t('chapter.gone.message', { name: name || t('circle.titleUnknown') })}
        </Notice>
        {backLink}
      </div>
    );
  }

  const unreachable = !online || isNetworkError(chapter.error) || chapter.fetchStatus === 'paused';
  // No answer from the server (offline, or the request failed): the device's copy, if it has one.
  const noAnswer = !chapter.data && (unreachable || chapter.isError);
  const data = chapter.data ?? (noAnswer ? (stored ?? undefined) : undefined);
  if (!data) {
    if (noAnswer && stored !== undefined)
      return (
        <div className="space-y-4">
          <h1 className="text-3xl sm:text-4xl">{t('chapter.untitled')}</h1>
          <Notice tone={unreachable ? 'info' : 'error'} role="alert">
            {t(unreachable ? 'chapter.offlineMissing' : 'chapter.loadError')}
          </Notice>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => void chapter.refetch()}>
              {t('chapter.retry')}
            </Button>
            {backLink}
          </div>
        </div>
      );
    return (
      <p className="flex items-center gap-3 text-lg" role="status">
        <Spinner /> {t('chapter.loading')}
      </p>
    );
  }

  return (
    <article className="space-y-10">
      <div className="space-y-4">
        <PageHeader
          title={data.title || t('chapter.untitled')}
          lead={t('chapter.releasedOn', {
            date: formatLongDate(data.released_at) ?? data.released_at,
          })}
        />
        {(noAnswer || unreachable) && (
          <Notice tone="info">
            {t(unreachable ? 'chapter.offlineNote' : 'chapter.staleNote')}
          </Notice>
        )}
      </div>
      <CircleChapterPictures pictures={data.pictures} />
      <ChapterText text={data.text} />
      <WordsSection storytellerId={storytellerId} chapterId={chapterId} words={data.words} />
      {membership?.role === 'contributor' && (
        <AddPhoto storytellerId={storytellerId} chapterId={chapterId} name={name} />
      )}
      {backLink}
    </article>
  );
}
