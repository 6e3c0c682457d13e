// The voice kept (issue 20): the sound of a spoken answer, uploaded right after its message (keyed by the
// message, so the app's outbox can replay it), kept in storage beside the chapter's other files, counted
// in the account's room for recordings, served by signed links with the chat history, and gone with its
// message, chapter or account. Also the transcription of a recording, which keeps nothing.
import { randomBytes } from 'node:crypto';
import { AppError, registerErrorStatus } from '../../errors.ts';
import { registerErrorMessages } from '../../i18n/messages.ts';
import { limits } from '../../limits.ts';
import type { MessageRecording, Transcription } from '../../contract/chat.ts';
import type { StorageProvider } from '../../providers/storage/types.ts';
import {
  TranscriberUnavailableError,
  type Transcriber,
} from '../../providers/transcriber/types.ts';
import type { UserRow } from '../accounts/repository.ts';
import { isUuid } from '../../input.ts';
import { chapterFolder } from '../chat/service.ts';
import { userLanguage } from '../onboarding/service.ts';
import { AUDIO_EXTENSIONS, audioDurationMs, sniffAudio, type AudioMime } from './audio.ts';
import type { ChapterRecordingRow, RecordingRow, RecordingsRepository } from './repository.ts';

registerErrorStatus('recording_not_allowed', 409);
registerErrorStatus('recording_too_large', 413);
registerErrorStatus('recording_too_long', 413);
registerErrorStatus('invalid_audio_type', 415);
registerErrorStatus('recording_quota_reached', 409);
registerErrorStatus('transcription_unavailable', 501);
registerErrorStatus('transcription_failed', 503);
registerErrorStatus('no_speech', 422);
registerErrorMessages({
  recording_not_allowed: {
    fr: 'L’enregistrement de vos réponses n’est pas activé dans votre profil.',
    en: 'Keeping the recordings of your answers is not turned on in your profile.',
  },
  recording_too_large: {
    fr: 'Cet enregistrement est trop lourd : 10 Mo au plus.',
    en: 'This recording is too large: 10 MB at most.',
  },
  recording_too_long: {
    fr: 'Cet enregistrement est trop long : 10 minutes au plus.',
    en: 'This recording is too long: 10 minutes at most.',
  },
  invalid_audio_type: {
    fr: 'Ce son n’est pas dans un format accepté (WebM, Ogg, MP4 ou AAC).',
    en: 'This sound is not in an accepted format (WebM, Ogg, MP4 or AAC).',
  },
  recording_quota_reached: {
    fr: 'La place réservée à vos enregistrements est pleine. Vos réponses écrites sont gardées.',
    en: 'The room for your recordings is full. Your written answers are kept.',
  },
  transcription_unavailable: {
    fr: 'La transcription de la voix n’est pas disponible sur ce serveur : écrivez votre réponse.',
    en: 'Voice transcription is not available on this server: please type your answer.',
  },
  transcription_failed: {
    fr: 'La transcription est momentanément indisponible. Réessayez dans un instant, ou écrivez votre réponse.',
    en: 'Transcription is unavailable for a moment. Try again shortly, or type your answer.',
  },
  no_speech: {
    fr: 'Aucune parole n’a été entendue dans cet enregistrement.',
    en: 'No speech was heard in this recording.',
  },
});

export interface AudioUpload {
  bytes: Buffer;
  /** The app's `duration_ms` field, used when the file itself does not say. */
  declaredDurationMs?: number;
  /** `POST /transcriptions`: `fr` or `en`, else the person's language. */
  language?: string;
}

export interface RecordingFile {
  messageId: string;
  bytes: Buffer;
  mimeType: string;
  ext: string;
}

export function recordingsFolder(userId: string, conversationId: string): string {
  return `${chapterFolder(userId, conversationId)}recordings/`;
}

/** The file's type and length, or the 415 / 413 that refuse it. */
function inspect(upload: AudioUpload): { mime: AudioMime; durationMs: number | null } {
  const mime = sniffAudio(upload.bytes);
  if (!mime) throw new AppError('invalid_audio_type', {}, { loc: ['body', 'file'] });
  const durationMs = audioDurationMs(upload.bytes, mime) ?? upload.declaredDurationMs ?? null;
  if (durationMs !== null && durationMs > limits.recordingMaxMs)
    throw new AppError('recording_too_long', {}, { loc: ['body', 'file'] });
  return { mime, durationMs };
}

export class RecordingsService {
  private readonly maxAccountBytes: number;

  constructor(
    private readonly repository: RecordingsRepository,
    private readonly storage: StorageProvider,
    private readonly transcriber: Transcriber | null,
    options: { maxAccountBytes?: number } = {},
  ) {
    this.maxAccountBytes = options.maxAccountBytes ?? limits.recordingsMaxBytesPerAccount;
  }

  get transcriptionAvailable(): boolean {
    return this.transcriber !== null;
  }

