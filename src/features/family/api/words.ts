// The words her family left under a chapter (GET /conversations/{id}/words), and her choice for each
// (PATCH …/words/{wordId}): hidden from the family or shown, printed in the book or not.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChapterWordList, ChapterWord, UpdateWordBody } from '@contract/circle';
import { apiRequest } from '../../../lib/api-client';
import { circleKeys } from './circle-keys';

const wordsPath = (conversationId: string) =>
  `/conversations/${encodeURIComponent(conversationId)}/words`;

export function getChapterWords(conversationId: string): Promise<ChapterWordList> {
  return apiRequest<ChapterWordList>(wordsPath(conversationId));
}

export function chapterWordsQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: circleKeys.words(conversationId),
    queryFn: () => getChapterWords(conversationId),
    meta: { globalErrorToast: false },
  });
}

export function useChapterWords(conversationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...chapterWordsQueryOptions(conversationId),
    enabled: options.enabled ?? true,
  });
}

export function updateChapterWord(
  conversationId: string,
  wordId: string,
  body: UpdateWordBody,
): Promise<ChapterWord> {
  return apiRequest<ChapterWord>(`${wordsPath(conversationId)}/${encodeURIComponent(wordId)}`, {
    method: 'PATCH',
    json: body,
  });
}

export function useUpdateChapterWord(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ wordId, body }: { wordId: string; body: UpdateWordBody }) =>
      updateChapterWord(conversationId, wordId, body),
    onSuccess: (word, { wordId, body }) => {
      queryClient.setQueryData<ChapterWordList>(circleKeys.words(conversationId), (list) =>
        list
          ? {
              ...list,
              // An answer without the word (204) still applies what she chose.
              data: list.data.map((known) =>
                known.id === wordId ? (word ?? { ...known, ...body }) : known,
              ),
            }
          : list,
      );
    },
    meta: { globalErrorToast: false },
  });
}
