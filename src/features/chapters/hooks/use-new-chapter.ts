// Starting a chapter or a book from the list (spec §4 "New chapter"): the premium modal when the quota
// is spent, the author name first for multi-users accounts, then POST /conversations and on to the
// chat. A 402 quota_exceeded from the server opens the premium modal too. Started from the weekly
// question's link (`/?action=new-chapter&question=<id>`, issue 31), the chapter opens on that question.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { handleGlobalApiError } from '../../../lib/api-errors';
import { useSessionUser } from '../../../lib/session';
import { newBookStep, newChapterStep } from '../access-rules';
import { isQuotaExceeded, useCreateConversationMutation } from '../api/create-conversation';
import { useAccessStatus } from '../api/get-access-status';
import type { PremiumReason } from '../components/premium-required-modal';
import { track } from '../../../lib/analytics';

export type NewChapterDialog =
  | { kind: 'premium'; reason: PremiumReason; freeChaptersLeft: number | undefined }
  | { kind: 'author' }
  | null;

export const BOOK_CREATION_PATH = '/conversations/book/create';

export function chatPath(conversationID: string): string {
  return `/conversations/${encodeURIComponent(conversationID)}/chat`;
}

export function useNewChapter() {
  const user = useSessionUser();
  const access = useAccessStatus();
  const creation = useCreateConversationMutation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<NewChapterDialog>(null);
  // The question the weekly question's link named for this start, kept through the author dialog.
  const questionId = useRef<string | null>(null);

  function premium(reason: PremiumReason, freeChaptersLeft = access.data?.freeChaptersAllowed) {
    setDialog({ kind: 'premium', reason, freeChaptersLeft });
  }

  function createChapter(author?: string) {
    if (creation.isPending) return;
    creation.mutate(
      { author, questionId: questionId.current },
      {
        onSuccess: (conversation) => {
          track('feature_used', { feature: 'chapter_started' });
          questionId.current = null;
          setDialog(null);
          navigate(chatPath(conversation.id));
        },
        onError: (error) => {
          if (isQuotaExceeded(error)) {
            premium('chapter', 0);
            return;
          }
          // A 401 was already handled (logout); anything else gets the usual message.
          if (!(error instanceof ApiError && error.reason === 'unauthorized')) {
            handleGlobalApiError(error);
          }
        },
      },
    );
  }

  /**
   * `linkQuestion` is the bank question of the weekly question's link that asked for this start; a
   * tap on « Nouveau chapitre » names none. It is given by the caller rather than read from the
   * address here: a tap on the list still on screen while the router moves on (a transition keeps
   * the old page, and its old address, until the next one is drawn) would otherwise send it again.
   */
  async function startChapter(linkQuestion: string | null = null) {
    questionId.current = linkQuestion;
    let step = newChapterStep(access.data, user?.accountType);
    // Before saying "no chapter left", ask again: a payment made a moment ago may not be known here yet.
    if (step === 'premium') {
      const fresh = await access.refetch();
      step = newChapterStep(fresh.data ?? access.data, user?.accountType);
    }
    if (step === 'premium') premium('chapter');
    else if (step === 'author') setDialog({ kind: 'author' });
    else createChapter();
  }

  async function startBook() {
    let step = newBookStep(access.data);
    if (step === 'premium') step = newBookStep((await access.refetch()).data ?? access.data);
    if (step === 'premium') premium('book');
    else navigate(BOOK_CREATION_PATH);
  }

  return {
    dialog,
    closeDialog: () => setDialog(null),
    startChapter,
    startBook,
    createChapter,
    creating: creation.isPending,
  };
}
