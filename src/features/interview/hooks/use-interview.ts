// Everything the chat screen does, in one place: the state machine fed by the buttons, the dictation,
// the typed text, the countdown and the biographer's voice; the answer kept as a Dexie draft with its
// Idempotency-Key; sending, and queuing in the outbox when there is no connection. Issue 20: the sound of
// a spoken answer recorded beside the dictation (when the person chose so, asked once) and sent after
// the answer; where the browser cannot listen, the server turns the recording into words.
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
  queueRecordingOf,
  registerChatAnswerSender,
  useQueuedAnswer,
} from '../answer-delivery';
import { discardAnswerRecording } from '../recording/answer-recordings';
import { canRecord, pickRecordingMime } from '../recording/recorder';
import { joinSpeech } from '../speech/speech-controller';
import { transcribeRecording } from '../api/transcribe';
import { chatReducer, initialChatMachine, mainActionFor } from '../chat-state';
import { useChatConversation } from '../api/get-conversation';
import { latestAssistantMessage, useChatMessages } from '../api/get-messages';
import { interviewKeys } from '../api/interview-keys';
import { sendChatMessage } from '../api/send-message';
import { MAX_MESSAGE_LENGTH, type AssistantReplyWire, type ChatMessageWire } from '../api/types';
import { useAssistantAudio } from './use-assistant-audio';
import { useAutoSendCountdown } from './use-auto-send-countdown';
import { useLatest } from './use-latest';
import { useAnswerRecording, type VoiceProblem } from './use-answer-recording';
import { useSpeechInput, type SpeechAvailability } from './use-speech-input';
import { useVoiceConfig } from './use-voice-config';

/** Whether the answer would be sent: non-empty after trimming (spec §5). */
export function hasText(text: string): boolean {
  return text.trim().length > 0;
}

export type SendProblem = 'failed' | 'tooLong' | null;
/** Listening stopped by itself: no microphone, or the browser could not listen (issue 29 #29). */
export type ListenProblem = 'noMicrophone' | 'failed' | null;
/** The answer kept from an earlier visit: not decided yet, offered back, or dealt with. */
export type DraftOffer = 'unknown' | 'shown' | 'done';

/** How a spoken answer becomes words: the browser listens, the server transcribes a recording, or neither. */
export type VoiceMode = 'browser' | 'server' | 'none';

