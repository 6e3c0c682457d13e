// The completion checklist's facts gathered from the chapter list (or its copy on the device while
// offline) and the books. Undefined until every fact is known.
import { ApiError } from '../../../lib/api-client';
import { useStoredChapters } from '../../../offline/stored-chapters';
import { useBookStatuses } from '../api/get-books';
import { useConversations } from '../api/get-conversations';
import {
  completionItems,
  completionProgress,
  type CompletionItem,
  type CompletionProgress,
} from '../completion';

export interface Completion {
  items: CompletionItem[];
  progress: CompletionProgress;
}

export function useCompletion(hasOnboardingAnswers: boolean | undefined): Completion | undefined {
  const conversations = useConversations();
  const books = useBookStatuses();
  const stored = useStoredChapters({ enabled: !conversations.data });

  let conversationCount: number | undefined;
  if (conversations.data) conversationCount = conversations.data.length;
  else if (conversations.isError || conversations.fetchStatus === 'paused') {
    const network =
      conversations.fetchStatus === 'paused' ||
      (conversations.error instanceof ApiError && conversations.error.reason === 'network');
    conversationCount = network ? stored?.length : 0;
  }
  // Books that cannot be read count as none finished: one line stays "to do", nothing breaks.
  const bookStatuses = books.data
    ? books.data.map((b) => b.generationStatus)
    : books.isError
      ? []
      : undefined;

  if (hasOnboardingAnswers === undefined || conversationCount === undefined || !bookStatuses) {
    return undefined;
  }
  const items = completionItems({ hasOnboardingAnswers, conversationCount, bookStatuses });
  return { items, progress: completionProgress(items) };
}
