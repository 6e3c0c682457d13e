// Issue 28: the link mailed to the previous address after an email change opens a page that gives the
// address back with a new password, then signs this device out and leads to the login page.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/lib/i18n';
import { getSession } from '../../../src/lib/session';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs } from '../support/render-app';

beforeEach(async () => {
  await resetApp();
});

async function fill(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.type(await screen.findByLabelText('Nouveau mot de passe'), password);
  await user.type(screen.getByLabelText('Confirmez le mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Récupérer mon adresse' }));
}

describe('undo an email change', () => {
  it('says the token is missing, in French and in English', async () => {
    renderApp('/undo-email-change');
    await screen.findByText('Jeton manquant.');
    expect(screen.queryByLabelText('Nouveau mot de passe')).toBeNull();
    await setLanguage('en', { remember: false });
    await screen.findByText('Missing token.');
  });

  it('sends the token and the new password, signs this device out and goes to /login', async () => {
    signInAs();
    const net = mockFetch({
      'POST /api/v1/undo-email-change': jsonReply({ message: 'restored' }),
    });
    const { router } = renderApp('/undo-email-change?token=tok-undo');
    const user = userEvent.setup();
    await screen.findByText(/choisissez un nouveau mot de passe/);
    await fill(user, 'Retour1!mdp');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession()).toBeNull();
    const call = net.callsTo('POST /api/v1/undo-email-change')[0];
    expect(JSON.parse(call.body ?? '')).toEqual({ token: 'tok-undo', new_password: 'Retour1!mdp' });
    expect(call.headers.get('authorization')).toBeNull();
    await screen.findByText(/Votre adresse email vous a été rendue/);
  });

  it('explains an expired or used link', async () => {
    mockFetch({
      'POST /api/v1/undo-email-change': errorReply(400, [
        { type: 'invalid_token', msg: 'Ce lien n’est plus valide.' },
      ]),
    });
    renderApp('/undo-email-change?token=old');
    await fill(userEvent.setup(), 'Retour1!mdp');
    expect((await screen.findByRole('alert')).textContent).toContain("Ce lien n'est plus valable");
  });
});
