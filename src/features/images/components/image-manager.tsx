// The image manager (ImageManagerView, spec §2): the chapter's pictures in a sortable grid with their
// position, legend, replace and delete actions, the counter n/5, adding a photo or an illustration, the
// empty state, and the way back to the chapter. Offline it shows the copy kept on the device; order and
// legends still work (outbox), the rest says it needs a connection.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layouts/page';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { MAX_IMAGES_PER_CHAPTER } from '../../../lib/conversation-query';
import { toast } from '../../../lib/toast';
import { useConnectivity } from '../../../offline/connectivity';
import { imageFailure, type ImageProblem } from '../api/image-errors';
import { PartialReplaceError } from '../api/image-requests';
import type { ChapterImageResponse } from '../api/types';
import { useChapterImages, type ChapterImagesReady } from '../hooks/use-chapter-images';
import { useImageActions } from '../hooks/use-image-actions';
import { moveId, type ManagedImage } from '../order';
import { AddImageDialog } from './add-image-dialog';
import { DeleteImageDialog } from './delete-image-dialog';
import { BackIcon, PhotoIcon, SparkleIcon } from './icons';
import { ImageGrid } from './image-grid';
import { MaxImagesModal, type MaxImagesReason } from './max-images-modal';
import { ReplaceImageDialog } from './replace-image-dialog';

/** What the page itself can have to say after an action (the dialogs say their own). */
type PageProblem = ImageProblem | 'partialReplace' | 'notSaved';

export function chapterPath(conversationId: string): string {
  return `/conversations/${encodeURIComponent(conversationId)}`;
}

