// Issue 28: changing the email asks for the current password, says why, shows the server's refusals,
// and keeps this device signed in with the new token the answer brings.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSession } from '../../../src/lib/session';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';

beforeEach(async () => {
  await resetApp();
  signInAs();
});

async function openForm() {
  renderApp('/profile');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: "Changer d'adresse email" }));
  return user;
}

describe('email change on the profile', () => {
  it('sends the new address with the current password and keeps the session with the new token', async () => {
    const net = mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'PATCH /api/v1/users/me': jsonReply({
        ...testUserWire,
        email: 'nouvelle@example.org',
        email_verified: false,
        access_token: 'new-token',
      }),
    });
    const user = await openForm();
    expect(screen.getByText(/pour annuler le changement pendant 7 jours/)).toBeTruthy();
    await user.type(screen.getByLabelText('Nouvelle adresse email'), ' nouvelle@example.org ');
    await user.type(screen.getByLabelText('Votre mot de passe actuel'), 'Souvenir1!');
    await user.click(screen.getByRole('button', { name: "Enregistrer l'adresse" }));
    await waitFor(() => expect(getSession()?.token).toBe('new-token'));
    expect(JSON.parse(net.callsTo('PATCH /api/v1/users/me')[0].body ?? '')).toEqual({
      email: 'nouvelle@example.org',
      current_password: 'Souvenir1!',
    });
    expect(getSession()?.user?.email).toBe('nouvelle@example.org');
    await screen.findByText(/Votre adresse est maintenant nouvelle@example\.org/);
  });

  it('asks for the password before sending anything', async () => {
    const net = mockFetch({ 'GET /api/v1/users/me': jsonReply(testUserWire) });
    const user = await openForm();
    await user.type(screen.getByLabelText('Nouvelle adresse email'), 'nouvelle@example.org');
    await user.click(screen.getByRole('button', { name: "Enregistrer l'adresse" }));
    await screen.findByText('Veuillez indiquer votre mot de passe actuel.');
    expect(net.callsTo('PATCH /api/v1/users/me')).toHaveLength(0);
  });

  it('says when the password is wrong, and keeps the old token', async () => {
    mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'PATCH /api/v1/users/me': errorReply(400, [
        { type: 'incorrect_password', msg: 'Le mot de passe actuel est incorrect.' },
      ]),
    });
    const user = await openForm();
    await user.type(screen.getByLabelText('Nouvelle adresse email'), 'nouvelle@example.org');
    await user.type(screen.getByLabelText('Votre mot de passe actuel'), 'Faux1!mdp');
    await user.click(screen.getByRole('button', { name: "Enregistrer l'adresse" }));
    await screen.findByText("Ce mot de passe n'est pas le bon.");
    expect(getSession()?.token).toBe('test-token');
    expect(getSession()?.user?.email).toBe(testUserWire.email);
  });

  it('says when too many changes were made', async () => {
    mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'PATCH /api/v1/users/me': errorReply(429, [
        { type: 'too_many_requests', msg: 'Trop de demandes.' },
      ]),
    });
    const user = await openForm();
    await user.type(screen.getByLabelText('Nouvelle adresse email'), 'nouvelle@example.org');
    await user.type(screen.getByLabelText('Votre mot de passe actuel'), 'Souvenir1!');
    await user.click(screen.getByRole('button', { name: "Enregistrer l'adresse" }));
    await screen.findByText("Trop de changements ou d'essais. Veuillez réessayer plus tard.");
    expect(getSession()?.token).toBe('test-token');
  });
});

describe('an address not confirmed yet', () => {
  const unconfirmed = { ...testUserWire, email_verified: false };

  it('says why it matters and sends a new confirmation message on request', async () => {
    signInAs({ email_verified: false });
    const net = mockFetch({
      'GET /api/v1/users/me': jsonReply(unconfirmed),
      'POST /api/v1/users/me/email-validation': jsonReply({ message: 'sent' }),
    });
    renderApp('/profile');
    const user = userEvent.setup();
    await screen.findByText(
      /vous ne pouvez pas recevoir de lien pour choisir un nouveau mot de passe/,
    );
    await user.click(screen.getByRole('button', { name: 'Renvoyer le message de confirmation' }));
    await screen.findByText(/Un nouveau message de confirmation a été envoyé à/);
    expect(net.callsTo('POST /api/v1/users/me/email-validation')).toHaveLength(1);
    expect(
      screen.queryByRole('button', { name: 'Renvoyer le message de confirmation' }),
    ).toBeNull();
  });

  it('says when too many messages were sent today', async () => {
    signInAs({ email_verified: false });
    mockFetch({
      'GET /api/v1/users/me': jsonReply(unconfirmed),
      'POST /api/v1/users/me/email-validation': errorReply(429, [
        { type: 'too_many_requests', msg: 'Trop de demandes.' },
      ]),
    });
    renderApp('/profile');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Renvoyer le message de confirmation' }),
    );
    await screen.findByText(/Plusieurs messages ont déjà été envoyés aujourd'hui/);
  });

  it('is not shown for a confirmed address', async () => {
    mockFetch({ 'GET /api/v1/users/me': jsonReply(testUserWire) });
    renderApp('/profile');
    await screen.findByRole('button', { name: "Changer d'adresse email" });
    expect(screen.queryByText(/pas encore confirmée/)).toBeNull();
  });
});
