// What starts once the first screen is on: the service worker (and its update flow), the outbox senders
// of every feature, and the outbox replay of what an earlier visit left unsent. A module of its own,
// loaded by src/main.tsx right after the first render, so Dexie, workbox-window and the senders stay out
// of the entry chunk; the service worker precaches this chunk like any other, so an offline start runs it
// too.
import { registerCircleSenders } from '../features/family-circle/api/circle-outbox';
import { registerChatAnswerSender } from '../features/interview/answer-delivery';
import { registerOnboardingAnswerSender } from '../features/onboarding/answer-outbox';
import { registerServiceWorker } from '../pwa/register-sw';
import { registerChapterEditSender } from '../offline/chapter-edits';
import { startOutboxSync } from '../offline/outbox';

export function startOfflineLayer(): void {
  registerServiceWorker();
  registerChapterEditSender();
  registerChatAnswerSender();
  registerOnboardingAnswerSender();
  registerCircleSenders();
  startOutboxSync();
}
