// Forgotten password, reset from the mailed link, and email validation.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/lib/i18n';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';

beforeEach(async () => {
  await resetApp();
});

describe('forgot password', () => {
  it('sends the address, then confirms with a link back to login', async () => {
    const net = mockFetch({
      'POST /api/v1/password-recovery/jeanne%40example.org': jsonReply({ message: 'ok' }),
    });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    const submit = (await screen.findByRole('button', {
      name: 'Envoyer le lien',
    })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText('Adresse email'), 'jeanne@example.org');
    await user.click(submit);
    await screen.findByRole('heading', { level: 1, name: 'Vérifiez vos emails' });
    expect(net.calls).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Retour à la connexion' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('shows the failure message', async () => {
    mockFetch({ 'POST /api/v1/password-recovery/jeanne%40example.org': errorReply(500) });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Adresse email'), 'jeanne@example.org');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Une erreur est survenue, veuillez réessayer.',
    );
  });
});

describe('reset password', () => {
  it('says the token is missing, in French and in English', async () => {
    renderApp('/reset-password');
    await screen.findByText('Jeton manquant.');
    expect(screen.queryByLabelText('Nouveau mot de passe')).toBeNull();
    await setLanguage('en', { remember: false });
    await screen.findByText('Token missing.');
  });

  it('sets the new password and goes to /login', async () => {
    const net = mockFetch({ 'POST /api/v1/reset-password': jsonReply({ message: 'ok' }) });
    const { router } = renderApp('/reset-password?token=tok-123');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Nouveau1!');
    await user.type(screen.getByLabelText('Confirmez le mot de passe'), 'Nouveau');
    expect(
      screen.getByText('Les mots de passe doivent correspondre et ne pas être vides.'),
    ).toBeTruthy();
    const submit = screen.getByRole('button', {
      name: 'Enregistrer le mot de passe',
    }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText('Confirmez le mot de passe'), '1!');
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
    expect(JSON.parse(net.calls[0].body ?? '')).toEqual({
      token: 'tok-123',
      new_password: 'Nouveau1!',
    });
    await screen.findByText('Votre mot de passe a été modifié. Vous pouvez vous connecter.');
  });

  it('explains an expired or used link', async () => {
    mockFetch({
      'POST /api/v1/reset-password': errorReply(400, [
        { type: 'invalid_token', msg: 'Jeton invalide' },
      ]),
    });
    renderApp('/reset-password?token=old');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Nouveau1!');
    await user.type(screen.getByLabelText('Confirmez le mot de passe'), 'Nouveau1!');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect((await screen.findByRole('alert')).textContent).toContain("Ce lien n'est plus valable");
  });
});

describe('email validation', () => {
  it('sends the token once and shows success with a way to start', async () => {
    const net = mockFetch({ 'POST /api/v1/validate-email': jsonReply({ message: 'ok' }) });
    renderApp('/email-validation?token=val-1');
    await screen.findByText('Votre email est validé');
    expect(net.calls).toHaveLength(1);
    expect(JSON.parse(net.calls[0].body ?? '')).toEqual({ token: 'val-1' });
    expect(net.calls[0].headers.has('Authorization')).toBe(false);
    expect(screen.getByRole('link', { name: 'Commencer' }).getAttribute('href')).toBe('/');
  });

  it('shows progress while waiting', async () => {
    let release: () => void = () => {};
    mockFetch({
      'POST /api/v1/validate-email': () =>
        new Promise((resolve) => (release = () => resolve({ status: 200, json: {} }))),
    });
    renderApp('/email-validation?token=val-2');
    await screen.findByText('Validation de votre email en cours…');
    release();
    await screen.findByText('Votre email est validé');
  });

  it('shows the error panel for a bad token or none', async () => {
    mockFetch({
      'POST /api/v1/validate-email': errorReply(400, [
        { type: 'invalid_token', msg: 'Jeton invalide' },
      ]),
    });
    renderApp('/email-validation?token=bad');
    await screen.findByText("Erreur lors de la validation de l'email");
  });

  it('shows the error panel without a token, without calling the server', async () => {
    const net = mockFetch({});
    renderApp('/email-validation');
    await screen.findByText("Erreur lors de la validation de l'email");
    await waitFor(() => expect(net.calls).toHaveLength(0));
  });
});
