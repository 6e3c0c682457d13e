// Wire types of the calls the chat makes (api.md § Chat, § Conversations), field for field the same as
// server/src/contract/chat.ts and conversations.ts. Declared here because the app's TypeScript setup
// cannot type-import the contract yet (its files import each other with `.ts` extensions).

/** A message of `GET /conversations/{id}/messages`, in chronological order. */
export interface ChatMessageWire {
  id: string;
  type: 'user' | 'assistant';
  content: string;
  created_at: string;
}

/** `POST /conversations/{id}/messages` answers the assistant's reply. */
export interface AssistantReplyWire {
  id: string;
  type: 'assistant';
  content: string;
}

export interface ListWire<T> {
  data: T[];
  count: number;
}

/** The fields of `GET /conversations/{id}` the chat reads (the banner's title). */
export interface ChatConversationWire {
  id: string;
  title_infos: { title: string | null };
  updated_at: string;
  chat_count?: number;
}

/** The server's limit on one message (MAX_MESSAGE_LENGTH in the contract). */
export const MAX_MESSAGE_LENGTH = 5000;