  /** Refused before a byte of the body is read when the person has not said yes. */
  assertAllowed(user: UserRow): void {
    if (user.recordAnswers !== true) throw new AppError('recording_not_allowed');
  }

  /** Adds or replaces the recording of one of the person's messages; `created` is false for a replacement. */
  async save(
    user: UserRow,
    conversationId: string,
    messageId: string,
    upload: AudioUpload,
  ): Promise<{ created: boolean; recording: MessageRecording }> {
    this.assertAllowed(user);
    if (!isUuid(conversationId) || !isUuid(messageId)) throw new AppError('not_found');
    if (!(await this.repository.isUserMessage(user.id, conversationId, messageId)))
      throw new AppError('not_found');
    const { mime, durationMs } = inspect(upload);
    // Fails fast before writing anything; the write checks again under the person's lock.
    if (
      (await this.repository.usedBytes(user.id, messageId)) + upload.bytes.length >
      this.maxAccountBytes
    )
      throw new AppError('recording_quota_reached');
    // A new name each time: a refused replacement never overwrites the file that stays.
    const key = `${recordingsFolder(user.id, conversationId)}${messageId}-${randomBytes(6).toString('hex')}.${AUDIO_EXTENSIONS[mime]}`;
    await this.storage.put(key, upload.bytes, mime);
    let outcome;
    try {
      outcome = await this.repository.save(
        {
          messageId,
          userId: user.id,
          conversationId,
          key,
          mimeType: mime,
          bytes: upload.bytes.length,
          durationMs,
        },
        this.maxAccountBytes,
      );
    } catch (error) {
      await this.storage.delete(key).catch(() => {});
      // The chapter or message was deleted between the check and the write (foreign key).
      if (
        String(
          (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code,
        ) === '23503'
      )
        throw new AppError('not_found');
      throw error;
    }
    if (!('row' in outcome)) {
      await this.storage.delete(key).catch(() => {});
      throw new AppError('missing' in outcome ? 'not_found' : 'recording_quota_reached');
    }
    if (outcome.replacedKey && outcome.replacedKey !== key)
      await this.storage.delete(outcome.replacedKey).catch(() => {});
    return { created: outcome.replacedKey === null, recording: await this.wire(outcome.row) };
  }

  async delete(user: UserRow, conversationId: string, messageId: string): Promise<void> {
    const row =
      isUuid(conversationId) && isUuid(messageId)
        ? await this.repository.delete(user.id, conversationId, messageId)
        : null;
    if (!row) throw new AppError('not_found');
    await this.storage.delete(row.key);
  }

  /** The chat history's source: the recordings of these messages, by message id. */
  async recordingsOf(messageIds: string[]): Promise<Map<string, MessageRecording>> {
    const byMessage = new Map<string, MessageRecording>();
    for (const row of await this.repository.forMessages(messageIds))
      byMessage.set(row.messageId, await this.wire(row));
    return byMessage;
  }

  /** A chapter's recordings with their bytes, in the order of the conversation: the data export. */
  async filesOfChapter(conversationId: string): Promise<RecordingFile[]> {
    const files: RecordingFile[] = [];
    for (const row of await this.repository.forChapter(conversationId)) {
      const stored = await this.storage.get(row.key);
      if (!stored) continue;
      files.push({
        messageId: row.messageId,
        bytes: stored.bytes,
        mimeType: row.mimeType,
        ext: AUDIO_EXTENSIONS[row.mimeType as AudioMime] ?? 'audio',
      });
    }
    return files;
  }

  /** A chapter's recordings in the conversation's order, each with the question it answered. */
  chapterRecordings(conversationId: string): Promise<ChapterRecordingRow[]> {
    return this.repository.forChapter(conversationId);
  }

  countForChapter(conversationId: string): Promise<number> {
    return this.repository.countForChapter(conversationId);
  }

  chaptersWithRecordings(conversationIds: string[]): Promise<Set<string>> {
    return this.repository.chaptersWithRecordings(conversationIds);
  }

  /** `POST /transcriptions`: the words of a recording; nothing is kept. */
  async transcribe(user: UserRow, upload: AudioUpload): Promise<Transcription> {
    if (!this.transcriber) throw new AppError('transcription_unavailable');
    const { mime } = inspect(upload);
    const language =
      upload.language === 'fr' || upload.language === 'en' ? upload.language : userLanguage(user);
    let text: string;
    try {
      text = await this.transcriber.transcribe({ bytes: upload.bytes, mimeType: mime, language });
    } catch (error) {
      if (error instanceof TranscriberUnavailableError) throw new AppError('transcription_failed');
      throw error;
    }
    // Whisper-like models answer silence with nothing, or with punctuation alone.
    if (!/[\p{L}\p{N}]/u.test(text)) throw new AppError('no_speech');
    return { text };
  }

  private async wire(row: RecordingRow): Promise<MessageRecording> {
    return {
      url: await this.storage.signedUrl(row.key),
      mime_type: row.mimeType as AudioMime,
      ...(row.durationMs !== null ? { duration_ms: row.durationMs } : {}),
    };
  }
}
