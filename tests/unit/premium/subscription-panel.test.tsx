// The profile's subscription panel (spec §4): the four states, cancelling and resuming behind a
// confirmation, what a refusal says, and the printed books left to order.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { ANNUAL, CANCELED, SUBSCRIBED, apiError, premiumServer, premiumStatus } from './support';

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
});

async function openPanel(options: Parameters<typeof premiumServer>[0] = {}) {
  const net = premiumServer(options);
  const view = renderApp('/profile');
  const panel = await screen.findByTestId('subscription-panel');
  await waitFor(() => expect(panel.querySelector('[data-state]')).toBeTruthy());
  return { net, panel, ...view };
}

describe('the four states', () => {
  it('none: free chapters left and the way to the plans', async () => {
    const { panel, router } = await openPanel();
    expect(within(panel).getByRole('heading', { name: 'Mon abonnement' })).toBeTruthy();
    expect(within(panel).getByText("Pas d'abonnement")).toBeTruthy();
    expect(within(panel).getByText('Il vous reste 2 chapitres gratuits.')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('link', { name: "S'abonner" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });

  it('none without free chapters left', async () => {
    const { panel } = await openPanel({ status: premiumStatus({ free_chapters_allowed: 0 }) });
    expect(within(panel).getByText("Vous n'avez plus de chapitre gratuit.")).toBeTruthy();
  });

  it('subscribed: active, with a cancel button', async () => {
    const { panel } = await openPanel({ status: SUBSCRIBED });
    expect(within(panel).getByText('Abonnement actif')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Résilier' })).toBeTruthy();
    expect(within(panel).queryByRole('link', { name: "S'abonner" })).toBeNull();
  });

  it('canceled: the end date, with a resume button', async () => {
    const { panel } = await openPanel({ status: CANCELED });
    expect(within(panel).getByText('Abonnement résilié')).toBeTruthy();
    expect(
      within(panel).getByText(
        "Votre abonnement reste actif jusqu'au 15 mars 2026, puis il s'arrêtera.",
      ),
    ).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Reprendre mon abonnement' })).toBeTruthy();
  });

  it('annual: full access until its end date, and the printed book to order', async () => {
    const { panel } = await openPanel({ status: ANNUAL });
    expect(within(panel).getByText("Accès complet jusqu'au 20 novembre 2026")).toBeTruthy();
    expect(within(panel).getByText('1 livre imprimé à commander')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Voir mes livres' }).getAttribute('href')).toBe(
      '/books',
    );
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('counts several printed books', async () => {
    const { panel } = await openPanel({ status: { ...ANNUAL, book_credits: 2 } });
    expect(within(panel).getByText('2 livres imprimés à commander')).toBeTruthy();
  });

  it('offers to try again when the status cannot be loaded', async () => {
    const net = premiumServer({
      routes: { 'GET /api/v1/premium-status': apiError(500, 'internal', 'x') },
    });
    renderApp('/profile');
    expect(
      await screen.findByText("Impossible d'afficher votre abonnement pour le moment."),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(net.callsTo('GET /api/v1/premium-status').length).toBeGreaterThan(0);
  });
});

describe('cancelling', () => {
  it('asks first, then cancels at the end of the period', async () => {
    const { net, panel } = await openPanel({
      status: SUBSCRIBED,
      routes: {
        'POST /api/v1/demo/subscription/cancellation': () => {
          net.state.status = CANCELED;
          return jsonReply(CANCELED);
        },
      },
    });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Résilier' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Résilier votre abonnement\u202f?',
    });
    expect(
      within(dialog).getByText(
        "Votre abonnement restera actif jusqu'à la fin de la période payée.",
      ),
    ).toBeTruthy();
    // Focus starts on the safe answer.
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Garder mon abonnement' }),
    );
    expect(net.callsTo('POST /api/v1/demo/subscription/cancellation')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Oui, résilier' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(net.callsTo('POST /api/v1/demo/subscription/cancellation')).toHaveLength(1);
    expect(await within(panel).findByText('Abonnement résilié')).toBeTruthy();
    expect(
      await screen.findByText(
        "Votre abonnement est résilié. Il reste actif jusqu'à la fin de la période payée.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Abonnement résilié'));
  });

  it('keeps the subscription when the person changes their mind', async () => {
    const { net, panel } = await openPanel({ status: SUBSCRIBED });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Résilier' }));
    await user.click(await screen.findByRole('button', { name: 'Garder mon abonnement' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(panel).getByText('Abonnement actif')).toBeTruthy();
    expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("says in the dialog why it was refused, in the server's words", async () => {
    const { panel } = await openPanel({
      status: SUBSCRIBED,
      routes: {
        'POST /api/v1/demo/subscription/cancellation': apiError(
          409,
          'no_active_subscription',
          "Vous n'avez pas d'abonnement en cours.",
        ),
      },
    });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Résilier' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Oui, résilier' }));
    expect(await within(dialog).findByText("Vous n'avez pas d'abonnement en cours.")).toBeTruthy();
  });
});

describe('resuming', () => {
  it('asks first, then resumes the subscription', async () => {
    const { net, panel } = await openPanel({
      status: CANCELED,
      routes: {
        'POST /api/v1/demo/subscription/restoration': () => {
          net.state.status = SUBSCRIBED;
          return jsonReply(SUBSCRIBED);
        },
      },
    });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Reprendre mon abonnement' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Reprendre votre abonnement\u202f?',
    });
    expect(within(dialog).getByText(/au prix de 14,00 € par mois/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Oui, reprendre' }));
    expect(await within(panel).findByText('Abonnement actif')).toBeTruthy();
    expect(net.callsTo('POST /api/v1/demo/subscription/restoration')).toHaveLength(1);
    expect(await screen.findByText('Votre abonnement est repris.')).toBeTruthy();
  });

  it('says when the subscription has already ended, and shows the new state', async () => {
    const { net, panel } = await openPanel({
      status: CANCELED,
      routes: {
        'POST /api/v1/demo/subscription/restoration': () => {
          net.state.status = premiumStatus();
          return apiError(409, 'subscription_ended', 'Votre abonnement est déjà terminé.');
        },
      },
    });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Reprendre mon abonnement' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Oui, reprendre' }));
    expect(await within(dialog).findByText('Votre abonnement est déjà terminé.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(await within(panel).findByText("Pas d'abonnement")).toBeTruthy();
  });
});
