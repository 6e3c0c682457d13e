// The account deletion dialog (issue 28): it says what goes and what is kept (an order not shipped yet is
// still sent, payment records stay without the person), offers the data export first, and explains a
// refusal because the payment service cannot be reached.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/offline/clear-local-data', () => ({ clearLocalData: vi.fn(async () => {}) }));

import { getSession } from '../../../src/lib/session';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';

beforeEach(async () => {
  await resetApp();
  signInAs();
});

async function openDialog() {
  renderApp('/profile');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Supprimer mon compte' }));
  return {
    user,
    dialog: screen.getByRole('alertdialog', { name: 'Supprimer votre compte\u202f?' }),
  };
}

describe('account deletion dialog', () => {
  it('says what is kept and why: the order being printed, the payments without the name', async () => {
    mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/users/me/export': errorReply(404),
    });
    const { dialog } = await openDialog();
    expect(
      within(dialog).getByRole('heading', { name: 'Ce que nous gardons, et pourquoi' }),
    ).toBeTruthy();
    const text = dialog.textContent ?? '';
    expect(text).toContain('sera quand même imprimé et envoyé');
    expect(text).toContain('gardées 10 ans');
    expect(text).toContain('sans votre nom ni votre adresse email');
    expect(text).toContain('il est arrêté tout de suite');
  });

  it('offers the data export first: asks for it, then shows it is being prepared', async () => {
    const net = mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/users/me/export': errorReply(404),
      'POST /api/v1/users/me/export': jsonReply(
        { status: 'pending', requested_at: new Date().toISOString(), url: null, expires_at: null },
        202,
      ),
    });
    const { user, dialog } = await openDialog();
    await user.click(
      within(dialog).getByRole('button', { name: 'Préparer le fichier de mes données' }),
    );
    expect((await within(dialog).findByRole('status')).textContent).toContain(
      'Votre fichier est en préparation',
    );
    expect(net.callsTo('POST /api/v1/users/me/export')).toHaveLength(1);
    expect(net.callsTo('DELETE /api/v1/users/me')).toHaveLength(0);
  });

  it('gives the download link when an export is ready', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/users/me/export': jsonReply({
        status: 'ready',
        requested_at: new Date().toISOString(),
        url: '/files/export.zip?sig=x',
        expires_at: later,
      }),
    });
    const { dialog } = await openDialog();
    const link = await within(dialog).findByRole('link', { name: 'Télécharger mes données' });
    expect(link.getAttribute('href')).toBe('/files/export.zip?sig=x');
  });

  it('explains that nothing was deleted when the payment service cannot be reached', async () => {
    mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/users/me/export': errorReply(404),
      'DELETE /api/v1/users/me': errorReply(503, [
        { type: 'payment_provider_unavailable', msg: 'Le service de paiement ne répond pas' },
      ]),
    });
    const { user, dialog } = await openDialog();
    await user.type(
      within(dialog).getByLabelText('Pour confirmer, tapez SUPPRIMER en majuscules'),
      'SUPPRIMER',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'votre abonnement n’a pas pu être arrêté, donc rien n’a été supprimé',
    );
    expect(getSession()).not.toBeNull();
  });
});
