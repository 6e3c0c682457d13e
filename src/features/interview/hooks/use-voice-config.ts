// What the server says about voices (GET /config, issue 20): whether it can turn a recording into words
// (`features.transcription`) and its limits for one recording. Asked only when the chat needs it.
import { useQuery } from '@tanstack/react-query';
import { publicConfigQueryOptions } from '../../../lib/public-config';
import {
  DEFAULT_RECORDING_MAX_BYTES,
  DEFAULT_RECORDING_MAX_MS,
  type RecorderLimits,
} from '../recording/recorder';

export interface VoiceConfig {
  /** The server turns recordings into words (`POST /transcriptions`). */
  transcription: boolean;
  limits: RecorderLimits;
  /** Still being asked (the chat waits before saying it cannot listen). */
  pending: boolean;
}

export function useVoiceConfig(enabled: boolean): VoiceConfig {
  const { data, isPending } = useQuery({ ...publicConfigQueryOptions(), enabled });
  return {
    pending: enabled && isPending,
    transcription: (data?.features?.transcription ?? 'none') !== 'none',
    limits: {
      maxBytes: data?.limits?.recording_max_bytes ?? DEFAULT_RECORDING_MAX_BYTES,
      maxMs: data?.limits?.recording_max_ms ?? DEFAULT_RECORDING_MAX_MS,
    },
  };
}
