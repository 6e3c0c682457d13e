// The biographer's voice: fetches the latest reply's WAV, plays it in the page's <audio> element,
// replays it, and stops it. Failures are silent (spec §8): the caller only learns "not playing".
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { handleGlobalApiError } from '../../../lib/api-errors';
import { getLatestAssistantAudio } from '../api/get-latest-audio';

export interface AssistantAudio {
  audioRef: React.RefObject<HTMLAudioElement | null>;
  /** Fetches the newest reply's audio and plays it; true once it is playing. */
  playLatest(): Promise<boolean>;
  /** Plays the last audio again (fetching it first if this visit has none yet). */
  replay(): Promise<boolean>;
  stop(): void;
}

export function useAssistantAudio(conversationId: string): AssistantAudio {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const objectUrl = useRef<string | null>(null);
  // Each play or stop bumps it, so a fetch that finishes after "stop" does not start talking.
  const generation = useRef(0);

  useEffect(() => {
    const audio = audioRef.current;
    return () => {
      generation.current += 1;
      audio?.pause();
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
      objectUrl.current = null;
    };
  }, [conversationId]);

  const play = useCallback(
    async (fresh: boolean): Promise<boolean> => {
      const mine = ++generation.current;
      const audio = audioRef.current;
      if (!audio) return false;
      audio.pause();
      try {
        if (fresh || !objectUrl.current) {
          const blob = await getLatestAssistantAudio(conversationId);
          if (mine !== generation.current) return false;
          const url = URL.createObjectURL(blob);
          if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
          objectUrl.current = url;
          audio.src = url;
        }
        audio.currentTime = 0;
        await audio.play();
        if (mine !== generation.current) {
          audio.pause();
          return false;
        }
        return true;
      } catch (error) {
        if (error instanceof ApiError) handleGlobalApiError(error, { toast: false });
        return false;
      }
    },
    [conversationId],
  );

  const playLatest = useCallback(() => play(true), [play]);
  const replay = useCallback(() => play(false), [play]);
  const stop = useCallback(() => {
    generation.current += 1;
    audioRef.current?.pause();
  }, []);

  return useMemo(() => ({ audioRef, playLatest, replay, stop }), [playLatest, replay, stop]);
}
