// « Ma famille » on a chapter page (issue 31), passed in by the route module since features do not
// import each other: the « Partager avec ma famille » switch (separate from the public link « Partager
// mon histoire »), the words her family left with « Masquer » / « Afficher » and « Imprimer dans le
// livre », and the photos a contributor suggested with « Ajouter au chapitre » / « Refuser ».
// It reads the chapter's cached answer for `released_at` without fetching it (the page does that, and
// pauses it while the biographer writes). Offline, all of it says plainly that it needs the Internet.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { ChapterWord, SuggestedPhoto } from '@contract/circle';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ChapterImage } from '../../../components/ui/chapter-image';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Notice } from '../../../components/ui/notice';
import { conversationQueryOptions } from '../../../lib/conversation-query';
import { formatLongDate } from '../../../lib/intl';
import { toast } from '../../../lib/toast';
import { useConnectivity } from '../../../offline/connectivity';
import { useChapterRelease, type ReleasableChapter } from '../api/release';
import { useAnswerSuggestedPhoto, useSuggestedPhotos } from '../api/suggested-photos';
import { useChapterWords, useUpdateChapterWord } from '../api/words';
import { circleFailure } from '../failure';

export function ChapterFamily({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('family');
  const { online } = useConnectivity();
  const chapter = useQuery({ ...conversationQueryOptions(conversationId), enabled: false }).data as
    ReleasableChapter | undefined;

  return (
    <section
      aria-labelledby="chapter-family"
      className="space-y-5 rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="chapter-family" className="text-2xl">
        {t('chapter.title')}
      </h2>
      {!online || !chapter ? (
        <Notice tone="info">{t('chapter.offline')}</Notice>
      ) : (
        <>
          <ReleaseSwitch conversationId={conversationId} releasedAt={chapter.released_at ?? null} />
          <ChapterWords conversationId={conversationId} />
          <SuggestedPhotos conversationId={conversationId} />
        </>
      )}
      <ButtonLink to="/family" variant="ghost">
        {t('chapter.seeFamily')}
      </ButtonLink>
    </section>
  );
}

function ReleaseSwitch({
  conversationId,
  releasedAt,
}: {
  conversationId: string;
  releasedAt: string | null;
}) {
  const { t } = useTranslation('family');
  const release = useChapterRelease(conversationId);
  const helpId = useId();
  const stateId = useId();
  const pending = release.isPending ? release.variables : undefined;
  const released = pending ?? releasedAt !== null;

  function toggle(next: boolean) {
    release.mutate(next, {
      onSuccess: () =>
        toast.success(next ? t('chapter.release.shared') : t('chapter.release.takenBack')),
      onError: (error) =>
        toast.error(
          circleFailure(error) === 'offline' ? t('chapter.offline') : t('chapter.release.failed'),
        ),
    });
  }

  return (
    <div className="space-y-2">
      <label className="inline-flex min-h-target cursor-pointer items-center gap-4 text-lg font-semibold">
        <input
          type="checkbox"
          role="switch"
          checked={released}
          aria-checked={released}
          aria-describedby={`${stateId} ${helpId}`}
          disabled={release.isPending}
          onChange={(event) => toggle(event.target.checked)}
          className="size-7 accent-brand"
        />
        {t('chapter.release.label')}
      </label>
      <p id={stateId} role="status" className="text-lg">
        {released
          ? releasedAt
            ? t('chapter.release.isShared', { date: formatLongDate(releasedAt) })
            : t('chapter.release.shared')
          : t('chapter.release.isPrivate')}
      </p>
      <p id={helpId} className="text-base text-ink-muted">
        {t('chapter.release.help')}
      </p>
    </div>
  );
}

function ChapterWords({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('family');
  const words = useChapterWords(conversationId);
  const list = words.data?.data ?? [];
  if (words.isError) return <Notice tone="error">{t('chapter.words.loadError')}</Notice>;
  if (list.length === 0) return null;
  return (
    <div className="space-y-3">
      <h3 className="text-xl font-semibold">{t('chapter.words.title')}</h3>
      <ul className="space-y-3">
        {list.map((word) => (
          <WordItem key={word.id} conversationId={conversationId} word={word} />
        ))}
      </ul>
    </div>
  );
}

function WordItem({ conversationId, word }: { conversationId: string; word: ChapterWord }) {
  const { t } = useTranslation('family');
  const update = useUpdateChapterWord(conversationId);
  const byId = useId();
  const change = (body: { hidden?: boolean; printed?: boolean }) =>
    update.mutate(
      { wordId: word.id, body },
      { onError: () => toast.error(t('chapter.words.failed')) },
    );
  return (
    <li
      aria-labelledby={byId}
      className={`space-y-2 rounded-xl border-2 p-4 ${word.hidden ? 'border-dashed border-line' : 'border-line'}`}
    >
      <p id={byId} className="font-semibold">
        {t('chapter.words.by', { name: word.author_name, date: formatLongDate(word.created_at) })}
      </p>
      <p className={`text-lg whitespace-pre-line ${word.hidden ? 'text-ink-muted' : ''}`}>
        {word.text}
      </p>
      {word.hidden && <p className="font-semibold">{t('chapter.words.hiddenNote')}</p>}
      <div className="flex flex-wrap items-center gap-4">
        <Button
          variant="secondary"
          aria-describedby={byId}
          busy={update.isPending && update.variables?.body.hidden !== undefined}
          onClick={() => change({ hidden: !word.hidden })}
        >
          {word.hidden ? t('chapter.words.show') : t('chapter.words.hide')}
        </Button>
        <CheckboxField
          label={t('chapter.words.print')}
          aria-describedby={byId}
          checked={word.printed}
          disabled={update.isPending}
          onChange={(event) => change({ printed: event.target.checked })}
        />
      </div>
    </li>
  );
}

function SuggestedPhotos({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('family');
  const photos = useSuggestedPhotos(conversationId);
  const list = photos.data?.data ?? [];
  if (photos.isError) return <Notice tone="error">{t('chapter.photos.loadError')}</Notice>;
  if (list.length === 0) return null;
  return (
    <div className="space-y-3">
      <h3 className="text-xl font-semibold">{t('chapter.photos.title')}</h3>
      <ul className="grid gap-4 sm:grid-cols-2">
        {list.map((photo) => (
          <PhotoItem key={photo.id} conversationId={conversationId} photo={photo} />
        ))}
      </ul>
    </div>
  );
}

function PhotoItem({ conversationId, photo }: { conversationId: string; photo: SuggestedPhoto }) {
  const { t } = useTranslation('family');
  const answer = useAnswerSuggestedPhoto(conversationId);
  const fromId = useId();
  const name = photo.contributor_name;

  function reply(kind: 'accept' | 'decline') {
    answer.mutate(
      { photoId: photo.id, answer: kind },
      {
        onSuccess: () =>
          toast.success(
            kind === 'accept'
              ? t('chapter.photos.accepted', { name })
              : t('chapter.photos.declined'),
          ),
        onError: (error) =>
          toast.error(
            circleFailure(error) === 'max_images'
              ? t('chapter.photos.full')
              : t('chapter.photos.failed'),
          ),
      },
    );
  }

  return (
    <li aria-labelledby={fromId} className="space-y-3 rounded-xl border-2 border-line p-4">
      <ChapterImage
        src={photo.thumbnail_url || photo.url}
        alt={photo.legend || t('chapter.photos.alt', { name })}
        className="aspect-[4/3] w-full rounded-lg object-cover"
      />
      <p id={fromId} className="font-semibold">
        {t('chapter.photos.from', { name })}
      </p>
      {photo.legend && <p className="text-lg">{photo.legend}</p>}
      <div className="flex flex-wrap gap-3">
        <Button
          aria-describedby={fromId}
          busy={answer.isPending && answer.variables?.answer === 'accept'}
          disabled={answer.isPending}
          onClick={() => reply('accept')}
        >
          {t('chapter.photos.accept')}
        </Button>
        <Button
          variant="secondary"
          aria-describedby={fromId}
          busy={answer.isPending && answer.variables?.answer === 'decline'}
          disabled={answer.isPending}
          onClick={() => reply('decline')}
        >
          {t('chapter.photos.decline')}
        </Button>
      </div>
    </li>
  );
}
