// Wire types of the calls the chat makes (api.md § Chat): the server's contract
// (server/src/contract/chat.ts), imported as types only. The chapter itself is the one ConversationWire
// of src/lib/conversation-query.ts.
import type {
  AssistantReply,
  ChatMessage,
  ChatMessageList,
  MAX_MESSAGE_LENGTH as ServerMaxMessageLength,
  MessageRecording,
  SendMessageBody,
  Transcription,
} from '@contract/chat';

/** A message of `GET /conversations/{id}/messages`, in chronological order. */
export type ChatMessageWire = ChatMessage;
export type ChatMessageListWire = ChatMessageList;
/** `POST /conversations/{id}/messages` answers the assistant's reply. */
export type AssistantReplyWire = AssistantReply;
export type SendMessagePayload = SendMessageBody;
/** `POST /conversations/{id}/messages/{messageId}/recording` answers the kept sound. */
export type MessageRecordingWire = MessageRecording;
/** `POST /transcriptions` answers the words of a recording. */
export type TranscriptionWire = Transcription;

/** The server's limit on one message (typed with the contract's own, so the two cannot differ). */
export const MAX_MESSAGE_LENGTH: typeof ServerMaxMessageLength = 5000;
