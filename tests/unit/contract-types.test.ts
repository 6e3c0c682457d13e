// The app's wire types are the server's contract (server/src/contract/, imported as types only), not
// copies of it. Checked by the compiler (`npm run typecheck` runs tsc -b over tests/unit): the
// `expectTypeOf` lines fail to compile when an alias stops being the contract's own type, and each
// `@ts-expect-error` fails to compile when a contract without a field the app reads would still be
// accepted by the app's code — so a field renamed or removed on the server is a type error in the app.
import { describe, expectTypeOf, it } from 'vitest';
import type { UserPublic } from '@contract/accounts';
import type { Book, BookSuggestions, CreateBookBody } from '@contract/books';
import type { AssistantReply, ChatMessage } from '@contract/chat';
import type { Conversation } from '@contract/conversations';
import type { OnboardingAnswer, OnboardingQuestion } from '@contract/onboarding';
import type { Order, PremiumStatus } from '@contract/premium';
import type { PublicConfig } from '@contract/system';
import type {
  BookSuggestionsWire,
  BookWire,
  CreateBookPayload,
} from '../../src/features/books/api/types';
import type { ChatMessageWire, AssistantReplyWire } from '../../src/features/interview/api/types';
import type { ConversationWire as ChaptersConversationWire } from '../../src/features/chapters/api/types';
import type {
  OnboardingAnswerWire,
  OnboardingQuestionWire,
} from '../../src/features/onboarding/api/types';
import type { OrderWire, PremiumStatusWire } from '../../src/features/premium/api/types';
import { chapterFromWire } from '../../src/features/chapters/chapter';
import { chapterTitle } from '../../src/features/interview/api/get-conversation';
import { userFromWire, type UserWire } from '../../src/lib/session';
import type { ConversationWire } from '../../src/lib/conversation-query';
import type { PublicConfigWire } from '../../src/lib/public-config';

describe('the app reads the server contract', () => {
  it('uses the contract types themselves, once', () => {
    expectTypeOf<ConversationWire>().toEqualTypeOf<Conversation>();
    // One conversation type: the chapter list's and the chat's are the same (no ChatConversationWire).
    expectTypeOf<ChaptersConversationWire>().toEqualTypeOf<Conversation>();
    expectTypeOf<BookWire>().toEqualTypeOf<Book>();
    expectTypeOf<CreateBookPayload>().toEqualTypeOf<CreateBookBody>();
    expectTypeOf<BookSuggestionsWire>().toEqualTypeOf<BookSuggestions>();
    expectTypeOf<ChatMessageWire>().toEqualTypeOf<ChatMessage>();
    expectTypeOf<AssistantReplyWire>().toEqualTypeOf<AssistantReply>();
    expectTypeOf<OnboardingQuestionWire>().toEqualTypeOf<OnboardingQuestion>();
    expectTypeOf<OnboardingAnswerWire>().toEqualTypeOf<OnboardingAnswer>();
    expectTypeOf<PremiumStatusWire>().toEqualTypeOf<PremiumStatus>();
    expectTypeOf<OrderWire>().toEqualTypeOf<Order>();
    expectTypeOf<UserWire>().toEqualTypeOf<UserPublic>();
    expectTypeOf<PublicConfigWire>().toEqualTypeOf<Partial<PublicConfig>>();
  });

  it('rejects a contract whose fields were renamed or removed where the app reads them', () => {
    // Never called: only the compiler looks at these bodies.
    const drifted = {
      // `title_infos` renamed on the server: the chapter list and the chat banner read it.
      renamedTitle(wire: Omit<Conversation, 'title_infos'> & { heading: { title: string } }) {
        // @ts-expect-error the app reads title_infos
        chapterFromWire(wire);
        // @ts-expect-error the app reads title_infos
        chapterTitle(wire);
      },
      // `account_type` removed from the user: the session reads it.
      removedAccountType(wire: Omit<UserPublic, 'account_type'>) {
        // @ts-expect-error the session reads account_type
        userFromWire(wire);
      },
    };
    expectTypeOf(drifted.renamedTitle).parameter(0).not.toEqualTypeOf<Conversation>();
  });
});
