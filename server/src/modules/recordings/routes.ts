// HTTP routes of the recordings module (api.md § Recordings and transcription). Multipart parsing is
// registered here with busboy's limits at the recordings' (one file of at most 10 MB, small fields).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../auth/plugin.ts';
import { AppError } from '../../errors.ts';
import { limits } from '../../limits.ts';
import { Message } from '../../contract/accounts.ts';
import { MessageRecording, Transcription } from '../../contract/chat.ts';
import type { RateLimitRule, RateLimits } from '../../rate-limit.ts';
import type { AudioUpload, RecordingsService } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['recordings'];
// Any text: a malformed id is a 404 like an unknown one (docs/api.md).
const MessageParams = Type.Object({ id: Type.String(), messageId: Type.String() });
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_FIELD_BYTES = 1024;

/** Transcriptions cost a model call each: per person and per address, like the other paid-for calls. */
const transcriptionByUser: RateLimitRule = {
  name: 'transcription-user',
  limit: 120,
  windowSeconds: 60 * 60,
  key: (request) => currentUser(request).id,
};
const transcriptionByIp: RateLimitRule = {
  name: 'transcription-ip',
  limit: 300,
  windowSeconds: 60 * 60,
  key: 'ip',
};

/** The `file` part and the small fields; every way the body can be wrong is a 4xx. */
async function readAudio(request: FastifyRequest): Promise<AudioUpload> {
  if (!request.isMultipart()) throw new AppError('validation_error', {}, { loc: ['body', 'file'] });
  const length = Number(request.headers['content-length']);
  if (length > limits.recordingMaxBytes + MULTIPART_OVERHEAD)
    throw new AppError('recording_too_large');
  let bytes: Buffer | undefined;
  const upload: Partial<AudioUpload> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file' && !bytes) bytes = data;
      } else if (part.fieldname === 'duration_ms') {
        const value = Number(part.value);
        if (typeof part.value !== 'string' || !/^\d{1,9}$/.test(part.value.trim()))
          throw new AppError('validation_error', {}, { loc: ['body', 'duration_ms'] });
        upload.declaredDurationMs = value;
      } else if (part.fieldname === 'language') {
        if (part.value !== 'fr' && part.value !== 'en')
          throw new AppError('validation_error', {}, { loc: ['body', 'language'] });
        upload.language = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('recording_too_large');
    if (statusCode === 413) throw new AppError('payload_too_large');
    throw new AppError('bad_request');
  }
  if (!bytes || bytes.length === 0)
    throw new AppError('validation_error', {}, { loc: ['body', 'file'] });
  return { ...upload, bytes };
}

export function recordingsRoutes(recordings: RecordingsService, rateLimits: RateLimits) {
  return async function (app: FastifyInstance) {
    await app.register(multipart, {
      limits: {
        fileSize: limits.recordingMaxBytes,
        files: 1,
        fields: 4,
        parts: 6,
        fieldSize: MAX_FIELD_BYTES,
      },
    });
    app.addHook('onRequest', app.authenticate);

    app.post(
      '/conversations/:id/messages/:messageId/recording',
      {
        schema: {
          tags,
          security: bearer,
          params: MessageParams,
          description:
            'multipart/form-data: `file` (WebM/Opus, Ogg, MP4 or AAC, by content; at most 10 MB and 10 minutes) and an optional `duration_ms`. 201 when new, 200 when it replaces the message’s recording.',
          response: { 200: MessageRecording, 201: MessageRecording },
        },
      },
      async (request, reply) => {
        const { id, messageId } = request.params as { id: string; messageId: string };
        const user = currentUser(request);
        recordings.assertAllowed(user);
        const { created, recording } = await recordings.save(
          user,
          id,
          messageId,
          await readAudio(request),
        );
        return reply.code(created ? 201 : 200).send(recording);
      },
    );

    app.delete(
      '/conversations/:id/messages/:messageId/recording',
      { schema: { tags, security: bearer, params: MessageParams, response: { 200: Message } } },
      async (request) => {
        const { id, messageId } = request.params as { id: string; messageId: string };
        await recordings.delete(currentUser(request), id, messageId);
        return { message: 'deleted' };
      },
    );

    app.post(
      '/transcriptions',
      {
        preHandler: rateLimits.hook(transcriptionByUser, transcriptionByIp),
        schema: {
          tags,
          security: bearer,
          description:
            'multipart/form-data: `file` (as a recording) and an optional `language` (`fr`, `en`; default the person’s). Nothing is kept.',
          response: { 200: Transcription },
        },
      },
      async (request) => {
        const user = currentUser(request);
        if (!recordings.transcriptionAvailable) throw new AppError('transcription_unavailable');
        return recordings.transcribe(user, await readAudio(request));
      },
    );
  };
}
