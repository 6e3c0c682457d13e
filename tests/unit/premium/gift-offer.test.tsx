// A gift from a relative (issue 31): on her circle's page, two big choices — a year applied to her
// account, or a gift code to give — each opening the payment page of the gift with what it says in the
// body; on /subscription only the code; the price and what it gives in one line; the server's words
// when it cannot start; waiting offline; nothing sold with PAYMENTS=off; and the thanks on
// /payment-success.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GiftOffer } from '../../../src/features/premium/components/gift-offer';
import { setLanguage } from '../../../src/lib/i18n';
import { queryClient } from '../../../src/lib/query-client';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { apiError, premiumServer } from './support';

const STORYTELLER = '2b3c4d5e-0000-4000-8000-00000000000a';
const NB = '\u00a0';

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});

/** The offer on its own, as the circle's page places it. */
function renderOffer(props: { storytellerId?: string; storytellerName?: string }) {
  const router = createMemoryRouter([{ path: '*', element: <GiftOffer {...props} /> }], {
    initialEntries: ['/circles/x'],
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function remembered() {
  return JSON.parse(window.sessionStorage.getItem('chapitres.checkout') ?? 'null');
}

describe('the gift offer on her circle’s page', () => {
  it('offers two choices, the price and what it gives, and applies the year to her account', async () => {
    const redirect = '/api/v1/demo/checkout/session-gift';
    const net = premiumServer({
      routes: { 'POST /api/v1/demo/checkout/gift': jsonReply({ redirect_url: redirect }) },
    });
    renderOffer({ storytellerId: STORYTELLER, storytellerName: 'Jeanne' });
    expect(
      await screen.findByRole('heading', { name: 'Offrir Chapitres à un proche' }),
    ).toBeTruthy();
    expect(screen.getByTestId('gift-offer-what').textContent).toBe(
      `168,00${NB}€, payés une seule fois${NB}: 12 mois d'accès complet à Chapitres et un livre imprimé.`,
    );
    const forHer = screen.getByRole('button', { name: 'Offrir un an de Chapitres à Jeanne' });
    expect(screen.getByRole('button', { name: 'Recevoir un code cadeau à offrir' })).toBeTruthy();
    expect(screen.getByText(/Jeanne n'a rien à faire/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(forHer);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirect));
    const [call] = net.callsTo('POST /api/v1/demo/checkout/gift');
    expect(JSON.parse(call!.body ?? '')).toEqual({
      for: 'storyteller',
      storyteller_id: STORYTELLER,
    });
    expect(call!.headers.get('Content-Type')).toBe('application/json');
    // Busy until the page is left, the other choice waiting.
    expect(forHer.getAttribute('aria-busy')).toBe('true');
    expect(
      screen
        .getByRole('button', { name: 'Recevoir un code cadeau à offrir' })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(remembered()).toEqual({
      product: 'gift',
      gift: { for: 'storyteller', storytellerID: STORYTELLER, storytellerName: 'Jeanne' },
    });
  });

  it('buys a gift code to give with the second choice', async () => {
    const redirect = '/api/v1/demo/checkout/session-code';
    const net = premiumServer({
      routes: { 'POST /api/v1/demo/checkout/gift': jsonReply({ redirect_url: redirect }) },
    });
    renderOffer({ storytellerId: STORYTELLER, storytellerName: 'Jeanne' });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Recevoir un code cadeau à offrir' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirect));
    const [call] = net.callsTo('POST /api/v1/demo/checkout/gift');
    expect(JSON.parse(call!.body ?? '')).toEqual({ for: 'code' });
    expect(remembered()).toEqual({ product: 'gift', gift: { for: 'code' } });
  });

  it('uses the payment provider named by /config', async () => {
    const net = premiumServer({
      provider: 'stripe',
      routes: {
        'POST /api/v1/stripe/checkout/gift': jsonReply({
          redirect_url: 'https://checkout.stripe.test/pay/cs_1',
        }),
      },
    });
    renderOffer({ storytellerId: STORYTELLER, storytellerName: 'Jeanne' });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Offrir un an de Chapitres à Jeanne' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_1'),
    );
    expect(net.callsTo('POST /api/v1/stripe/checkout/gift')).toHaveLength(1);
  });

  it('says her name in English too, and words without a name', async () => {
    await setLanguage('en', { remember: false });
    premiumServer();
    const { unmount } = renderOffer({ storytellerId: STORYTELLER, storytellerName: 'Jeanne' });
    expect(
      await screen.findByRole('button', { name: 'Give Jeanne a year of Chapitres' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get a gift code to give' })).toBeTruthy();
    expect(screen.getByTestId('gift-offer-what').textContent).toBe(
      '€168.00, paid once: 12 months of full access to Chapitres and one printed book.',
    );
    unmount();
    renderOffer({ storytellerId: STORYTELLER });
    expect(
      await screen.findByRole('button', { name: 'Give your relative a year of Chapitres' }),
    ).toBeTruthy();
  });

  it('shows the server’s words when the payment cannot start (not in her circle any more)', async () => {
    premiumServer({
      routes: {
        'POST /api/v1/demo/checkout/gift': apiError(404, 'not_found', 'Introuvable.'),
      },
    });
    renderOffer({ storytellerId: STORYTELLER, storytellerName: 'Jeanne' });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Offrir un an de Chapitres à Jeanne' }));
    expect(await screen.findByText("Le paiement n'a pas pu commencer")).toBeTruthy();
    expect(screen.getByText('Introuvable.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    // Another try is possible.
    expect(
      screen
        .getByRole('button', { name: 'Offrir un an de Chapitres à Jeanne' })
        .hasAttribute('disabled'),
    ).toBe(false);
  });

  it('waits offline, saying why', async () => {
    const net = premiumServer();
    renderOffer({ storytellerId: STORYTELLER, storytellerName: 'Jeanne' });
    const forHer = await screen.findByRole('button', {
      name: 'Offrir un an de Chapitres à Jeanne',
    });
    reportNetworkFailure();
    await waitFor(() => expect(forHer.hasAttribute('disabled')).toBe(true));
    expect(
      screen
        .getByRole('button', { name: 'Recevoir un code cadeau à offrir' })
        .hasAttribute('disabled'),
    ).toBe(true);
    const describedBy = forHer.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toMatch(/pas connecté à internet/);
    expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sells nothing on a server without payments', async () => {
    const net = premiumServer({ provider: 'off' });
    renderOffer({ storytellerId: STORYTELLER, storytellerName: 'Jeanne' });
    await waitFor(() => expect(net.callsTo('GET /api/v1/config').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByTestId('gift-offer')).toBeNull());
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the gift offer on /subscription', () => {
  it('offers only the gift code, below the plans', async () => {
    const redirect = '/api/v1/demo/checkout/session-code';
    const net = premiumServer({
      routes: { 'POST /api/v1/demo/checkout/gift': jsonReply({ redirect_url: redirect }) },
    });
    renderApp('/subscription');
    const offer = await screen.findByTestId('gift-offer');
    expect(screen.getByRole('heading', { name: 'Offrir Chapitres à un proche' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Offrir un an de Chapitres/ })).toBeNull();
    // Below the plans.
    const pack = screen.getByTestId('plan-pack');
    expect(pack.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Recevoir un code cadeau à offrir' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirect));
    expect(JSON.parse(net.callsTo('POST /api/v1/demo/checkout/gift')[0]!.body ?? '')).toEqual({
      for: 'code',
    });
  });

  it('is not there on a server without payments', async () => {
    premiumServer({ provider: 'off' });
    renderApp('/subscription');
    await screen.findByText(/Ce serveur Chapitres est sans paiement/);
    expect(screen.queryByTestId('gift-offer')).toBeNull();
  });
});

describe('/payment-success after a gift', () => {
  function remember(checkout: unknown) {
    window.sessionStorage.setItem('chapitres.checkout', JSON.stringify(checkout));
  }

  it('says the gift code is on its way by mail', async () => {
    remember({ product: 'gift', gift: { for: 'code' } });
    premiumServer();
    renderApp('/payment-success?product=gift');
    const thanks = await screen.findByTestId('payment-success-gift');
    expect(thanks.textContent).toBe(`Merci${NB}! Le code cadeau vous est envoyé par e-mail.`);
  });

  it('thanks by her name for a year applied to her account', async () => {
    remember({
      product: 'gift',
      gift: { for: 'storyteller', storytellerID: STORYTELLER, storytellerName: 'Jeanne' },
    });
    premiumServer();
    renderApp('/payment-success?product=gift');
    const thanks = await screen.findByTestId('payment-success-gift');
    expect(thanks.textContent).toBe(`Merci${NB}! Jeanne a maintenant un an de Chapitres.`);
  });

  it('still thanks for the gift when this tab remembers nothing', async () => {
    premiumServer();
    renderApp('/payment-success?product=gift');
    const thanks = await screen.findByTestId('payment-success-gift');
    expect(thanks.textContent).toBe(`Merci${NB}! Votre cadeau est bien payé.`);
  });
});
