// Dictation for the chat: one SpeechController per language, told what the person said and when
// listening failed; says whether the browser can listen at all, or the microphone was refused.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { detectBrowser } from '../../../lib/browser';
import {
  findSpeechRecognition,
  SpeechController,
  type SpeechFailure,
} from '../speech/speech-controller';
import { useLatest } from './use-latest';

export type SpeechAvailability = 'available' | 'unsupported' | 'refused';

export interface SpeechInput {
  availability: SpeechAvailability;
  start(baseText?: string): void;
  /** Stops listening; returns everything heard (the earlier text included). */
  stop(): string;
  pause(): string;
  resume(baseText: string): void;
}

interface Options {
  lang: string;
  onText: (text: string) => void;
  /** Listening stopped by itself; `text` is everything kept so far. */
  onFailure: (failure: SpeechFailure, text: string) => void;
}

export function useSpeechInput({ lang, onText, onFailure }: Options): SpeechInput {
  const Recognition = useMemo(() => findSpeechRecognition(), []);
  const [refused, setRefused] = useState(false);
  const handlers = useLatest({ onText, onFailure });
  const controllerRef = useRef<SpeechController | null>(null);

  const controller = useMemo(() => {
    if (!Recognition) return null;
    const made: SpeechController = new SpeechController({
      Recognition,
      lang,
      android: detectBrowser() === 'android',
      onText: (text) => handlers.current.onText(text),
      onFailure: (failure) => {
        if (failure === 'not-allowed') setRefused(true);
        handlers.current.onFailure(failure, made.text);
      },
    });
    return made;
  }, [Recognition, lang, handlers]);

  useEffect(() => {
    controllerRef.current = controller;
    // Leaving the screen (or switching language) stops the microphone.
    return () => controller?.dispose();
  }, [controller]);

  const start = useCallback((baseText = '') => {
    // A refusal is remembered for this visit only: the person may allow the microphone meanwhile.
    setRefused(false);
    controllerRef.current?.start(baseText);
  }, []);
  const stop = useCallback(() => controllerRef.current?.stop() ?? '', []);
  const pause = useCallback(() => controllerRef.current?.pause() ?? '', []);
  const resume = useCallback((baseText: string) => controllerRef.current?.resume(baseText), []);

  const availability: SpeechAvailability = !Recognition
    ? 'unsupported'
    : refused
      ? 'refused'
      : 'available';
  return useMemo(
    () => ({ availability, start, stop, pause, resume }),
    [availability, start, stop, pause, resume],
  );
}
