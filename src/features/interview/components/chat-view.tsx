// The chat screen (ChatView, spec §2 and §4): title banner, the biographer's latest question, the answer
// being composed (spoken or typed, always editable), the countdown, the help text of the state, the
// control bar, the end button, the history dialog, and the loading overlay with its tips.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useConnectivity } from '../../../offline/connectivity';
import { chapterTitle } from '../api/get-conversation';
import { MAX_MESSAGE_LENGTH } from '../api/types';
import { mainActionFor, type ChatState } from '../chat-state';
import { hasText, useInterview, type Interview } from '../hooks/use-interview';
import { ControlBar } from './control-bar';
import { CountdownBar } from './countdown-bar';
import { DraftOffer } from './draft-offer';
import { HistoryModal } from './history-modal';
import { EndIcon } from './icons';
import { LoadingTips } from './loading-tips';
import { RecordConsentDialog } from './record-consent-dialog';
import { keepTogether } from '../../../lib/typography';

/** Each state has its own background; the help text says the state in words as well. */
const STATE_BACKGROUNDS: Record<ChatState, string> = {
  'user-can-talk': 'border-line bg-surface',
  'user-talking': 'border-success bg-success-soft',
  'user-updating': 'border-info bg-info-soft',
  'bot-talking': 'border-brand bg-brand-soft',
};

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.reason === 'not_found';
}

export function conversationPath(conversationId: string): string {
  return `/conversations/${encodeURIComponent(conversationId)}`;
}

function useHelpText(chat: Interview): string {
  const { t } = useTranslation('interview');
  const { machine } = chat;
  if (chat.queued) return t('help.queued');
  if (machine.sending) return t('help.sending');
  if (chat.transcribing) return t('recording.transcribing');
  if (machine.state === 'user-talking' && machine.paused) return t('help.paused');
  if (machine.state === 'user-can-talk' && chat.speechAvailability !== 'available')
    return t('help.typed');
  return t(`states.${machine.state}.help`);
}

/**
 * Issue 29 #1: when the biographer's new question arrives (after an answer was sent, or delivered from the
 * outbox), its start is scrolled into view and it takes the focus, so it is read first, by eye and by a
 * screen reader. Not on the first load: the page opens at its top anyway.
 */
function useNewQuestionInView(questionId: string | null) {
  const questionRef = useRef<HTMLParagraphElement>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (questionId === null) return;
    const previous = shown.current;
    shown.current = questionId;
    if (previous === null || previous === questionId) return;
    const node = questionRef.current;
    if (!node) return;
    // The label above the question comes into view with it.
    (node.parentElement ?? node).scrollIntoView?.({ block: 'start' });
    node.focus({ preventScroll: true });
  }, [questionId]);
  return questionRef;
}

