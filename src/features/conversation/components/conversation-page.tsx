// The chapter page (ConversationView, spec §2 and §4): title, author line (multi-user accounts), main
// picture and thumbnails, the written story with undo/redo, the writer's warnings, and the actions —
// new chapter, continue, back, rewrite (control center), pictures, correct (edit mode), share, delete;
// and the answers whose sound was kept, to hear again (issue 20); the family part (issue 31) as a slot.
// A chapter with answers but no text yet is written on arrival. Offline, the copy kept on the device is
// shown; corrections still work (outbox), what needs the server says so.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import {
  orderedImages,
  useConversation,
  type ChapterImageWire,
  type ConversationWire,
  type SummaryAction,
} from '../../../lib/conversation-query';
import { useSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { queueChapterEdit } from '../../../offline/chapter-edits';
import { usePendingChapterEdits } from '../../../offline/pending-chapter-edits';
import { useConnectivity } from '../../../offline/connectivity';
import { useStoredChapter } from '../../../offline/stored-chapters';
import { readDraft } from '../../../offline/use-draft';
import { FULL_GENERATION, useGenerateChapter } from '../api/generate';
import { useSummaryHistory } from '../api/summary-history';
import { AuthorLine } from './author-line';
import { ChapterPictures } from './chapter-pictures';
import { ControlCenter, initialChoices, type ControlCenterChoices } from './control-center';
import { DeleteDialog } from './delete-dialog';
import { EditForm, summaryDraftKey, titleDraftKey } from './edit-form';
import { HeardAgain } from './heard-again';
import { ShareModal } from './share-modal';
import { keepTogether } from '../../../lib/typography';

/** The page's state passed by /conversations/:id/share to open the share modal. */
export const OPEN_SHARE_STATE = { openShare: true } as const;
/** What the home page reads to start a new chapter (src/features/chapters NEW_CHAPTER_STATE). */
const NEW_CHAPTER_STATE = { newChapter: true } as const;

interface ShownChapter {
  source: 'server' | 'device';
  wire: ConversationWire | null;
  title: string | null;
  keywords: string[];
  summary: string | null;
  author: string | null;
  images: ChapterImageWire[];
  updatedAt: string;
  serverTitle: string | null;
  serverSummary: string | null;
  serverAuthor: string | null;
  allowedActions: SummaryAction[];
  warnings: string[];
  chatCount: number | null;
}

type PageState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'missing-offline' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; chapter: ShownChapter; pendingCount: number };

/** A chapter has an answer from the person when more than the opening message exists. */
export function hasAnswers(chapter: Pick<ConversationWire, 'chat_count'>): boolean {
  return chapter.chat_count > 1;
}

function useChapterPage(conversationId: string, fetchPaused: boolean): PageState {
  const { online } = useConnectivity();
  // Spec §4: the chapter is not fetched again while the writer works on it.
  const conversation = useConversation(conversationId, { enabled: !fetchPaused });
  const stored = useStoredChapter(conversationId);
  const pending = usePendingChapterEdits(conversationId);
  const { refetch, data, error } = conversation;
  // Back online after a load that failed for lack of connection: try again, once per return.
  const wasOnline = useRef(online);
  const networkFailed = error instanceof ApiError && error.reason === 'network';
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && networkFailed && !data) void refetch();
  }, [online, networkFailed, data, refetch]);

  const over = <T,>(value: T | undefined, fallback: T): T =>
    value === undefined ? fallback : value;
  if (data) {
    return {
      status: 'ready',
      pendingCount: pending.count,
      chapter: {
        source: 'server',
        wire: data,
        title: over(pending.title, data.title_infos.title),
        keywords: data.keywords_infos.keywords,
        summary: over(pending.summary, data.summary_infos.summary),
        author: over(pending.conv_author, data.conv_author),
        images: orderedImages(data.images).map((image) => ({
          ...image,
          legend: over(pending.legends[image.id], image.legend),
        })),
        updatedAt: data.updated_at,
        serverTitle: data.title_infos.title,
        serverSummary: data.summary_infos.summary,
        serverAuthor: data.conv_author,
        allowedActions: data.summary_infos.allowed_actions,
        warnings: data.summary_infos.warnings ?? [],
        chatCount: data.chat_count,
      },
    };
  }
  if (error instanceof ApiError && error.reason === 'not_found') return { status: 'not-found' };
  const unreachable =
    !online ||
    conversation.fetchStatus === 'paused' ||
    (error instanceof ApiError && error.reason === 'network');
  if (unreachable) {
    if (stored === undefined) return { status: 'loading' };
    if (stored === null) return { status: 'missing-offline' };
    return {
      status: 'ready',
      pendingCount: pending.count,
      chapter: {
        source: 'device',
        wire: null,
        title: over(pending.title, stored.title),
        keywords: stored.keywords,
        summary: over(pending.summary, stored.summary),
        author: over(pending.conv_author, stored.author),
        images: stored.images.map((image) => ({
          ...image,
          legend: over(pending.legends[image.id], image.legend),
        })),
        updatedAt: stored.updated_at,
        serverTitle: stored.title,
        serverSummary: stored.summary,
        serverAuthor: stored.author,
        allowedActions: [],
        warnings: [],
        chatCount: null,
      },
    };
  }
  if (error) return { status: 'error', retry: () => void refetch() };
  return { status: 'loading' };
}

