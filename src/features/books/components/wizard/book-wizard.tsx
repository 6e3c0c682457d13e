// The book wizard (/conversations/book/create, spec §2 BookCreation and §4 Book wizard): an introduction
// with the progress, then six steps as dialogs (chapters, order, author, title and summary, cover,
// portrait) and the creation, after which the person is on the book's page. Everything chosen and typed
// is kept in localStorage on every change (wizard-state.ts) and reopened at the same step. Issue 31: with
// a circle target (book-target.ts) a contributor prepares the storyteller's book from her released
// chapters: her name as the author, the chapters' pictures only, no voice codes, the book's page under the
// circle after the creation, the saved state kept apart from the person's own book.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../../../components/layouts/page';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { useSessionUser } from '../../../../lib/session';
import { getBookSuggestions } from '../../api/book-suggestions';
import { useCreateBook } from '../../api/create-book';
import {
  rewriteInPerson,
  useFullAccess,
  useWizardChapters,
  wizardKeys,
  type WizardChapter,
} from '../../wizard-requests';
import { bookBackPath, bookPagePath, useBookTarget } from '../../book-target';
import {
  WIZARD_STORAGE_KEY,
  applySuggestions,
  circleWizardStorageKey,
  buildCreatePayload,
  canLeaveStep,
  clearWizardState,
  emptyWizardState,
  loadWizardState,
  moveItem,
  pruneWizardState,
  saveWizardState,
  syncOrder,
  toggleChapter,
  wantsSuggestions,
  type BookParameters,
  type WizardState,
  type WizardStep,
} from '../../wizard-state';
import { ChooseStep } from './choose-step';
import { ImagePicker } from './image-picker';
import { OrderStep } from './order-step';
import { ParametersStep } from './parameters-step';
import { SummaryStep } from './summary-step';
import { WizardProgress } from './wizard-progress';
import { WizardStepModal } from './wizard-step-modal';
import { track } from '../../../../lib/analytics';
import { MAX_BOOK_CHAPTERS, MIN_BOOK_CHAPTERS } from '../../api/types';
import { mixedPersons, narrativePerson, type NarrativePerson } from '../../narration';
import { storeChapter } from '../../../../offline/stored-chapters';
import { useConnectivity } from '../../../../offline/connectivity';

/**
 * A plain note when the chosen chapters mix « je » and « il / elle » (a guess from their text), and, on
 * her own book, a way to make them agree (issue 30 #6): each chapter told the other way is rewritten from
 * its current text, one after the other; what could not be is named. A contributor only sees the note:
 * the chapters are hers.
 */