export function ChatView({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('interview');
  const navigate = useNavigate();
  const { online } = useConnectivity();
  const chat = useInterview(conversationId);
  const help = useHelpText(chat);
  const [historyOpen, setHistoryOpen] = useState(false);
  const helpId = useId();
  const answerId = useId();
  const questionHeadingId = useId();
  const questionRef = useNewQuestionInView(chat.latestQuestion?.id ?? null);

  if (isNotFound(chat.conversation.error) || isNotFound(chat.messages.error)) {
    return (
      <div className="mx-auto max-w-xl space-y-4 rounded-2xl border-2 border-info bg-info-soft p-6">
        <h1 className="text-3xl">{t('notFound.title')}</h1>
        <p className="text-lg">{t('notFound.message')}</p>
        <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
      </div>
    );
  }

  const { machine, messages } = chat;
  const title = chapterTitle(chat.conversation.data) ?? t('banner.untitled');
  const loadingHistory = messages.isPending && messages.fetchStatus === 'fetching';
  const answer = chat.text;
  const answered = hasText(answer);
  const question = chat.latestQuestion?.content ?? null;
  const talking = machine.state === 'user-talking';
  const countdownShown = machine.countdown && machine.state === 'user-updating' && !machine.sending;
  const announcement = countdownShown ? `${help} ${t('countdown.started')}` : help;

  function onAnswerKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter makes a new line (answers are told in paragraphs); Ctrl+Enter sends.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (machine.state === 'user-updating') chat.pressMain();
    }
  }

  function pressMain() {
    // Issue 35 #9: sending disables the button that has the focus, which would drop it to the page's
    // start. It waits in the answer box instead (still there, text kept, if the send fails or is queued)
    // until the new question takes it.
    if (mainActionFor[machine.state] === 'send')
      chat.answerRef.current?.focus({ preventScroll: true });
    chat.pressMain();
  }

  function openHistory() {
    chat.holdForHistory();
    setHistoryOpen(true);
    void messages.refetch();
  }

  function end() {
    chat.leave();
    navigate(conversationPath(conversationId));
  }

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header className="rounded-2xl bg-brand px-5 py-4 text-white">
        <p className="text-base">{t('banner.eyebrow')}</p>
        <h1 className="text-3xl text-white sm:text-4xl">{keepTogether(title)}</h1>
      </header>

      {chat.speechAvailability !== 'available' && !chat.voicePending && (
        <Notice tone="info" title={t(`speech.${chat.speechAvailability}.title`)}>
          {t(`speech.${chat.speechAvailability}.message`)}
        </Notice>
      )}
      {chat.queued ? (
        <Notice tone="warning" role="status">
          {t('send.queued')}
        </Notice>
      ) : (
        !online && (
          <Notice tone="info" role="status">
            {t('offline')}
          </Notice>
        )
      )}
      {chat.sendProblem && (
        <Notice tone="warning" role="status">
          {chat.sendProblem === 'tooLong'
            ? t('send.tooLong', { max: MAX_MESSAGE_LENGTH })
            : t('send.failed')}
        </Notice>
      )}
      {chat.listenProblem && (
        <Notice tone="warning" role="alert" title={t('listen.title')}>
          {t(`listen.${chat.listenProblem}`)}
        </Notice>
      )}
      {chat.voiceProblem && (
        <Notice tone="warning" role="status">
          {t(`recording.problems.${chat.voiceProblem}`)}
        </Notice>
      )}
      {chat.draftSaveError && (
        <Notice tone="warning" role="status">
          {t(`draft.${chat.draftSaveError}`, { ns: 'offline' })}
        </Notice>
      )}

      <section
        aria-labelledby={questionHeadingId}
        data-state={machine.state}
        className={`relative space-y-4 rounded-2xl border-2 p-4 transition-colors sm:p-6 ${STATE_BACKGROUNDS[machine.state]}`}
      >
        <div className="scroll-mt-4 space-y-2">
          <h2 id={questionHeadingId} className="font-sans text-lg font-semibold">
            {t('question.label')}
          </h2>
          {/* Takes the focus when a new question arrives: read first, by eye and by a screen reader. */}
          <p
            ref={questionRef}
            tabIndex={-1}
            className="rounded-lg font-serif text-2xl leading-snug whitespace-pre-wrap focus:outline-none focus-visible:ring-4 focus-visible:ring-brand"
          >
            {question !== null
              ? keepTogether(question)
              : loadingHistory
                ? ''
                : t('question.unknown')}
          </p>
        </div>

        {chat.offer === 'shown' ? (
          <DraftOffer text={answer} onResume={chat.resumeDraft} onDiscard={chat.discardDraft} />
        ) : (
          <div className="space-y-2">
            <label htmlFor={answerId} className="block text-lg font-semibold">
              {t('answer.label')}
            </label>
            <textarea
              id={answerId}
              ref={chat.answerRef}
              value={answer}
              onChange={(event) => chat.editText(event.target.value)}
              onKeyDown={onAnswerKeyDown}
              readOnly={machine.sending || chat.queued}
              aria-describedby={helpId}
              rows={6}
              placeholder={t('answer.placeholder')}
              className="block w-full resize-y rounded-lg border-2 border-ink-muted bg-surface p-3 text-lg leading-relaxed"
            />
          </div>
        )}

        {countdownShown && (
          <CountdownBar progress={chat.countdownProgress} onCancel={chat.cancelCountdown} />
        )}

        <p id={helpId} className="text-lg font-semibold">
          {help}
        </p>

        {chat.transcribing && (
          <div className="flex items-center gap-3 text-lg text-info">
            <Spinner size="sm" />
            <span aria-hidden="true">{t('recording.transcribing')}</span>
          </div>
        )}
        {(loadingHistory || machine.sending) && (
          <LoadingTips message={machine.sending ? t('loading.reply') : t('loading.history')} />
        )}
      </section>

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      <ControlBar
        machine={machine}
        mainEnabled={chat.composing && !machine.sending && !chat.transcribing}
        canPause={talking && !machine.sending}
        canClear={chat.composing && !machine.sending && (answered || talking)}
        canReplay={question !== null && !machine.sending && !talking}
        helpId={helpId}
        onHistory={openHistory}
        onTogglePause={chat.togglePause}
        onMain={pressMain}
        onClear={chat.clear}
        onReplay={() => void chat.replay()}
      />

      <div className="@container flex flex-col items-center gap-2 text-center">
        <Button variant="secondary" onClick={end} className="flex-col @2xs:flex-row">
          <EndIcon />
          {t('controls.end')}
        </Button>
        <p className="text-base text-ink-muted">{t('controls.endHint')}</p>
      </div>

      {/* The biographer's voice; no controls of its own: the control bar drives it. */}
      <audio ref={chat.audioRef} onEnded={chat.audioEnded} preload="auto" className="hidden" />

      <RecordConsentDialog
        open={chat.consent.open}
        onChoose={chat.consent.choose}
        onDismiss={chat.consent.dismiss}
      />

      <HistoryModal
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        messages={messages.data}
        loading={messages.isFetching}
        failed={messages.isError}
      />
    </div>
  );
}
