// DELETE /conversations/{id} from the chapter page: the chapter goes, here and on the device. A
// chapter already gone (404) counts as deleted.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { conversationKeys } from '../../../lib/conversation-query';
import { forgetStoredChapter } from '../../../offline/stored-chapters';

export async function deleteChapter(conversationId: string): Promise<void> {
  try {
    await apiRequest(`/conversations/${encodeURIComponent(conversationId)}`, { method: 'DELETE' });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await forgetStoredChapter(conversationId).catch((error: unknown) => {
    console.warn('Could not forget the stored chapter', error);
  });
}

export function useDeleteChapter(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteChapter(conversationId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['chapters'] });
      // Once the page has gone (it would fetch the chapter again while it shows it).
      setTimeout(() =>
        queryClient.removeQueries({ queryKey: conversationKeys.detail(conversationId) }),
      );
    },
    meta: { globalErrorToast: false },
  });
}
