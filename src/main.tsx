// Entry point: translations first (so the first paint is in the right language), then the app; the
// offline layer (service worker, outbox senders and replay) loads as its own chunk once the first page
// is on screen.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import './styles.css';

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <AppRouter onFirstPage={startOfflineLayer} />
      </AppProvider>
    </StrictMode>,
  );
}

let offlineLayerStarted = false;

function startOfflineLayer() {
  if (offlineLayerStarted) return;
  offlineLayerStarted = true;
  import('./app/start-offline-layer')
    .then((module) => module.startOfflineLayer())
    .catch((error: unknown) => console.error('The offline layer failed to start', error));
}

initI18n()
  .catch((error: unknown) => console.error('Translations failed to load', error))
  .finally(() => {
    render();
  });
