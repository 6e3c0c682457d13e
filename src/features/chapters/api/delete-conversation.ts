// DELETE /conversations/{id}: removes a chapter and everything under it, here and on the device; the
// list is reloaded after. A chapter already gone (404) counts as deleted.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { forgetStoredChapter } from '../../../offline/stored-chapters';
import { chapterKeys } from './chapters-keys';

export async function deleteConversation(conversationID: string): Promise<void> {
  try {
    await apiRequest(`/conversations/${encodeURIComponent(conversationID)}`, {
      method: 'DELETE',
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  try {
    await forgetStoredChapter(conversationID);
  } catch (error) {
    // The next complete list drops it from the device anyway.
    console.warn('Could not forget the stored chapter', error);
  }
}

export function useDeleteConversationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chapterKeys.lists() }),
    // The dialog says what went wrong and stays open (spec §8).
    meta: { globalErrorToast: false },
  });
}
