// GET /conversations/{id}/messages/assistant-latest/audio: the biographer's latest words as WAV.
// Same address after every reply, new sound: never cached here (the server says no-cache too).
import { apiRequest } from '../../../lib/api-client';

export function getLatestAssistantAudio(
  conversationId: string,
  signal?: AbortSignal,
): Promise<Blob> {
  return apiRequest<Blob>(
    `/conversations/${encodeURIComponent(conversationId)}/messages/assistant-latest/audio`,
    { responseType: 'blob', signal },
  );
}
