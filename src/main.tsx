// Entry point: translations first (so the first paint is in the right language), the service worker,
// then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { registerChatAnswerSender } from './features/interview/answer-delivery';
import { registerOnboardingAnswerSender } from './features/onboarding/answer-outbox';
import { initI18n } from './lib/i18n';
import { registerChapterEditSender } from './offline/chapter-edits';
import { startOutboxSync } from './offline/outbox';
import { registerServiceWorker } from './pwa/register-sw';
import './styles.css';

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}

initI18n()
  .catch((error: unknown) => console.error('Translations failed to load', error))
  .finally(() => {
    registerServiceWorker();
    registerChapterEditSender();
    registerChatAnswerSender();
    registerOnboardingAnswerSender();
    startOutboxSync();
    render();
  });
