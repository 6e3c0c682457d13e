// Onboarding answers that could not leave (offline, or the request failed for lack of connection) wait
// in the outbox, one entry per question (entity 'onboarding', the question's slug, field 'answer'): a
// newer answer to the same question replaces a waiting one, the last one wins. The server keeps one
// answer per question and person (POST is an upsert, api.md § Onboarding), so a replay never makes a
// second answer; a deletion of an answer already gone (404) is done.
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OutboxOp } from '../../db/db';
import { ApiError, apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { enqueueChange, registerOutboxSender } from '../../offline/outbox';
import { onboardingKeys } from './api/onboarding-keys';
import type { NewAnswer } from './api/types';

export const ONBOARDING_ENTITY = 'onboarding';
export const ONBOARDING_FIELD = 'answer';

export type QueuedOnboardingChange = { answer: string } | { deleteAnswerId: string };

export function queueOnboardingChange(
  questionId: string,
  change: QueuedOnboardingChange,
): Promise<string> {
  return enqueueChange<QueuedOnboardingChange>({
    entity: ONBOARDING_ENTITY,
    entityId: questionId,
    field: ONBOARDING_FIELD,
    payload: change,
    baseUpdatedAt: null,
  });
}

export async function sendOnboardingChange(
  op: OutboxOp<QueuedOnboardingChange>,
  { idempotencyKey }: { idempotencyKey: string },
): Promise<void> {
  const change = op.payload;
  if ('deleteAnswerId' in change) {
    try {
      await apiRequest(`/onboardings/answers/${encodeURIComponent(change.deleteAnswerId)}`, {
        method: 'DELETE',
        idempotencyKey,
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  } else {
    await apiRequest('/onboardings/answers', {
      method: 'POST',
      json: { question_id: op.entityId, answer: change.answer } satisfies NewAnswer,
      idempotencyKey,
    });
  }
  void queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
}

let registered = false;

/** Registers the sender once, at start-up (src/main.tsx), so answers of an earlier visit go out. */
export function registerOnboardingAnswerSender(): void {
  if (registered) return;
  registered = true;
  registerOutboxSender<QueuedOnboardingChange>(
    ONBOARDING_ENTITY,
    ONBOARDING_FIELD,
    sendOnboardingChange,
  );
}

async function readQueued(): Promise<Map<string, QueuedOnboardingChange>> {
  const ops = await db.outbox
    .where('[entity+entityId]')
    .between([ONBOARDING_ENTITY, ''], [ONBOARDING_ENTITY, '\uffff'])
    .filter((op) => op.status !== 'failed')
    .sortBy('createdAt');
  return new Map(ops.map((op) => [op.entityId, op.payload as QueuedOnboardingChange]));
}

/** The questions answered on this device and not yet on the server (for the onboarding redirect). */
export async function queuedAnswerQuestionIds(): Promise<Set<string>> {
  const queued = await readQueued();
  return new Set([...queued].filter(([, change]) => 'answer' in change).map(([id]) => id));
}

/** The waiting changes by question, to show over the server's answers. */
export function useQueuedOnboardingChanges(): Map<string, QueuedOnboardingChange> {
  return useLiveQuery(readQueued, [], new Map());
}
