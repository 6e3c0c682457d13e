// POST /conversations/{id}/messages/{messageId}/recording (multipart `file`, `duration_ms`): the sound of
// the person's answer, sent once the answer itself is on the server. A second upload replaces the first,
// so a replay from the outbox is harmless.
import { apiRequest } from '../../../lib/api-client';
import type { MessageRecordingWire } from './types';

export interface RecordingUpload {
  blob: Blob;
  mimeType: string;
  durationMs: number | null;
}

/** A file name the server ignores (it reads the first bytes) but that says what it is. */
function fileName(mimeType: string): string {
  if (mimeType.includes('ogg')) return 'answer.ogg';
  if (mimeType.includes('mp4')) return 'answer.m4a';
  if (mimeType.includes('aac')) return 'answer.aac';
  return 'answer.webm';
}

export function recordingForm(
  upload: RecordingUpload,
  extra: Record<string, string> = {},
): FormData {
  const form = new FormData();
  if (upload.durationMs !== null) form.append('duration_ms', String(Math.round(upload.durationMs)));
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  form.append('file', upload.blob, fileName(upload.mimeType));
  return form;
}

export function uploadRecording(
  conversationId: string,
  messageId: string,
  upload: RecordingUpload,
  idempotencyKey?: string,
): Promise<MessageRecordingWire> {
  return apiRequest<MessageRecordingWire>(
    `/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/recording`,
    { method: 'POST', body: recordingForm(upload), idempotencyKey },
  );
}
