// Wire types of the chat calls (api.md § Chat). The app imports these with `import type`.
import { Type, type Static } from '@sinclair/typebox';
import { ListOf } from './common.ts';

export const MAX_MESSAGE_LENGTH = 5000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** The kept sound of a spoken answer (issue 20): a signed link, like pictures. */
export const MessageRecording = Type.Object({
  url: Type.String(),
  mime_type: Type.Unsafe<'audio/webm' | 'audio/ogg' | 'audio/mp4' | 'audio/aac'>({
    type: 'string',
    enum: ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/aac'],
  }),
  /** From the file when it says so, else as the app declared it; absent when unknown. */
  duration_ms: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type MessageRecording = Static<typeof MessageRecording>;

export const ChatMessage = Type.Object({
  id: Type.String({ format: 'uuid' }),
  // `enum`, not anyOf: fast-json-stringify validates every anyOf value it writes (slow on long histories).
  type: Type.Unsafe<'user' | 'assistant'>({ type: 'string', enum: ['user', 'assistant'] }),
  content: Type.String(),
  created_at: Type.String(),
  /** Only on the person's messages whose sound was kept. */
  recording: Type.Optional(MessageRecording),
});
export type ChatMessage = Static<typeof ChatMessage>;
export const ChatMessageList = ListOf(ChatMessage);
export type ChatMessageList = Static<typeof ChatMessageList>;

export const SendMessageBody = Type.Object(
  // Checked after trimming by the service (1 to 5000 characters); the 1 MiB body limit bounds the rest.
  { content: Type.String() },
  { additionalProperties: false },
);
export type SendMessageBody = Static<typeof SendMessageBody>;

export const AssistantReply = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: Type.Literal('assistant'),
  content: Type.String(),
  /** The person's message this answers: where its recording is uploaded (always sent by this server). */
  user_message_id: Type.Optional(Type.String({ format: 'uuid' })),
});
export type AssistantReply = Static<typeof AssistantReply>;

/** `POST /transcriptions`: the words of a recording. */
export const Transcription = Type.Object({ text: Type.String() });
export type Transcription = Static<typeof Transcription>;