function MixedPersonsNote({ chapters }: { chapters: WizardChapter[] }) {
  const { t } = useTranslation('bookWizard');
  const { circle, apiBase } = useBookTarget();
  const queryClient = useQueryClient();
  const { online } = useConnectivity();
  const [running, setRunning] = useState<NarrativePerson | null>(null);
  const [outcome, setOutcome] = useState<string[]>([]);
  const mixed = mixedPersons(chapters);
  const quote = (list: string[]) =>
    list.map((title) => t('order.mixedPersons.quoted', { title })).join(', ');

  async function agree(person: NarrativePerson) {
    const others = chapters.filter((chapter) => {
      const told = narrativePerson(chapter.text);
      return told !== null && told !== person;
    });
    setRunning(person);
    setOutcome([]);
    const rewritten: string[] = [];
    const kept: string[] = [];
    const failed: string[] = [];
    for (const chapter of others) {
      try {
        const { chapter: wire, applied } = await rewriteInPerson(chapter.id, person);
        await storeChapter(wire);
        (applied ? rewritten : kept).push(chapter.title);
      } catch {
        failed.push(chapter.title);
      }
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: wizardKeys.chapters(apiBase) }),
      queryClient.invalidateQueries({ queryKey: ['chapters'] }),
    ]);
    setRunning(null);
    setOutcome([
      ...(rewritten.length ? [t('order.mixedPersons.rewritten', { count: rewritten.length })] : []),
      ...(kept.length ? [t('order.mixedPersons.notRewritten', { titles: quote(kept) })] : []),
      ...(failed.length ? [t('order.mixedPersons.failed', { titles: quote(failed) })] : []),
    ]);
  }

  if (!mixed && outcome.length === 0) return null;
  return (
    <Notice
      tone="info"
      title={mixed ? t('order.mixedPersons.title') : t('order.mixedPersons.done')}
    >
      {mixed && (
        <>
          <p>{t('order.mixedPersons.first', { titles: quote(mixed.first) })}</p>
          <p>{t('order.mixedPersons.third', { titles: quote(mixed.third) })}</p>
          <p>{circle ? t('order.mixedPersons.adviceCircle') : t('order.mixedPersons.advice')}</p>
          {!circle && (
            <div className="mt-3 flex flex-wrap gap-3">
              {(['first', 'third'] as const).map((person) => (
                <Button
                  key={person}
                  variant="secondary"
                  busy={running === person}
                  disabled={running !== null || !online}
                  onClick={() => void agree(person)}
                >
                  {t(
                    person === 'first'
                      ? 'order.mixedPersons.allFirst'
                      : 'order.mixedPersons.allThird',
                  )}
                </Button>
              ))}
            </div>
          )}
          {!circle && !online && <p className="mt-2">{t('order.mixedPersons.offline')}</p>}
        </>
      )}
      <div role="status" className="mt-2 space-y-1">
        {running && <p>{t('order.mixedPersons.rewriting')}</p>}
        {outcome.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </Notice>
  );
}

export function BookWizard() {
  const { t } = useTranslation('bookWizard');
  const { t: tCommon } = useTranslation();
  const user = useSessionUser();
  const { circle } = useBookTarget();
  return (
    <div className="mx-auto max-w-3xl" data-testid="book-wizard">
      <PageHeader
        title={
          circle
            ? t('circle.title', { name: circle.storytellerName })
            : tCommon('routes.bookCreation')
        }
        lead={circle ? t('circle.lead', { name: circle.storytellerName }) : t('intro.lead')}
      />
      {user ? (
        <Wizard
          key={user.id}
          owner={user.id}
          defaultAuthor={circle ? circle.storytellerName : user.name}
          storageKey={circle ? circleWizardStorageKey(circle.storytellerId) : WIZARD_STORAGE_KEY}
        />
      ) : (
        <div className="py-10 text-brand">
          <Spinner size="lg" label={t('loading')} />
        </div>
      )}
    </div>
  );
}

function useSavedWizardState(owner: string, defaultAuthor: string, storageKey: string) {
  const [state, setState] = useState<WizardState>(
    () => loadWizardState(owner, storageKey) ?? emptyWizardState(defaultAuthor),
  );
  // After a successful creation nothing more is written: the next book starts from nothing.
  const finished = useRef(false);
  useEffect(() => {
    if (!finished.current) saveWizardState(state, owner, storageKey);
  }, [state, owner, storageKey]);
  function finish() {
    finished.current = true;
    clearWizardState(storageKey);
  }
  return [state, setState, finish] as const;
}

type CreationError =
  | { kind: 'fullAccess' }
  | { kind: 'offline' }
  | { kind: 'generic' }
  | { kind: 'server'; text: string };

/** What the last step says when POST /books fails: the server's own words when it gave some. */
function creationError(error: unknown): CreationError {
  if (error instanceof ApiError) {
    if (error.status === 402 || error.type === 'full_access_required')
      return { kind: 'fullAccess' };
    if (error.reason === 'network') return { kind: 'offline' };
    const message = error.details[0]?.msg?.trim();
    if (message) return { kind: 'server', text: message };
  }
  return { kind: 'generic' };
}

