// POST /conversations/{id}/generate (api.md § Generation): the title, keywords, text and a picture
// written from the person's answers. One run per chapter: every component of the page sees the same
// "in progress" state (one mutation key per chapter). When another run already holds the chapter (409
// generation_in_progress), the chapter is polled until it changes instead of failing.
import {
  useIsMutating,
  useMutation,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import i18next from 'i18next';
import type { GenerateBody, GenerateQuery } from '@contract/generation';
import { ApiError, apiRequest } from '../../../lib/api-client';
import {
  conversationKeys,
  getConversation,
  type ConversationWire,
} from '../../../lib/conversation-query';
import { toast } from '../../../lib/toast';
import { isOnline } from '../../../offline/connectivity';
import { storeChapter } from '../../../offline/stored-chapters';
import { track } from '../../../lib/analytics';
import { rememberGeneratedTitle } from './generated-titles';

/** The contract's query flags and body, every flag and instruction spelled out by the app. */
export type GenerateRequest = Required<GenerateQuery> & {
  summary_kwargs?: Required<NonNullable<GenerateBody['summary_kwargs']>>;
};

/** What the page asks for when a chapter with answers has no text yet (spec §4). */
export const FULL_GENERATION: GenerateRequest = {
  do_title: true,
  do_keywords: true,
  do_image: true,
  do_summary: true,
  summary_kwargs: { user_instructions: null, use_previous_summary: true },
};

export const POLL_INTERVAL_MS = 3_000;
const POLL_LIMIT_MS = 5 * 60_000;

export const generationKey = (conversationId: string) => ['generate', conversationId] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function postGeneration(
  conversationId: string,
  request: GenerateRequest,
): Promise<ConversationWire> {
  const { summary_kwargs, ...flags } = request;
  return apiRequest<ConversationWire>(
    `/conversations/${encodeURIComponent(conversationId)}/generate`,
    {
      method: 'POST',
      query: flags satisfies GenerateQuery,
      json: (request.do_summary && summary_kwargs ? { summary_kwargs } : {}) satisfies GenerateBody,
    },
  );
}

/** Another run holds the chapter: waits until the chapter changes (or 5 minutes pass). */
async function waitForOtherRun(conversationId: string, since: string | null) {
  const deadline = Date.now() + POLL_LIMIT_MS;
  while (Date.now() < deadline) {
    await sleep(POLL_INTERVAL_MS);
    const chapter = await getConversation(conversationId);
    if (chapter.updated_at !== since) return chapter;
  }
  return getConversation(conversationId);
}

async function runGeneration(
  conversationId: string,
  request: GenerateRequest,
  since: string | null,
): Promise<ConversationWire> {
  try {
    const chapter = await postGeneration(conversationId, request);
    await storeChapter(chapter);
    return chapter;
  } catch (error) {
    if (error instanceof ApiError && error.type === 'generation_in_progress')
      return waitForOtherRun(conversationId, since);
    throw error;
  }
}

export function useGenerateChapter(conversationId: string) {
  const queryClient = useQueryClient();
  const mutationKey = generationKey(conversationId);
  const mutation = useMutation({
    mutationKey,
    mutationFn: (request: GenerateRequest) =>
      runGeneration(
        conversationId,
        request,
        queryClient.getQueryData<ConversationWire>(conversationKeys.detail(conversationId))
          ?.updated_at ?? null,
      ),
    onSuccess: (chapter, request) => {
      track('feature_used', { feature: 'chapter_written' });
      if (request.do_title) rememberGeneratedTitle(conversationId, chapter.title_infos.title);
      queryClient.setQueryData(conversationKeys.detail(conversationId), chapter);
      void queryClient.invalidateQueries({ queryKey: ['chapters'] });
    },
    onError: (error, request) => {
      console.error('Generation failed', error);
      if (!(error instanceof ApiError && error.reason === 'unauthorized')) {
        const key = request.do_summary ? 'generation.summaryFailed' : 'generation.titleFailed';
        toast.error(i18next.t(key, { ns: 'conversation' }));
      }
      // A 503 may come after the text was written (only the picture failed): show what is there.
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) });
    },
    meta: { globalErrorToast: false },
  });
  const running = useIsMutating({ mutationKey });
  const summaryRuns = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (m) => (m.state.variables as GenerateRequest | undefined)?.do_summary === true,
  });

  async function generate(request: GenerateRequest): Promise<boolean> {
    if (!isOnline()) return false;
    try {
      await mutation.mutateAsync(request);
      return true;
    } catch {
      return false;
    }
  }

  return {
    generate,
    inProgress: running > 0,
    summaryInProgress: summaryRuns.some(Boolean),
  };
}
