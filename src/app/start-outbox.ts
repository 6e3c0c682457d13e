// The outbox part of the offline layer: every feature's sender, then the replay of what an earlier
// visit (or an offline moment of this one) left unsent. Dexie and the query layer come with it, so it
// is a chunk of its own, started by ./start-offline-layer.ts once someone is signed in; the service
// worker precaches it like any other chunk, so an offline start runs it too.
import { registerCircleSenders } from '../features/family-circle/api/circle-outbox';
import { registerChatAnswerSender } from '../features/interview/answer-delivery';
import { registerOnboardingAnswerSender } from '../features/onboarding/answer-outbox';
import { registerChapterEditSender } from '../offline/chapter-edits';
import { startOutboxSync } from '../offline/outbox';

export function startOutbox(): void {
  registerChapterEditSender();
  registerChatAnswerSender();
  registerOnboardingAnswerSender();
  registerCircleSenders();
  startOutboxSync();
}
