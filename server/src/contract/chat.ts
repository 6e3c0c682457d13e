// Wire types of the chat calls (api.md § Chat). The app imports these with `import type`.
import { Type, type Static } from '@sinclair/typebox';
import { ListOf } from './common.ts';

export const MAX_MESSAGE_LENGTH = 5000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

export const ChatMessage = Type.Object({
  id: Type.String({ format: 'uuid' }),
  // `enum`, not anyOf: fast-json-stringify validates every anyOf value it writes (slow on long histories).
  type: Type.Unsafe<'user' | 'assistant'>({ type: 'string', enum: ['user', 'assistant'] }),
  content: Type.String(),
  created_at: Type.String(),
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
});
export type AssistantReply = Static<typeof AssistantReply>;
