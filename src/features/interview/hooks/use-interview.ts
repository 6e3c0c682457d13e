// Everything the chat screen does, in one place: the state machine fed by the buttons, the dictation,
// the typed text, the countdown and the biographer's voice; the answer kept as a Dexie draft with its
// Idempotency-Key; sending, and queuing in the outbox when there is no connection.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { handleGlobalApiError } from '../../../lib/api-errors';
import { getLocaleTag, isLanguage } from '../../../lib/i18n';
import { useDraft } from '../../../offline/use-draft';
import { answerKeyFor, forgetAnswerKey } from '../answer-keys';
import {
  onAnswerDelivered,
  queueAnswer,
  registerChatAnswerSender,
  useQueuedAnswer,
} from '../answer-delivery';
import { chatReducer, initialChatMachine, mainActionFor } from '../chat-state';
import { useChatConversation } from '../api/get-conversation';
import { latestAssistantMessage, useChatMessages } from '../api/get-messages';
import { interviewKeys } from '../api/interview-keys';
import { sendChatMessage } from '../api/send-message';
import { MAX_MESSAGE_LENGTH, type AssistantReplyWire, type ChatMessageWire } from '../api/types';
import { useAssistantAudio } from './use-assistant-audio';
import { useAutoSendCountdown } from './use-auto-send-countdown';
import { useLatest } from './use-latest';
import { useSpeechInput } from './use-speech-input';

/** Whether the answer would be sent: non-empty after trimming (spec §5). */
export function hasText(text: string): boolean {
  return text.trim().length > 0;
}

export type SendProblem = 'failed' | 'tooLong' | null;
/** The answer kept from an earlier visit: not decided yet, offered back, or dealt with. */
export type DraftOffer = 'unknown' | 'shown' | 'done';

