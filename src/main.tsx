// Entry point: translations first (so the first paint is in the right language), then the app; the
// offline layer starts once the first page is on screen: the service worker for everyone, the outbox
// once someone is signed in (src/app/start-offline-layer.ts), each a chunk of its own.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, createAppRouter } from './app/router';
import { startOfflineLayer } from './app/start-offline-layer';
import { initI18n } from './lib/i18n';
import './styles.css';

/**
 * The router first, in a task of its own: matching the address starts the first page's code, data and
 * texts loading before anything is drawn. Then the first render, as a transition, which React cuts into
 * short slices: a slow phone stays responsive while the shell and the page are built.
 */
function render() {
  const router = createAppRouter();
  setTimeout(() => {
    startTransition(() => {
      createRoot(document.getElementById('root')!).render(
        <StrictMode>
          <AppProvider>
            <AppRouter router={router} onFirstPage={startOfflineLayer} />
          </AppProvider>
        </StrictMode>,
      );
    });
  }, 0);
}

initI18n()
  .catch((error: unknown) => console.error('Translations failed to load', error))
  .finally(() => {
    // A task after the one that ran the entry's code (the texts are bundled: they are ready at once).
    setTimeout(render, 0);
  });
