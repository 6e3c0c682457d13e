// The payment result pages: on success, what was bought, the access now (asked again at once, the
// chapters' quota too) and the way home; on failure, the way back to what was being bought.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVATION_POLL_MS } from '../../../src/features/premium/components/payment-result';
import { queryClient } from '../../../src/lib/query-client';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { renderApp, resetApp } from '../support/render-app';
import { ANNUAL, SUBSCRIBED, premiumServer } from './support';

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
});

function remember(checkout: unknown) {
  window.sessionStorage.setItem('chapitres.checkout', JSON.stringify(checkout));
}

describe('/payment-success', () => {
  it('says the monthly subscription was taken and that it is active', async () => {
    remember({ product: 'subscription' });
    premiumServer({ status: SUBSCRIBED });
    renderApp('/payment-success');
    await screen.findByRole('heading', { level: 1, name: 'Merci, votre paiement est confirmé' });
    expect(
      screen.getByText("Vous avez souscrit l'abonnement mensuel à 14,00 € par mois."),
    ).toBeTruthy();
    expect(
      await screen.findByText('Votre abonnement mensuel est actif : vous avez un accès complet.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toBeTruthy();
    // Said once: a later visit does not repeat it.
    expect(window.sessionStorage.getItem('chapitres.checkout')).toBeNull();
  });

  it('says the pack was bought, until when, and the printed book to order', async () => {
    remember({ product: 'premium-12-months-and-a-book' });
    premiumServer({ status: ANNUAL });
    renderApp('/payment-success');
    expect(
      await screen.findByText('Vous avez acheté le pack 12 mois + 1 livre imprimé, pour 168,00 €.'),
    ).toBeTruthy();
    expect(
      await screen.findByText("Vous avez un accès complet jusqu'au 20 novembre 2026."),
    ).toBeTruthy();
    expect(screen.getByText('1 livre imprimé à commander')).toBeTruthy();
  });

  it('says a printed book was ordered, with the way back to it', async () => {
    remember({ product: 'book', bookID: 'book-x' });
    premiumServer({ status: ANNUAL });
    renderApp('/payment-success');
    expect(await screen.findByText(/Vous avez commandé un exemplaire imprimé/)).toBeTruthy();
    expect(screen.getByText(/Votre livre va être imprimé/)).toBeTruthy();
    // A book is not an access: the page does not say « Votre accès est activé ».
    expect(screen.getByText('Votre paiement a bien été reçu.')).toBeTruthy();
    expect(screen.queryByText(/accès est activé/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Voir mon livre' }).getAttribute('href')).toBe(
      '/book/book-x',
    );
  });

  it('asks again for every access answer already in the cache', async () => {
    queryClient.setQueryData(['chapters', 'access'], {
      isFullAccessGranted: false,
      freeChaptersAllowed: 0,
    });
    premiumServer({ status: SUBSCRIBED });
    renderApp('/payment-success');
    await screen.findByRole('heading', { level: 1, name: 'Merci, votre paiement est confirmé' });
    await waitFor(() =>
      expect(queryClient.getQueryState(['chapters', 'access'])?.isInvalidated).toBe(true),
    );
  });

  it('waits for the access to be applied when it is not yet (a webhook may come later)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      remember({ product: 'subscription' });
      const net = premiumServer();
      renderApp('/payment-success');
      expect(await screen.findByText(/Nous activons votre accès/)).toBeTruthy();
      net.state.status = SUBSCRIBED;
      await vi.advanceTimersByTimeAsync(ACTIVATION_POLL_MS);
      expect(
        await screen.findByText('Votre abonnement mensuel est actif : vous avez un accès complet.'),
      ).toBeTruthy();
      expect(screen.queryByText(/Nous activons votre accès/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('/payment-failure', () => {
  it('leads back to the plans', async () => {
    remember({ product: 'subscription' });
    premiumServer();
    renderApp('/payment-failure');
    await screen.findByRole('heading', { level: 1, name: "Le paiement n'a pas abouti" });
    expect(screen.getByRole('link', { name: 'Revoir les offres' }).getAttribute('href')).toBe(
      '/subscription',
    );
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toBeTruthy();
    expect(window.sessionStorage.getItem('chapitres.checkout')).toBeNull();
  });

  it('leads back to the book whose order was not paid', async () => {
    remember({ product: 'book', bookID: 'book-x' });
    premiumServer();
    renderApp('/payment-failure');
    expect(
      (await screen.findByRole('link', { name: 'Revenir à mon livre' })).getAttribute('href'),
    ).toBe('/book/book-x');
  });
});
