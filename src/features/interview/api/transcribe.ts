// POST /transcriptions (multipart `file`, `language`): the words of a recording, for browsers that
// cannot listen themselves. The server keeps nothing.
import { apiRequest } from '../../../lib/api-client';
import type { Language } from '../../../lib/i18n';
import type { TranscriptionWire } from './types';
import { recordingForm, type RecordingUpload } from './upload-recording';

export function transcribeRecording(
  upload: RecordingUpload,
  language: Language,
): Promise<TranscriptionWire> {
  return apiRequest<TranscriptionWire>('/transcriptions', {
    method: 'POST',
    body: recordingForm(upload, { language }),
  });
}