export function ConversationPage({
  conversationId,
  family,
}: {
  conversationId: string;
  /** The family part (issue 31: release to her circle, their words and photos), from the circle feature. */
  family?: ReactNode;
}) {
  const { t } = useTranslation('conversation');
  const generation = useGenerateChapter(conversationId);
  const state = useChapterPage(conversationId, generation.inProgress);

  if (state.status === 'ready')
    return (
      <ChapterView
        conversationId={conversationId}
        chapter={state.chapter}
        pendingCount={state.pendingCount}
        generation={generation}
        family={family}
      />
    );

  let body;
  if (state.status === 'not-found')
    body = (
      <Notice tone="info" title={t('notFound.title')}>
        <p>{t('notFound.message')}</p>
      </Notice>
    );
  else if (state.status === 'missing-offline')
    body = (
      <Notice tone="info" title={t('offline.missingTitle')}>
        <p>{t('offline.missingMessage')}</p>
      </Notice>
    );
  else if (state.status === 'error')
    body = (
      <Notice tone="error" title={t('loadError.title')}>
        <p>{t('loadError.message')}</p>
        <Button className="mt-3" onClick={state.retry}>
          {t('loadError.retry')}
        </Button>
      </Notice>
    );
  else
    body = (
      <div className="flex items-center gap-3 p-6 text-brand" role="status">
        <Spinner />
        <span className="text-ink">{t('loading')}</span>
      </div>
    );
  return (
    <div className="space-y-6">
      {state.status !== 'loading' && <h1 className="text-3xl">{t('untitled')}</h1>}
      {body}
      <ButtonLink to="/" variant="secondary">
        {t('notFound.home')}
      </ButtonLink>
    </div>
  );
}

function SummaryText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n|\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className="max-w-prose space-y-4 text-xl leading-relaxed">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{keepTogether(paragraph)}</p>
      ))}
    </div>
  );
}

function warningKey(warning: string) {
  const kind = warning.split(':')[0];
  return kind === 'comment_not_applied' ||
    kind === 'not_enough_content' ||
    kind === 'no_new_content' ||
    kind === 'perspective_not_applied' ||
    kind === 'unfaithful'
    ? kind
    : null;
}

interface ChapterViewProps {
  conversationId: string;
  chapter: ShownChapter;
  pendingCount: number;
  generation: ReturnType<typeof useGenerateChapter>;
  family?: ReactNode;
}