export function useInterview(conversationId: string) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const conversation = useChatConversation(conversationId);
  const messages = useChatMessages(conversationId);
  const [draft, setDraft, clearDraft, draftStatus] = useDraft(`chat:${conversationId}`);
  const queued = useQueuedAnswer(conversationId);
  const [machine, dispatch] = useReducer(chatReducer, initialChatMachine);
  const [sendProblem, setSendProblem] = useState<SendProblem>(null);
  const [offer, setOffer] = useState<DraftOffer>('unknown');
  const answerRef = useRef<HTMLTextAreaElement | null>(null);

  const machineRef = useLatest(machine);
  const draftRef = useLatest(draft);

  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'fr';
  const speech = useSpeechInput({
    lang: getLocaleTag(language),
    onText: setDraft,
    onFailure: (_failure, text) => {
      setDraft(text);
      dispatch({ type: 'SPEECH_FAILED', hasText: hasText(text) });
    },
  });
  const audio = useAssistantAudio(conversationId);

  // An answer kept from an earlier visit is offered back once, when the chat opens.
  useEffect(() => {
    if (offer !== 'unknown' || !draftStatus.loaded || queued === undefined) return;
    setOffer(queued === null && hasText(draft) ? 'shown' : 'done');
  }, [offer, draftStatus.loaded, queued, draft]);

  /** The reply is in: history updated, the answer's draft and key gone, then the biographer speaks. */
  const receiveReply = useCallback(
    async (content: string, reply: AssistantReplyWire) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<ChatMessageWire[]>(interviewKeys.messages(conversationId), (old) =>
        old
          ? [
              ...old,
              { id: `sent-${reply.id}`, type: 'user', content, created_at: now },
              { ...reply, created_at: now },
            ]
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: interviewKeys.messages(conversationId) });
      setSendProblem(null);
      await Promise.all([clearDraft(), forgetAnswerKey(conversationId)]);
      const playing = await audio.playLatest();
      dispatch(
        playing
          ? { type: 'AUDIO_STARTED' }
          : { type: 'AUDIO_FAILED', hasText: hasText(draftRef.current) },
      );
    },
    [audio, clearDraft, conversationId, draftRef, queryClient],
  );
  const receiveReplyRef = useLatest(receiveReply);

  // An answer that waited in the outbox reached the server: its reply arrives here as usual.
  useEffect(registerChatAnswerSender, []);
  useEffect(
    () =>
      onAnswerDelivered((delivered) => {
        if (delivered.conversationId !== conversationId) return;
        dispatch({ type: 'REPLY_DELIVERED' });
        void receiveReplyRef.current(delivered.content, delivered.reply);
      }),
    [conversationId, receiveReplyRef],
  );

  const send = useCallback(async () => {
    const current = machineRef.current;
    if (current.state !== 'user-updating' || current.sending) return;
    const content = draftRef.current.trim();
    if (!content) {
      dispatch({ type: 'TEXT_EDITED', hasText: false });
      return;
    }
    if (content.length > MAX_MESSAGE_LENGTH) {
      dispatch({ type: 'CANCEL_COUNTDOWN' });
      setSendProblem('tooLong');
      return;
    }
    dispatch({ type: 'SEND' });
    setSendProblem(null);
    let key: string;
    let reply: AssistantReplyWire;
    try {
      key = await answerKeyFor(conversationId);
    } catch (error) {
      console.warn('Could not keep the answer key on this device', error);
      dispatch({ type: 'SEND_FAILED' });
      setSendProblem('failed');
      return;
    }
    try {
      reply = await sendChatMessage(conversationId, content, key);
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'network') {
        // The answer waits on the device and goes as soon as the connection is back.
        try {
          await queueAnswer(conversationId, { content, idempotencyKey: key });
        } catch (queueError) {
          console.warn('Could not queue the chat answer', queueError);
          setSendProblem('failed');
        }
      } else {
        // Spec §8: only the loading stops (and a 401 still signs out); the text stays.
        handleGlobalApiError(error, { toast: false });
        setSendProblem('failed');
      }
      dispatch({ type: 'SEND_FAILED' });
      return;
    }
    await receiveReply(content, reply);
  }, [conversationId, draftRef, machineRef, receiveReply]);

  const countdownProgress = useAutoSendCountdown(
    machine.state === 'user-updating' && machine.countdown && !machine.sending,
    () => void send(),
  );

  const speechAvailable = speech.availability === 'available';
  const composing = offer === 'done' && !queued;

  const pressMain = useCallback(() => {
    const current = machineRef.current;
    if (current.sending || !composing) return;
    switch (mainActionFor[current.state]) {
      case 'start':
        if (!speechAvailable) {
          // The typed path: the answer is written in the box.
          answerRef.current?.focus();
          return;
        }
        setSendProblem(null);
        setDraft('');
        void forgetAnswerKey(conversationId);
        dispatch({ type: 'START_TALKING' });
        speech.start('');
        return;
      case 'stop': {
        const text = current.paused ? draftRef.current : speech.stop();
        setDraft(text);
        dispatch({ type: 'STOP_TALKING', hasText: hasText(text) });
        return;
      }
      case 'send':
        void send();
        return;
      case 'interrupt':
        audio.stop();
        dispatch({ type: 'INTERRUPT', hasText: hasText(draftRef.current) });
        return;
    }
  }, [
    audio,
    composing,
    conversationId,
    draftRef,
    machineRef,
    send,
    setDraft,
    speech,
    speechAvailable,
  ]);

  const togglePause = useCallback(() => {
    const current = machineRef.current;
    if (current.state !== 'user-talking') return;
    if (current.paused) speech.resume(draftRef.current);
    else setDraft(speech.pause());
    dispatch({ type: 'TOGGLE_PAUSE' });
  }, [draftRef, machineRef, setDraft, speech]);

  const editText = useCallback(
    (value: string) => {
      const current = machineRef.current;
      if (current.sending || !composing) return;
      if (current.state === 'user-talking' && !current.paused) speech.pause();
      if (current.state === 'bot-talking') audio.stop();
      setSendProblem(null);
      setDraft(value);
      dispatch({ type: 'TEXT_EDITED', hasText: hasText(value) });
    },
    [audio, composing, machineRef, setDraft, speech],
  );

  const clear = useCallback(() => {
    if (machineRef.current.sending) return;
    speech.stop();
    audio.stop();
    setSendProblem(null);
    void clearDraft();
    void forgetAnswerKey(conversationId);
    dispatch({ type: 'CLEAR' });
    answerRef.current?.focus();
  }, [audio, clearDraft, conversationId, machineRef, speech]);

  const replay = useCallback(async () => {
    const current = machineRef.current;
    if (current.sending || current.state === 'user-talking') return;
    const playing = await audio.replay();
    dispatch(
      playing
        ? { type: 'AUDIO_STARTED' }
        : { type: 'AUDIO_FAILED', hasText: hasText(draftRef.current) },
    );
  }, [audio, draftRef, machineRef]);

  const audioEnded = useCallback(() => {
    dispatch({ type: 'AUDIO_ENDED', hasText: hasText(draftRef.current) });
  }, [draftRef]);

  const cancelCountdown = useCallback(() => dispatch({ type: 'CANCEL_COUNTDOWN' }), []);

  /** Reading the history is not a moment to send or to keep listening. */
  const holdForHistory = useCallback(() => {
    const current = machineRef.current;
    if (current.countdown) dispatch({ type: 'CANCEL_COUNTDOWN' });
    if (current.state === 'user-talking' && !current.paused) {
      setDraft(speech.pause());
      dispatch({ type: 'TOGGLE_PAUSE' });
    }
  }, [machineRef, setDraft, speech]);

  const resumeDraft = useCallback(() => {
    setOffer('done');
    dispatch({ type: 'RESTORE_DRAFT' });
    requestAnimationFrame(() => {
      const box = answerRef.current;
      if (!box) return;
      box.focus();
      // Picking up an answer is going on with it: the caret goes after the last word.
      box.setSelectionRange(box.value.length, box.value.length);
    });
  }, []);

  const discardDraft = useCallback(() => {
    setOffer('done');
    void clearDraft();
    void forgetAnswerKey(conversationId);
    dispatch({ type: 'CLEAR' });
  }, [clearDraft, conversationId]);

  /** Leaving: the microphone and the voice stop; the draft is saved by useDraft on unmount. */
  const leave = useCallback(() => {
    speech.stop();
    audio.stop();
  }, [audio, speech]);

  return {
    conversation,
    messages,
    latestQuestion: latestAssistantMessage(messages.data),
    machine,
    text: queued ? queued.content : draft,
    draftLoaded: draftStatus.loaded,
    draftSaveError: draftStatus.saveError,
    queued: Boolean(queued),
    offer,
    composing,
    sendProblem,
    countdownProgress,
    speechAvailability: speech.availability,
    audioRef: audio.audioRef,
    answerRef,
    pressMain,
    togglePause,
    editText,
    clear,
    replay,
    audioEnded,
    cancelCountdown,
    holdForHistory,
    resumeDraft,
    discardDraft,
    leave,
  };
}

export type Interview = ReturnType<typeof useInterview>;