export function ImageManager({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('images');
  const state = useChapterImages(conversationId);

  if (state.status === 'not-found') {
    return (
      <div className="mx-auto max-w-xl space-y-4 rounded-2xl border-2 border-info bg-info-soft p-6">
        <h1 className="text-3xl">{t('notFound.title')}</h1>
        <p className="text-lg">{t('notFound.message')}</p>
        <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <ButtonLink to={chapterPath(conversationId)} variant="secondary">
        <BackIcon />
        {t('back')}
      </ButtonLink>
      {state.status === 'ready' ? (
        <ManagerContent conversationId={conversationId} chapter={state} />
      ) : (
        <>
          <PageHeader title={t('title')} />
          {state.status === 'loading' && (
            <div className="flex justify-center p-6 text-brand">
              <Spinner size="lg" label={t('loading')} />
            </div>
          )}
          {state.status === 'missing-offline' && (
            <Notice tone="info" title={t('offline.missingTitle')}>
              {t('offline.missingMessage')}
            </Notice>
          )}
          {state.status === 'error' && (
            <Notice tone="error" title={t('loadError.title')}>
              <p>{t('loadError.message')}</p>
              <Button variant="secondary" className="mt-3" onClick={state.retry}>
                {t('loadError.retry')}
              </Button>
            </Notice>
          )}
        </>
      )}
    </div>
  );
}

function ManagerContent({
  conversationId,
  chapter,
}: {
  conversationId: string;
  chapter: ChapterImagesReady;
}) {
  const { t } = useTranslation('images');
  const { online } = useConnectivity();
  const actions = useImageActions(conversationId, chapter.updatedAt);
  const needsNetworkId = useId();
  const [adding, setAdding] = useState(false);
  const [maxReason, setMaxReason] = useState<MaxImagesReason | null>(null);
  const [toDelete, setToDelete] = useState<ManagedImage | null>(null);
  const [deleteProblem, setDeleteProblem] = useState<ImageProblem | null>(null);
  const [toReplace, setToReplace] = useState<ManagedImage | null>(null);
  const [problem, setProblem] = useState<PageProblem | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const { images, pending } = chapter;
  const count = images.length;
  const full = count >= MAX_IMAGES_PER_CHAPTER;
  const replacingId = actions.replace.isPending ? (actions.replace.variables?.id ?? null) : null;
  const generating = actions.generate.isPending;
  const busy = generating || actions.replace.isPending || actions.remove.isPending;
  const serverActions = online;

  // Issue 35 #9: an illustration takes a while and, with none yet, the button moves from the empty
  // state to the header once it arrives. If the focus was lost on the way (to <body>), it comes back to
  // the button; if she has moved on to something else, it is left where she put it.
  const refocusGenerate = useRef(false);
  useEffect(() => {
    if (!refocusGenerate.current || generating) return;
    const active = document.activeElement;
    const button = document.querySelector<HTMLElement>('[data-generate-illustration]');
    if (!active || active === document.body) {
      refocusGenerate.current = false;
      button?.focus();
    } else if (active !== button) refocusGenerate.current = false;
  }, [count, generating]);

  function say(message: string) {
    setAnnouncement(message);
  }

  function failed(error: unknown, reason: MaxImagesReason) {
    console.error('An image change failed', error);
    if (error instanceof PartialReplaceError) {
      setProblem('partialReplace');
      return;
    }
    const failure = imageFailure(error);
    if (failure.kind === 'maxImages') setMaxReason(reason);
    else setProblem(failure.problem);
  }

  function startAdding() {
    setProblem(null);
    if (full) setMaxReason('add');
    else setAdding(true);
  }

  function uploaded(image: ChapterImageResponse) {
    setAdding(false);
    actions.added(image);
    toast.success(t('add.done'));
    say(t('add.done'));
  }

  function generate() {
    if (generating) return;
    refocusGenerate.current = true;
    setProblem(null);
    if (full) {
      setMaxReason('add');
      return;
    }
    say(t('generate.working'));
    actions.generate.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('generate.done'));
        say(t('generate.done'));
      },
      onError: (error) => failed(error, 'add'),
    });
  }

  function askReplace(image: ManagedImage) {
    setProblem(null);
    if (full) setMaxReason('replace');
    else setToReplace(image);
  }

  function replace(image: ManagedImage) {
    setToReplace(null);
    say(t('replace.working'));
    actions.replace.mutate(
      { id: image.id, position: image.position, legend: image.legend },
      {
        onSuccess: () => {
          toast.success(t('replace.done'));
          say(t('replace.done'));
        },
        onError: (error) => failed(error, 'replace'),
      },
    );
  }

  function askDelete(image: ManagedImage) {
    setProblem(null);
    setDeleteProblem(null);
    setToDelete(image);
  }

  function remove(image: ManagedImage) {
    if (actions.remove.isPending) return;
    actions.remove.mutate(image.id, {
      onSuccess: () => {
        setToDelete(null);
        toast.success(t('delete.done'));
        say(t('delete.done'));
      },
      onError: (error) => {
        console.error('Deleting the image failed', error);
        const failure = imageFailure(error);
        setDeleteProblem(failure.kind === 'problem' ? failure.problem : 'generic');
      },
    });
  }

  function reorder(from: number, to: number) {
    const ids = images.map((image) => image.id);
    const next = moveId(ids, from, to);
    void actions.reorder(ids, next).catch((error: unknown) => {
      console.error('Queuing the new order failed', error);
      setProblem('notSaved');
    });
    say(t('order.moved', { from: from + 1, to: to + 1, total: ids.length }));
  }

  const title = chapter.title?.trim() || t('untitled');

  return (
    <>
      <PageHeader title={t('title')} lead={t('lead', { title })}>
        <p className="text-lg">{t('help')}</p>
      </PageHeader>

      <div className="flex flex-wrap items-center gap-4">
        <p
          className="rounded-full border-2 border-brand bg-surface px-4 py-1 text-xl font-bold text-brand"
          data-image-counter
        >
          <span aria-hidden="true">
            {t('counter.visible', { count, max: MAX_IMAGES_PER_CHAPTER })}
          </span>
          <span className="sr-only">
            {t('counter.spoken', { count, max: MAX_IMAGES_PER_CHAPTER })}
          </span>
        </p>
        {count > 0 && (
          <AddActions
            online={online}
            generating={generating}
            busy={busy}
            needsNetworkId={needsNetworkId}
            onAdd={startAdding}
            onGenerate={generate}
          />
        )}
      </div>

      {!online && (
        <Notice tone="info" title={t('offline.title')} id={needsNetworkId}>
          {t('offline.message')}
        </Notice>
      )}
      {pending.imageOrder && (
        <Notice tone="warning" role="status">
          {t('order.pending')}
        </Notice>
      )}
      <div aria-live="polite">
        {problem && (
          <Notice tone={problem === 'offline' ? 'info' : 'error'} title={t('problemTitle')}>
            <p>{t(`problems.${problem}`)}</p>
            <Button variant="ghost" className="mt-2" onClick={() => setProblem(null)}>
              {t('dismiss')}
            </Button>
          </Notice>
        )}
      </div>

      {count === 0 ? (
        <section className="space-y-4 rounded-2xl border-2 border-dashed border-line bg-surface p-6 text-center sm:p-10">
          <h2 className="text-3xl">{t('empty.title')}</h2>
          <p className="mx-auto max-w-prose text-lg">{t('empty.message')}</p>
          <div className="flex justify-center">
            <AddActions
              online={online}
              generating={generating}
              busy={busy}
              needsNetworkId={needsNetworkId}
              onAdd={startAdding}
              onGenerate={generate}
            />
          </div>
        </section>
      ) : (
        <ImageGrid
          images={images}
          serverActions={serverActions}
          serverActionsHintId={needsNetworkId}
          replacingId={replacingId}
          locked={busy}
          onReorder={reorder}
          onSaveLegend={actions.saveLegend}
          onReplace={askReplace}
          onDelete={askDelete}
        />
      )}

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      <AddImageDialog
        open={adding}
        conversationId={conversationId}
        onClose={() => setAdding(false)}
        onUploaded={uploaded}
        onMaxReached={() => {
          setAdding(false);
          setMaxReason('add');
        }}
      />
      <MaxImagesModal reason={maxReason} onClose={() => setMaxReason(null)} />
      <ReplaceImageDialog
        image={toReplace}
        onConfirm={replace}
        onClose={() => setToReplace(null)}
      />
      <DeleteImageDialog
        image={toDelete}
        busy={actions.remove.isPending}
        problem={deleteProblem}
        onConfirm={remove}
        onClose={() => {
          setToDelete(null);
          setDeleteProblem(null);
        }}
      />
    </>
  );
}

function AddActions({
  online,
  generating,
  busy,
  needsNetworkId,
  onAdd,
  onGenerate,
}: {
  online: boolean;
  generating: boolean;
  busy: boolean;
  needsNetworkId: string;
  onAdd: () => void;
  onGenerate: () => void;
}) {
  const { t } = useTranslation('images');
  const describedBy = online ? undefined : needsNetworkId;
  return (
    <div className="flex flex-wrap gap-3">
      <Button onClick={onAdd} disabled={!online || busy} aria-describedby={describedBy}>
        <PhotoIcon />
        {t('add.open')}
      </Button>
      {/* While it works the button keeps the focus (aria-disabled, not disabled, which would drop it). */}
      <Button
        variant="secondary"
        onClick={onGenerate}
        disabled={!online || (busy && !generating)}
        aria-disabled={generating || undefined}
        aria-busy={generating || undefined}
        aria-describedby={describedBy}
        data-generate-illustration=""
        className="aria-disabled:cursor-not-allowed"
      >
        {generating ? <Spinner size="sm" /> : <SparkleIcon />}
        {generating ? t('generate.working') : t('generate.open')}
      </Button>
    </div>
  );
}