function ChapterView({
  conversationId,
  chapter,
  pendingCount,
  generation,
  family,
}: ChapterViewProps) {
  const { t } = useTranslation('conversation');
  const user = useSessionUser();
  const { online } = useConnectivity();
  const navigate = useNavigate();
  const location = useLocation();
  const history = useSummaryHistory(conversationId);
  const [editing, setEditing] = useState(false);
  const [controlOpen, setControlOpen] = useState(false);
  const [choices, setChoices] = useState<ControlCenterChoices>(initialChoices);
  const [shareOpen, setShareOpen] = useState(
    (location.state as { openShare?: boolean } | null)?.openShare === true,
  );
  const [deleteOpen, setDeleteOpen] = useState(false);
  const autoStarted = useRef(false);
  const editButton = useRef<HTMLButtonElement>(null);
  /** The editor just closed: « Corriger mon histoire » takes the focus back once it is shown again. */
  const refocusEditButton = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const undoHelpId = useId();
  /**
   * Issue 29 #8: the title the biographer just replaced, offered back under the new one until the next
   * change or leaving the page (null: no title was just written).
   */
  const [titleChange, setTitleChange] = useState<{ previous: string | null } | null>(null);
  /**
   * Issue 29 #10: the text changed during this visit (written again, or corrected): going back to the
   * text before is offered, explained, until the next change or leaving the page — not for good.
   */
  const [textChange, setTextChange] = useState<'undo' | 'redo' | null>(null);
  /** The editor reopened with corrections an earlier visit left unsaved (said in the editor). */
  const [restoredDraft, setRestoredDraft] = useState(false);

  const title = chapter.title || t('untitled');
  const multiUser = user?.accountType === 'multi-users';
  const wire = chapter.wire;

  // A draft of corrections left by an earlier visit (a reload, a closed tab) reopens the edit mode.
  useEffect(() => {
    let cancelled = false;
    void Promise.all([
      readDraft(titleDraftKey(conversationId)),
      readDraft(summaryDraftKey(conversationId)),
    ]).then(([draftTitle, draftSummary]) => {
      if (!cancelled && (draftTitle || draftSummary)) {
        setEditing(true);
        setRestoredDraft(true);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [conversationId]);

  // Spec §4: a chapter with answers and no text yet is written on arrival, once.
  const { generate, inProgress } = generation;
  useEffect(() => {
    if (!wire || autoStarted.current || inProgress || !online) return;
    if (wire.summary_infos.summary || !hasAnswers(wire)) return;
    autoStarted.current = true;
    void generate(FULL_GENERATION);
  }, [wire, inProgress, online, generate]);

  // Issue 35 #10: the editor closed (saved, cancelled, Escape) gives the focus back to its button once
  // React has shown it again — not on the next frame, which can come before that (onDone is often
  // called after an await) and would leave the focus on <body>.
  useEffect(() => {
    if (editing || !refocusEditButton.current) return;
    refocusEditButton.current = false;
    editButton.current?.focus();
  }, [editing]);

  /** Something else changes: what was offered back for the last change goes. */
  function startChange() {
    setTitleChange(null);
    setTextChange(null);
  }

  function titleWritten(previous: string | null) {
    setTextChange(null);
    setTitleChange({ previous });
    // The new title is shown where she looks: the top of the page, read first.
    requestAnimationFrame(() => {
      heading.current?.scrollIntoView?.({ block: 'start' });
      heading.current?.focus({ preventScroll: true });
    });
  }

  async function restoreTitle(previous: string) {
    setTitleChange(null);
    try {
      await queueChapterEdit(
        conversationId,
        { field: 'title', value: previous, base: chapter.serverTitle },
        chapter.updatedAt,
      );
      toast.success(t('titleChange.restored'));
    } catch (error) {
      console.error('The previous title was not kept', error);
      toast.error(t('titleChange.failed'));
    }
  }

  function moveSummary(action: SummaryAction) {
    history.mutate(action, {
      onSuccess: () => setTextChange(action === 'undo' ? 'redo' : 'undo'),
      onError: (error) => {
        console.error(`Summary ${action} failed`, error);
        if (!(error instanceof ApiError && error.reason === 'unauthorized'))
          toast.error(t('summary.undoFailed'));
      },
    });
  }

  const networkOff = !online || chapter.source === 'device';
  const writing = generation.summaryInProgress;
  const warnings = [...new Set(chapter.warnings.map(warningKey).filter(Boolean))] as string[];
  const canUndo = textChange === 'undo' && chapter.allowedActions.includes('undo');
  const canRedo = textChange === 'redo' && chapter.allowedActions.includes('redo');

  return (
    <article className="space-y-8" aria-busy={writing || undefined}>
      <header className="space-y-3">
        <h1
          ref={heading}
          tabIndex={-1}
          className="scroll-mt-4 text-3xl focus:outline-none sm:text-4xl"
        >
          {keepTogether(title)}
        </h1>
        {titleChange && (
          <div
            role="status"
            className="space-y-3 rounded-lg border-2 border-info bg-info-soft p-4 text-lg"
          >
            <p className="font-semibold">{t('titleChange.done')}</p>
            {titleChange.previous ? (
              <>
                <p>{t('titleChange.previous', { title: titleChange.previous })}</p>
                <div className="flex flex-wrap gap-3">
                  <Button
                    variant="secondary"
                    disabled={writing}
                    onClick={() => void restoreTitle(titleChange.previous!)}
                  >
                    {t('titleChange.restore')}
                  </Button>
                  <Button variant="ghost" onClick={() => setTitleChange(null)}>
                    {t('titleChange.keep')}
                  </Button>
                </div>
              </>
            ) : null}
          </div>
        )}
        {multiUser &&
          (wire ? (
            <AuthorLine
              conversationId={conversationId}
              author={chapter.author}
              serverAuthor={chapter.serverAuthor}
              updatedAt={chapter.updatedAt}
            />
          ) : (
            chapter.author && (
              <p className="text-xl text-ink-muted">{t('by', { author: chapter.author })}</p>
            )
          ))}
        {chapter.keywords.length > 0 && (
          <p className="text-lg text-ink-muted">
            <span className="font-semibold">{t('keywords')} </span>
            {chapter.keywords.join(', ')}
          </p>
        )}
        {chapter.source === 'device' && <Notice tone="info">{t('offline.note')}</Notice>}
        {pendingCount > 0 && (
          <p className="inline-flex rounded-full bg-warning-soft px-4 py-1 font-semibold text-warning-ink">
            {t('summary.pending')}
          </p>
        )}
      </header>

      <ChapterPictures images={chapter.images} />

      {editing ? (
        <EditForm
          conversationId={conversationId}
          title={chapter.title ?? ''}
          summary={chapter.summary ?? ''}
          serverTitle={chapter.serverTitle}
          serverSummary={chapter.serverSummary}
          updatedAt={chapter.updatedAt}
          restoredDraft={restoredDraft}
          onDone={(saved) => {
            refocusEditButton.current = true;
            setEditing(false);
            setRestoredDraft(false);
            if (saved?.textChanged) setTextChange('undo');
          }}
        />
      ) : (
        <section aria-labelledby="chapter-story" className="space-y-4">
          <h2 id="chapter-story" className="text-2xl">
            {t('summary.title')}
          </h2>
          {writing ? (
            <div role="status" className="flex items-start gap-3 text-xl">
              <Spinner />
              <div>
                <p className="font-semibold">{t('summary.generating')}</p>
                <p className="text-lg text-ink-muted">{t('summary.generatingHelp')}</p>
              </div>
            </div>
          ) : chapter.summary ? (
            <SummaryText text={chapter.summary} />
          ) : (
            <p className="max-w-prose text-xl">{t('summary.empty')}</p>
          )}
          {!writing && warnings.length > 0 && (
            <Notice tone="warning" title={t('warnings.title')}>
              {warnings.map((key) => (
                <p key={key}>{t(`warnings.${key}` as 'warnings.unfaithful')}</p>
              ))}
            </Notice>
          )}
          {(canUndo || canRedo) && (
            <div className="space-y-3 rounded-lg border-2 border-line p-4">
              <p id={undoHelpId} className="text-lg">
                {canUndo ? t('summary.undoHelp') : t('summary.redoHelp')}
              </p>
              <div className="flex flex-wrap gap-3">
                {canUndo && (
                  <Button
                    variant="secondary"
                    aria-describedby={undoHelpId}
                    disabled={networkOff || writing}
                    busy={history.isPending && history.variables === 'undo'}
                    onClick={() => moveSummary('undo')}
                  >
                    {t('summary.undo')}
                  </Button>
                )}
                {canRedo && (
                  <Button
                    variant="secondary"
                    aria-describedby={undoHelpId}
                    disabled={networkOff || writing}
                    busy={history.isPending && history.variables === 'redo'}
                    onClick={() => moveSummary('redo')}
                  >
                    {t('summary.redo')}
                  </Button>
                )}
              </div>
            </div>
          )}
        </section>
      )}

      <HeardAgain conversationId={conversationId} />

      <section aria-label={t('actions.label')} className="space-y-3">
        {networkOff && <Notice tone="info">{t('actions.needsNetwork')}</Notice>}
        <div className="flex flex-wrap gap-3">
          {!editing && (
            <button
              ref={editButton}
              type="button"
              onClick={() => {
                startChange();
                setEditing(true);
              }}
              disabled={writing}
              className="inline-flex min-h-target items-center rounded-lg border-2 border-brand bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-strong disabled:opacity-55"
            >
              {t('actions.edit')}
            </button>
          )}
          <ButtonLink to={`/conversations/${encodeURIComponent(conversationId)}/chat`}>
            {t('actions.continue')}
          </ButtonLink>
          <Button
            variant="secondary"
            onClick={() => setControlOpen(true)}
            disabled={!wire || networkOff}
          >
            {t('actions.refresh')}
          </Button>
          <ButtonLink
            to={`/conversations/${encodeURIComponent(conversationId)}/images`}
            variant="secondary"
          >
            {t('actions.images')}
          </ButtonLink>
          <Button variant="secondary" onClick={() => setShareOpen(true)}>
            {t('actions.share')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void navigate('/', { state: NEW_CHAPTER_STATE })}
            disabled={networkOff}
          >
            {t('actions.newChapter')}
          </Button>
          <ButtonLink to="/" variant="ghost">
            {t('actions.back')}
          </ButtonLink>
          <Button variant="danger" onClick={() => setDeleteOpen(true)} disabled={networkOff}>
            {t('actions.delete')}
          </Button>
        </div>
      </section>

      {family}

      {wire && (
        <ControlCenter
          conversation={wire}
          open={controlOpen}
          onClose={() => setControlOpen(false)}
          choices={choices}
          onChoicesChange={setChoices}
          title={chapter.title}
          onTitleWritten={titleWritten}
          onSummaryWritten={() => {
            setTitleChange(null);
            setTextChange('undo');
          }}
        />
      )}
      <ShareModal
        conversationId={conversationId}
        title={title}
        summary={chapter.summary}
        open={shareOpen}
        onClose={() => setShareOpen(false)}
      />
      <DeleteDialog
        conversationId={conversationId}
        title={title}
        open={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        onDeleted={() => void navigate('/', { replace: true })}
      />
    </article>
  );
}
