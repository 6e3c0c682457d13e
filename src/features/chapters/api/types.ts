// Wire types of the calls the chapter list makes (api.md § Conversations, § Books, § Premium): the
// server's contract (server/src/contract/), imported as types only, so a renamed field is a compile error.
import type { Book, BookGenerationStatus, BookList } from '@contract/books';
import type { Conversation, ConversationImageWire, SummaryAction } from '@contract/conversations';
import type { PremiumStatus } from '@contract/premium';

export type ImageWire = ConversationImageWire;
export type ConversationWire = Conversation;
export type BookWire = Book;
export type BookListWire = BookList;
export type PremiumStatusWire = PremiumStatus;
export type { BookGenerationStatus, SummaryAction };
