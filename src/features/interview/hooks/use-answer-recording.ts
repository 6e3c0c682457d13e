// The sound of the answer being spoken (issue 20): the person's choice (asked once, saved on the
// account), the recorder beside the dictation, and keeping what was recorded on the device with the
// answer's key until the answer is sent.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSessionUser } from '../../../lib/session';
import { answerKeyFor } from '../answer-keys';
import { saveRecordChoice } from '../api/save-record-choice';
import { keepAnswerRecording } from '../recording/answer-recordings';
import {
  AnswerRecorder,
  canRecord,
  type RecordedAnswer,
  type RecorderLimits,
} from '../recording/recorder';
import { useLatest } from './use-latest';

/** What the screen says about the voice: not kept, cut at the limit, or the words not understood. */
export type VoiceProblem =
  | 'full'
  | 'notKept'
  | 'limit'
  | 'tooLarge'
  | 'format'
  | 'silence'
  | 'transcriptionFailed'
  | 'offline'
  | null;

export function useAnswerRecording(conversationId: string, onLimit: () => void) {
  const user = useSessionUser();
  // A choice that could not be saved (no connection) still holds for this visit.
  const [localChoice, setLocalChoice] = useState<boolean | null>(null);
  const [consentOpen, setConsentOpen] = useState(false);
  const [problem, setProblem] = useState<VoiceProblem>(null);
  const pendingStart = useRef<((keep: boolean) => void) | null>(null);
  const finishing = useRef<Promise<RecordedAnswer | null> | null>(null);
  /** Bumped by cancel(): a sound still being stopped then belongs to no answer and is not kept. */
  const round = useRef(0);
  const recorder = useMemo(() => new AnswerRecorder(), []);
  const onLimitRef = useLatest(onLimit);

  const serverChoice = user?.recordAnswers;
  const choice = localChoice ?? serverChoice;
  /** Undefined: the server keeps no sound (an older one): nothing is asked nor recorded. */
  const supported = serverChoice !== undefined && canRecord();
  const keepWanted = supported && choice === true;
  const keepWantedRef = useLatest(keepWanted);
  const needsConsent = supported && choice === null;

  useEffect(() => {
    recorder.onLimit = () => {
      setProblem('limit');
      onLimitRef.current();
    };
  }, [onLimitRef, recorder]);

  /** Asks first when the person was never asked; `then` runs with their choice once they answered. */
  const askThen = useCallback(
    (then: (keep: boolean) => void) => {
      if (!needsConsent) {
        then(keepWanted);
        return;
      }
      pendingStart.current = then;
      setConsentOpen(true);
    },
    [keepWanted, needsConsent],
  );

  const choose = useCallback((keep: boolean) => {
    setConsentOpen(false);
    setLocalChoice(keep);
    // Started in the same click, before the choice is saved: the microphone needs the person's gesture.
    const then = pendingStart.current;
    pendingStart.current = null;
    then?.(keep);
    saveRecordChoice(keep).catch((error: unknown) => {
      console.warn('Could not save the recording choice; it holds for this visit', error);
    });
  }, []);

  const dismiss = useCallback(() => {
    setConsentOpen(false);
    const then = pendingStart.current;
    pendingStart.current = null;
    then?.(false);
  }, []);

  const start = useCallback(
    (limits: RecorderLimits) => {
      setProblem(null);
      finishing.current = null;
      return recorder.start(limits);
    },
    [recorder],
  );

  /**
   * Stops the recorder. `keep`: the sound is kept on the device with the answer's key (when the person
   * chose so). Resolves with the sound, for the transcription.
   */
  const finish = useCallback(
    (keep: boolean): Promise<RecordedAnswer | null> => {
      if (!recorder.active) return finishing.current ?? Promise.resolve(null);
      const started = round.current;
      const done = (async () => {
        const recorded = await recorder.stop();
        if (started !== round.current) return null;
        if (!recorded || !keep || !keepWantedRef.current) return recorded;
        const key = await answerKeyFor(conversationId);
        const kept = await keepAnswerRecording(conversationId, key, recorded);
        if (kept !== 'kept') setProblem(kept === 'full' ? 'full' : 'notKept');
        return recorded;
      })();
      finishing.current = done;
      return done;
    },
    [conversationId, keepWantedRef, recorder],
  );

  /** Waits for the sound being stopped and kept, so that it leaves with the answer. */
  const settle = useCallback(async () => {
    if (recorder.active) await finish(true);
    else if (finishing.current) await finishing.current.catch(() => null);
  }, [finish, recorder]);

  const cancel = useCallback(() => {
    round.current += 1;
    recorder.cancel();
    finishing.current = null;
    setProblem(null);
  }, [recorder]);

  // Leaving the screen frees the microphone; what was recorded stays with the saved answer.
  useEffect(() => () => void finish(true), [finish]);

  const pause = useCallback(() => recorder.pause(), [recorder]);
  const resume = useCallback(() => recorder.resume(), [recorder]);

  return useMemo(
    () => ({
      supported,
      keepWanted,
      needsConsent,
      consentOpen,
      askThen,
      choose,
      dismiss,
      start,
      pause,
      resume,
      finish,
      settle,
      cancel,
      problem,
      setProblem,
    }),
    [
      supported,
      keepWanted,
      needsConsent,
      consentOpen,
      askThen,
      choose,
      dismiss,
      start,
      pause,
      resume,
      finish,
      settle,
      cancel,
      problem,
    ],
  );
}

export type AnswerRecording = ReturnType<typeof useAnswerRecording>;