/** What a failed transcription means for the person. */
export function transcriptionProblem(error: unknown): VoiceProblem {
  if (!(error instanceof ApiError)) return 'transcriptionFailed';
  if (error.reason === 'network') return 'offline';
  switch (error.type) {
    case 'recording_too_large':
    case 'recording_too_long':
    case 'payload_too_large':
      return 'tooLarge';
    case 'invalid_audio_type':
      return 'format';
    case 'no_speech':
      return 'silence';
  }
  if (error.status === 413) return 'tooLarge';
  if (error.status === 415) return 'format';
  return 'transcriptionFailed';
}

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
  const [transcribing, setTranscribing] = useState(false);
  const [serverRefused, setServerRefused] = useState(false);
  const [listenProblem, setListenProblem] = useState<ListenProblem>(null);
  /** Bumped when the answer is cleared or started again: a transcription still on its way is ignored. */
  const transcriptionRound = useRef(0);

  const machineRef = useLatest(machine);
  const draftRef = useLatest(draft);

  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'fr';
  const stopTalkingRef = useRef<() => void>(() => {});
  /** The dictation was started with the recorder beside it and has heard nothing yet. */
  const soundBesideDictation = useRef(false);
  /**
   * Some phones cannot give the microphone to the dictation and the recorder at once: then the
   * dictation goes on alone for the rest of the visit, and the screen says the voice is not kept.
   */
  const dictationAlone = useRef(false);
  const restartDictationRef = useRef<() => void>(() => {});
  const recording = useAnswerRecording(conversationId, () => {
    // The sound reached its limit: where the server writes the words, that is the end of the answer.
    if (modeRef.current === 'server') stopTalkingRef.current();
  });
  const speech = useSpeechInput({
    lang: getLocaleTag(language),
    onText: (text) => {
      if (hasText(text)) soundBesideDictation.current = false;
      setDraft(text);
    },
    onFailure: (failure, text) => {
      // The recorder beside the dictation may hold the microphone: the dictation is tried again alone.
      const maybeShared = failure === 'error' || failure === 'no-microphone';
      if (maybeShared && soundBesideDictation.current && !hasText(text)) {
        soundBesideDictation.current = false;
        dictationAlone.current = true;
        recording.cancel();
        recording.setProblem('notKept');
        restartDictationRef.current();
        return;
      }
      soundBesideDictation.current = false;
      setDraft(text);
      void recording.finish(true);
      // Said in plain words, with what to do; a refused microphone has its own notice.
      if (failure === 'no-microphone') {
        recording.setProblem(null);
        setListenProblem('noMicrophone');
      } else if (failure === 'error') {
        setListenProblem('failed');
      }
      dispatch({ type: 'SPEECH_FAILED', hasText: hasText(text) });
    },
  });
  const browserCannotListen = speech.availability === 'unsupported';
  const voiceConfig = useVoiceConfig(browserCannotListen || recording.keepWanted);
  const mode: VoiceMode = !browserCannotListen
    ? 'browser'
    : voiceConfig.transcription && canRecord() && pickRecordingMime() !== null
      ? 'server'
      : 'none';
  const modeRef = useLatest(mode);
  const limitsRef = useLatest(voiceConfig.limits);
  const speechAvailability: SpeechAvailability =
    mode === 'server' ? (serverRefused ? 'refused' : 'available') : speech.availability;
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
      setListenProblem(null);
      recording.setProblem(null);
      await Promise.all([clearDraft(), forgetAnswerKey(conversationId)]);
      const playing = await audio.playLatest();
      dispatch(
        playing
          ? { type: 'AUDIO_STARTED' }
          : { type: 'AUDIO_FAILED', hasText: hasText(draftRef.current) },
      );
    },
    [audio, clearDraft, conversationId, draftRef, queryClient, recording],
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
      // The sound stops when the answer is sent, and is kept with it.
      await recording.settle();
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
    await queueRecordingOf(conversationId, key, reply);
    await receiveReply(content, reply);
  }, [conversationId, draftRef, machineRef, receiveReply, recording]);

  const countdownProgress = useAutoSendCountdown(
    machine.state === 'user-updating' && machine.countdown && !machine.sending,
    () => void send(),
  );

  restartDictationRef.current = () => speech.start('');
  const speechAvailable = speechAvailability === 'available';
  const composing = offer === 'done' && !queued;

  /** The answer being composed is dropped, with its sound and its key. */
  const forgetAnswer = useCallback(async () => {
    await discardAnswerRecording(conversationId).catch((error: unknown) => {
      console.warn('Could not drop the recording of the answer', error);
    });
    await forgetAnswerKey(conversationId);
  }, [conversationId]);

  /** Listening starts on an emptied answer; the sound is recorded beside it when `keep`. */
  const beginTalking = useCallback(
    (keep: boolean) => {
      setSendProblem(null);
      setListenProblem(null);
      setServerRefused(false);
      transcriptionRound.current += 1;
      setDraft('');
      recording.cancel();
      void forgetAnswer();
      dispatch({ type: 'START_TALKING' });
      if (modeRef.current === 'server') {
        void recording.start(limitsRef.current).then((started) => {
          if (started) return;
          setServerRefused(true);
          dispatch({ type: 'SPEECH_FAILED', hasText: false });
        });
        return;
      }
      speech.start('');
      const withSound = keep && !dictationAlone.current;
      soundBesideDictation.current = withSound;
      if (withSound) void recording.start(limitsRef.current);
    },
    [forgetAnswer, limitsRef, modeRef, recording, setDraft, speech],
  );

  /** Server mode: the recording goes to the server, its words come into the answer to be read over. */
  const transcribe = useCallback(async () => {
    const round = ++transcriptionRound.current;
    setTranscribing(true);
    try {
      const recorded = await recording.finish(true);
      if (round !== transcriptionRound.current) return;
      if (!recorded) {
        recording.setProblem('silence');
        return;
      }
      const { text } = await transcribeRecording(
        { blob: recorded.blob, mimeType: recorded.mimeType, durationMs: recorded.durationMs },
        language,
      );
      if (round !== transcriptionRound.current) return;
      if (!hasText(text)) {
        recording.setProblem('silence');
        return;
      }
      // Whatever was typed meanwhile stays; the words come after it.
      const next = joinSpeech(draftRef.current, text.trim());
      setDraft(next);
      dispatch({ type: 'TEXT_EDITED', hasText: true });
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'unauthorized') handleGlobalApiError(error);
      if (round === transcriptionRound.current) recording.setProblem(transcriptionProblem(error));
    } finally {
      if (round === transcriptionRound.current) setTranscribing(false);
    }
  }, [draftRef, language, recording, setDraft]);

  const stopTalking = useCallback(() => {
    const current = machineRef.current;
    if (current.state !== 'user-talking') return;
    if (modeRef.current === 'server') {
      dispatch({ type: 'LISTENED', hasText: hasText(draftRef.current) });
      void transcribe();
      return;
    }
    const text = current.paused ? draftRef.current : speech.stop();
    setDraft(text);
    void recording.finish(true);
    dispatch({ type: 'STOP_TALKING', hasText: hasText(text) });
  }, [draftRef, machineRef, modeRef, recording, setDraft, speech, transcribe]);
  stopTalkingRef.current = stopTalking;

  const pressMain = useCallback(() => {
    const current = machineRef.current;
    if (current.sending || !composing || transcribing) return;
    switch (mainActionFor[current.state]) {
      case 'start':
        if (!speechAvailable) {
          // The typed path: the answer is written in the box.
          answerRef.current?.focus();
          return;
        }
        // Asked once, the first time the person answers by voice.
        recording.askThen(beginTalking);
        return;
      case 'stop':
        stopTalking();
        return;
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
    beginTalking,
    composing,
    draftRef,
    machineRef,
    recording,
    send,
    speechAvailable,
    stopTalking,
    transcribing,
  ]);

  const togglePause = useCallback(() => {
    const current = machineRef.current;
    if (current.state !== 'user-talking') return;
    if (current.paused) {
      if (modeRef.current !== 'server') speech.resume(draftRef.current);
      recording.resume();
    } else {
      if (modeRef.current !== 'server') setDraft(speech.pause());
      recording.pause();
    }
    dispatch({ type: 'TOGGLE_PAUSE' });
  }, [draftRef, machineRef, modeRef, recording, setDraft, speech]);

  const editText = useCallback(
    (value: string) => {
      const current = machineRef.current;
      if (current.sending || !composing) return;
      if (current.state === 'user-talking' && !current.paused) {
        if (modeRef.current !== 'server') speech.pause();
        recording.pause();
      }
      if (current.state === 'bot-talking') audio.stop();
      setSendProblem(null);
      setDraft(value);
      dispatch({ type: 'TEXT_EDITED', hasText: hasText(value) });
    },
    [audio, composing, machineRef, modeRef, recording, setDraft, speech],
  );

  const clear = useCallback(() => {
    if (machineRef.current.sending) return;
    speech.stop();
    recording.cancel();
    transcriptionRound.current += 1;
    setTranscribing(false);
    audio.stop();
    setSendProblem(null);
    setListenProblem(null);
    void clearDraft();
    void forgetAnswer();
    dispatch({ type: 'CLEAR' });
    answerRef.current?.focus();
  }, [audio, clearDraft, forgetAnswer, machineRef, recording, speech]);

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
      if (modeRef.current !== 'server') setDraft(speech.pause());
      recording.pause();
      dispatch({ type: 'TOGGLE_PAUSE' });
    }
  }, [machineRef, modeRef, recording, setDraft, speech]);

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
    void forgetAnswer();
    dispatch({ type: 'CLEAR' });
  }, [clearDraft, forgetAnswer]);

  /** Leaving: the microphone and the voice stop; the draft is saved by useDraft on unmount. */
  const leave = useCallback(() => {
    speech.stop();
    void recording.finish(true);
    audio.stop();
  }, [audio, recording, speech]);

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
    speechAvailability,
    voiceMode: mode,
    /** Whether the server can write the words is not known yet. */
    voicePending: browserCannotListen && voiceConfig.pending,
    transcribing,
    voiceProblem: recording.problem,
    listenProblem,
    recordingKept: recording.keepWanted,
    consent: {
      open: recording.consentOpen,
      choose: recording.choose,
      dismiss: recording.dismiss,
    },
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
