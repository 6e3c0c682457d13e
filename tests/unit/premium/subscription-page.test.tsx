// /subscription: the two plans and their prices, each button opening the payment page of its product,
// the state at the top, the monthly plan refused while subscribed, the printed copy of a book
// (?book_id=), the server's words when a payment cannot start, and the buttons waiting offline.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../src/lib/i18n';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { ANNUAL, CANCELED, SUBSCRIBED, apiError, premiumServer, premiumStatus } from './support';

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});

function card(testId: string) {
  return screen.getByTestId(testId);
}

describe('the plans', () => {
  it('shows both plans with their prices and benefits, and the free chapters left', async () => {
    premiumServer();
    renderApp('/subscription');
    await screen.findByRole('heading', { level: 1, name: 'Abonnement' });
    const monthly = card('plan-monthly');
    expect(within(monthly).getByRole('heading', { name: 'Abonnement mensuel' })).toBeTruthy();
    expect(within(monthly).getByText('14,00 € / mois')).toBeTruthy();
    expect(within(monthly).getByText(/Sans engagement/)).toBeTruthy();
    expect(within(monthly).getByText('Chapitres illimités')).toBeTruthy();
    const pack = card('plan-pack');
    expect(
      within(pack).getByRole('heading', { name: 'Pack 12 mois + 1 livre imprimé' }),
    ).toBeTruthy();
    expect(within(pack).getByText('168,00 €')).toBeTruthy();
    expect(within(pack).getByText('Un livre imprimé offert')).toBeTruthy();
    expect(await screen.findByText('Il vous reste 2 chapitres gratuits.')).toBeTruthy();
    // The free chapters do not make a book, and the prices are charged in euros (issue 35).
    expect(
      screen.getByText(
        "Un livre demande l'offre complète et au moins 4 chapitres : les chapitres gratuits servent à essayer.",
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('plans-currency').textContent).toBe(
      'Les prix sont en euros (€), payés en euros. Si votre carte est dans une autre monnaie, votre banque fait la conversion.',
    );
    expect(screen.queryByTestId('plan-book')).toBeNull();
    expect(screen.getByLabelText('Code cadeau')).toBeTruthy();
  });

  it.each([
    ["Choisir l'abonnement mensuel", 'subscription'],
    ['Choisir le pack 12 mois', 'premium-12-months-and-a-book'],
  ])('"%s" opens the payment page of %s', async (label, product) => {
    const redirect = `/api/v1/demo/checkout/session-${product}`;
    const net = premiumServer({
      routes: { [`POST /api/v1/demo/checkout/${product}`]: jsonReply({ redirect_url: redirect }) },
    });
    renderApp('/subscription');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirect));
    expect(net.callsTo(`POST /api/v1/demo/checkout/${product}`)).toHaveLength(1);
    // Busy until the page is left.
    expect(screen.getByRole('button', { name: label }).getAttribute('aria-busy')).toBe('true');
    expect(JSON.parse(window.sessionStorage.getItem('chapitres.checkout') ?? '')).toEqual({
      product,
    });
  });

  it('uses the payment provider named by /config', async () => {
    const net = premiumServer({
      provider: 'stripe',
      routes: {
        'POST /api/v1/stripe/checkout/subscription': jsonReply({
          redirect_url: 'https://checkout.stripe.com/c/pay/cs_test_1',
        }),
      },
    });
    renderApp('/subscription');
    await userEvent.click(
      await screen.findByRole('button', { name: "Choisir l'abonnement mensuel" }),
    );
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'),
    );
    expect(net.callsTo('GET /api/v1/config')).toHaveLength(1);
  });

  it("shows the server's message and does not leave when the payment cannot start", async () => {
    premiumServer({
      routes: {
        'POST /api/v1/demo/checkout/subscription': apiError(
          409,
          'already_subscribed',
          'Vous avez déjà un abonnement en cours.',
        ),
      },
    });
    renderApp('/subscription');
    const button = await screen.findByRole('button', { name: "Choisir l'abonnement mensuel" });
    await userEvent.click(button);
    const alert = await within(card('plan-monthly')).findByRole('alert');
    expect(within(alert).getByText('Vous avez déjà un abonnement en cours.')).toBeTruthy();
    expect(within(alert).getByText("Le paiement n'a pas pu commencer")).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(button.hasAttribute('disabled')).toBe(false);
  });

  it('waits offline, saying why', async () => {
    const net = premiumServer();
    renderApp('/subscription');
    const monthly = await screen.findByRole('button', { name: "Choisir l'abonnement mensuel" });
    reportNetworkFailure();
    await waitFor(() => expect(monthly.hasAttribute('disabled')).toBe(true));
    expect(
      screen.getByRole('button', { name: 'Choisir le pack 12 mois' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getAllByText(/Vous n'êtes pas connecté à internet/).length).toBeGreaterThan(0);
    const describedBy = monthly.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toMatch(/pas connecté à internet/);
    expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('what the person has now', () => {
  it('says a subscriber is subscribed and refuses a second subscription', async () => {
    premiumServer({ status: SUBSCRIBED });
    renderApp('/subscription');
    expect(
      await screen.findByText('Votre abonnement mensuel est actif : vous avez un accès complet.'),
    ).toBeTruthy();
    const monthly = screen.getByRole('button', { name: "Choisir l'abonnement mensuel" });
    expect(monthly.hasAttribute('disabled')).toBe(true);
    expect(within(card('plan-monthly')).getByText(/Vous êtes déjà abonné/)).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Choisir le pack 12 mois' }).hasAttribute('disabled'),
    ).toBe(false);
  });

  it('gives the end date of a canceled subscription, still refusing a second one', async () => {
    premiumServer({ status: CANCELED });
    renderApp('/subscription');
    expect(
      await screen.findByText(
        "Votre abonnement est résilié : votre accès complet dure jusqu'au 15 mars 2026.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: "Choisir l'abonnement mensuel" }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('gives the end date of the 12-month access and the printed books left', async () => {
    premiumServer({ status: ANNUAL });
    renderApp('/subscription');
    expect(
      await screen.findByText("Vous avez un accès complet jusqu'au 20 novembre 2026."),
    ).toBeTruthy();
    expect(screen.getByText('1 livre imprimé à commander')).toBeTruthy();
  });

  it('does not offer a monthly checkout to someone with full access until a date', async () => {
    const net = premiumServer({ status: ANNUAL });
    renderApp('/subscription');
    await screen.findByText("Vous avez un accès complet jusqu'au 20 novembre 2026.");
    const monthly = screen.getByRole('button', { name: "Choisir l'abonnement mensuel" });
    expect(monthly.hasAttribute('disabled')).toBe(true);
    expect(
      within(card('plan-monthly')).getByText(
        "Vous avez déjà un accès complet jusqu'au 20 novembre 2026 : vous n'avez rien à payer d'ici là.",
      ),
    ).toBeTruthy();
    await userEvent.click(monthly);
    expect(net.callsTo('POST /api/v1/demo/checkout/subscription')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('speaks English with English money and dates', async () => {
    await setLanguage('en', { remember: false });
    premiumServer({ status: ANNUAL });
    renderApp('/subscription');
    expect(await screen.findByText('You have full access until November 20, 2026.')).toBeTruthy();
    expect(screen.getByText('€14.00 / month')).toBeTruthy();
    expect(screen.getByText('€168.00')).toBeTruthy();
    expect(screen.getByTestId('plans-currency').textContent).toBe(
      'Prices are in euros (€) and charged in euros. If your card is in another currency, your bank converts the amount.',
    );
    // With full access, nothing about what a book needs.
    expect(screen.queryByText(/A book needs full access/)).toBeNull();
  });
});

describe('the printed copy of a book (?book_id=)', () => {
  it('costs 49,00 € without a credit and opens the payment page of that book', async () => {
    const net = premiumServer({
      routes: {
        'POST /api/v1/demo/checkout/book': jsonReply({ redirect_url: '/api/v1/demo/checkout/s-b' }),
      },
    });
    renderApp('/subscription?book_id=book-42');
    const book = await screen.findByTestId('plan-book');
    expect(within(book).getByRole('heading', { name: 'Commander le livre imprimé' })).toBeTruthy();
    expect(await within(book).findByText('49,00 €')).toBeTruthy();
    await userEvent.click(within(book).getByRole('button', { name: 'Commander le livre imprimé' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v1/demo/checkout/s-b'));
    const [call] = net.callsTo('POST /api/v1/demo/checkout/book');
    expect(call.query.get('book_id')).toBe('book-42');
  });

  it('is included with the pack while a book credit remains', async () => {
    premiumServer({ status: premiumStatus({ ...ANNUAL, book_credits: 1 }) });
    renderApp('/subscription?book_id=book-42');
    const book = await screen.findByTestId('plan-book');
    expect(await within(book).findByText('Offert avec votre pack')).toBeTruthy();
    expect(within(book).queryByText('49,00 €')).toBeNull();
  });

  it('says when the book is not ready yet', async () => {
    premiumServer({
      routes: {
        'POST /api/v1/demo/checkout/book': apiError(
          409,
          'book_not_ready',
          "Ce livre n'est pas encore prêt.",
        ),
      },
    });
    renderApp('/subscription?book_id=book-42');
    const book = await screen.findByTestId('plan-book');
    await userEvent.click(within(book).getByRole('button', { name: 'Commander le livre imprimé' }));
    expect(await within(book).findByText("Ce livre n'est pas encore prêt.")).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});