function Wizard({
  owner,
  defaultAuthor,
  storageKey,
}: {
  owner: string;
  defaultAuthor: string;
  storageKey: string;
}) {
  const { t } = useTranslation('bookWizard');
  const navigate = useNavigate();
  const target = useBookTarget();
  const { apiBase, circle } = target;
  const chaptersQuery = useWizardChapters();
  const access = useFullAccess();
  const [state, setState, finish] = useSavedWizardState(owner, defaultAuthor, storageKey);
  const [open, setOpen] = useState(state.currentStep > 0);
  const [showErrors, setShowErrors] = useState(false);
  const [suggesting, setSuggesting] = useState(false);
  const [suggested, setSuggested] = useState(false);
  const [missing, setMissing] = useState(false);
  const [createdBookId, setCreatedBookId] = useState<string | null>(null);
  const creation = useCreateBook();
  const stateRef = useRef(state);
  stateRef.current = state;

  const chapters = chaptersQuery.data;
  const chapterIndex = useMemo(
    () => new Map((chapters ?? []).map((chapter) => [chapter.id, chapter])),
    [chapters],
  );
  const pruneIndex = useMemo(
    () =>
      new Map(
        [...chapterIndex].map(([id, chapter]) => [
          id,
          { imageIds: chapter.images.map((i) => i.id) },
        ]),
      ),
    [chapterIndex],
  );
  // Chapters deleted (or left untitled) since the state was saved leave it, judged on a list fetched
  // now only: a cached copy may predate a chapter chosen since.
  if (chapters && chaptersQuery.isFetchedAfterMount && !chaptersQuery.isError) {
    const pruned = pruneWizardState(state, pruneIndex);
    if (pruned !== state) setState(pruned);
  }

  const step = state.currentStep;
  const ordered = state.sortedConversations
    .map((id) => chapterIndex.get(id))
    .filter((chapter): chapter is WizardChapter => !!chapter);

  // Spec §4: entering step 4 first asks for suggestions; they fill only what is still empty when they
  // arrive, so nothing the person typed meanwhile is replaced. A failure is logged only (spec §8).
  useEffect(() => {
    if (!open || step !== 4) return;
    const current = stateRef.current;
    if (current.sortedConversations.length === 0 || !wantsSuggestions(current.bookParameters)) {
      return;
    }
    let active = true;
    setSuggesting(true);
    const author = current.bookParameters.author.trim();
    getBookSuggestions(
      {
        conversation_ids: current.sortedConversations,
        ...(author ? { author } : {}),
      },
      apiBase,
    )
      .then((suggestions) => {
        if (!active) return;
        setState((previous) => ({
          ...previous,
          bookParameters: applySuggestions(previous.bookParameters, suggestions),
        }));
        setSuggested(true);
      })
      .catch((error: unknown) => {
        console.warn('Book wizard: no suggestions', error);
      })
      .finally(() => {
        if (active) setSuggesting(false);
      });
    return () => {
      active = false;
      setSuggesting(false);
    };
  }, [open, step, setState, apiBase]);

  function update(change: (previous: WizardState) => WizardState) {
    setState(change);
  }

  function setParams(change: Partial<BookParameters>) {
    update((previous) => ({
      ...previous,
      bookParameters: { ...previous.bookParameters, ...change },
    }));
    setMissing(false);
  }

  function goTo(next: WizardStep) {
    setShowErrors(false);
    setMissing(false);
    creation.reset();
    update((previous) => ({
      ...previous,
      // Step 2 starts from the chapters as chosen; an order already made is kept.
      sortedConversations:
        next === 2
          ? syncOrder(previous.selectedConversations, previous.sortedConversations)
          : previous.sortedConversations,
      currentStep: next,
    }));
    setOpen(next > 0);
  }

  function onContinue() {
    if (!canLeaveStep(state, step)) {
      setShowErrors(true);
      return;
    }
    if (step < 6) {
      goTo((step + 1) as WizardStep);
      return;
    }
    create();
  }

  function create() {
    const payload = buildCreatePayload(state);
    if (!payload) {
      setMissing(true);
      return;
    }
    creation.mutate(payload, {
      onSuccess: (book) => {
        track('feature_used', {
          feature: 'book_created',
          chapters: payload.conversation_ids.length,
        });
        setCreatedBookId(book.id);
        finish();
        navigate(bookPagePath(target, book.id));
      },
      // Spec §4: a failed creation clears the created id; the person stays on the step.
      onError: () => setCreatedBookId(null),
    });
  }

  function close() {
    setShowErrors(false);
    closing.current = true;
    setOpen(false);
  }

  // Issue 35 #9: a step closed (Escape, close button, Annuler) gives the focus to the button that opens
  // the wizard again — also when the wizard had reopened by itself and nothing had the focus before.
  const closing = useRef(false);
  const introRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open || !closing.current) return;
    closing.current = false;
    introRef.current?.querySelector<HTMLElement>('[data-wizard-opener]')?.focus();
  }, [open]);

  const failure = creation.isError ? creationError(creation.error) : null;
  const busy = creation.isPending || createdBookId !== null;
  const ready = chapters !== undefined;

  return (
    <div ref={introRef} className="space-y-6">
      <WizardProgress step={step} />
      <p className="max-w-prose text-lg">
        {t(circle ? 'circle.explanation' : 'intro.explanation')}
      </p>
      <p className="max-w-prose text-ink-muted">{t('intro.saved')}</p>

      {!circle && access.data === false && (
        <Notice tone="info" title={t('access.title')}>
          <p>{t('access.message')}</p>
          <ButtonLink to="/subscription" variant="secondary" className="mt-3">
            {t('access.link')}
          </ButtonLink>
        </Notice>
      )}

      {chaptersQuery.isError ||
      (chaptersQuery.isPending && chaptersQuery.fetchStatus === 'paused') ? (
        <Notice tone="error" title={t('loadError.title')} role="alert">
          <p>{t('loadError.message')}</p>
          <Button
            className="mt-3"
            variant="secondary"
            onClick={() => void chaptersQuery.refetch()}
            busy={chaptersQuery.isFetching}
          >
            {t('loadError.retry')}
          </Button>
        </Notice>
      ) : !ready ? (
        <div className="text-brand">
          <Spinner label={t('loading')} />
        </div>
      ) : step === 0 && chapters.length < MIN_BOOK_CHAPTERS ? (
        // Not offered before there are enough chapters: said plainly, with how many are missing.
        <Notice
          tone="warning"
          title={t('choose.tooFew.title', { min: MIN_BOOK_CHAPTERS, max: MAX_BOOK_CHAPTERS })}
        >
          {circle ? (
            <>
              <p>{t('circle.tooFew', { count: chapters.length, name: circle.storytellerName })}</p>
              <ButtonLink to={bookBackPath(target)} variant="secondary" className="mt-3">
                {t('circle.back', { name: circle.storytellerName })}
              </ButtonLink>
            </>
          ) : (
            <>
              <p>{t('choose.tooFew.message', { count: chapters.length })}</p>
              <p>{t('intro.tooFew', { count: MIN_BOOK_CHAPTERS - chapters.length })}</p>
              <ButtonLink to="/" variant="secondary" className="mt-3">
                {t('choose.tooFew.home')}
              </ButtonLink>
            </>
          )}
        </Notice>
      ) : (
        <Button
          data-testid="book-wizard-start"
          data-wizard-opener=""
          onClick={() => (step === 0 ? goTo(1) : setOpen(true))}
        >
          {step === 0 ? t('intro.start') : t('intro.resume', { step })}
        </Button>
      )}

      {ready && open && step === 1 && (
        <WizardStepModal
          key={1}
          step={1}
          title={t('choose.title')}
          onClose={close}
          onBack={close}
          backLabel={t('nav.cancel')}
          onContinue={onContinue}
        >
          <ChooseStep
            chapters={chapters}
            selected={state.selectedConversations}
            onToggle={(id) =>
              update((previous) =>
                toggleChapter(
                  previous,
                  id,
                  chapters.map((chapter) => chapter.id),
                ),
              )
            }
            showErrors={showErrors}
          />
        </WizardStepModal>
      )}

      {ready && open && step === 2 && (
        <WizardStepModal
          key={2}
          step={2}
          title={t('order.title')}
          onClose={close}
          onBack={() => goTo(1)}
          onContinue={onContinue}
        >
          <OrderStep
            chapters={ordered}
            onReorder={(from, to) =>
              update((previous) => ({
                ...previous,
                sortedConversations: moveItem(previous.sortedConversations, from, to),
              }))
            }
          />
          <MixedPersonsNote chapters={ordered} />
        </WizardStepModal>
      )}

      {ready && open && step === 3 && (
        <WizardStepModal
          key={3}
          step={3}
          title={t('parameters.title')}
          onClose={close}
          onBack={() => goTo(2)}
          onContinue={onContinue}
        >
          <ParametersStep
            author={state.bookParameters.author}
            largePrint={state.bookParameters.largePrint}
            voiceCodes={state.bookParameters.voiceCodes}
            onAuthorChange={(author) => setParams({ author })}
            onLargePrintChange={(largePrint) => setParams({ largePrint })}
            onVoiceCodesChange={(voiceCodes) => setParams({ voiceCodes })}
            showErrors={showErrors}
          />
        </WizardStepModal>
      )}

      {ready && open && step === 4 && (
        <WizardStepModal
          key={4}
          step={4}
          title={t('summary.title')}
          onClose={close}
          onBack={() => goTo(3)}
          onContinue={onContinue}
        >
          <SummaryStep
            params={state.bookParameters}
            onChange={setParams}
            suggesting={suggesting}
            suggested={suggested}
            showErrors={showErrors}
          />
        </WizardStepModal>
      )}

      {ready && open && step === 5 && (
        <WizardStepModal
          key={5}
          step={5}
          title={t('cover.title')}
          onClose={close}
          onBack={() => goTo(4)}
          onContinue={onContinue}
        >
          <ImagePicker
            name="cover"
            intro={t('cover.intro')}
            chapters={ordered}
            value={state.bookParameters.coverImage}
            onChange={(coverImage) => setParams({ coverImage })}
          />
        </WizardStepModal>
      )}

      {ready && open && step === 6 && (
        <WizardStepModal
          key={6}
          step={6}
          title={t('portrait.title')}
          onClose={close}
          onBack={() => goTo(5)}
          onContinue={onContinue}
          continueLabel={t('nav.create')}
          busy={busy}
        >
          <ImagePicker
            name="portrait"
            intro={t('portrait.intro')}
            chapters={ordered}
            value={state.bookParameters.authorImage}
            onChange={(authorImage) => setParams({ authorImage })}
          />
          <div aria-live="polite" className="empty:hidden">
            {busy ? (
              <div className="text-brand">
                <Spinner label={t('create.working')} />
              </div>
            ) : missing ? (
              <Notice tone="error" title={t('create.failedTitle')}>
                {t('create.missing')}
              </Notice>
            ) : failure?.kind === 'fullAccess' && circle ? (
              <Notice tone="error" title={t('create.failedTitle')}>
                <p>{t('circle.fullAccess', { name: circle.storytellerName })}</p>
              </Notice>
            ) : failure?.kind === 'fullAccess' ? (
              <Notice tone="error" title={t('access.title')}>
                <p>{t('create.fullAccessMessage')}</p>
                <ButtonLink to="/subscription" variant="secondary" className="mt-3">
                  {t('access.link')}
                </ButtonLink>
              </Notice>
            ) : failure ? (
              <Notice tone="error" title={t('create.failedTitle')}>
                {failure.kind === 'server'
                  ? failure.text
                  : failure.kind === 'offline'
                    ? t('create.offline')
                    : t('create.generic')}
              </Notice>
            ) : null}
          </div>
        </WizardStepModal>
      )}
    </div>
  );
}
