// The login screen: submit rules, show/hide password, and the login error rules on screen.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSession } from '../../../src/lib/session';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';

beforeEach(async () => {
  await resetApp();
});

async function openLogin() {
  renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Connexion' });
  return {
    user: userEvent.setup(),
    email: screen.getByLabelText('Adresse email') as HTMLInputElement,
    password: screen.getByLabelText('Mot de passe') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Se connecter' }) as HTMLButtonElement,
  };
}

describe('login screen', () => {
  it('keeps the button enabled and names each missing field without calling the server', async () => {
    const network = mockFetch({});
    const { user, email, password, submit } = await openLogin();
    expect(submit.disabled).toBe(false);
    // Reached with Tab from the password field (its show/hide button sits between them).
    await user.click(password);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(submit);
    await user.keyboard('{Enter}');

    const emailMissing = await screen.findByText('Veuillez entrer votre adresse email');
    const passwordMissing = screen.getByText('Veuillez entrer votre mot de passe');
    expect(document.activeElement).toBe(email);
    for (const [field, message] of [
      [email, emailMissing],
      [password, passwordMissing],
    ] as const) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
      expect(ids.some((id) => document.getElementById(id)?.contains(message))).toBe(true);
    }

    // Email given: the password is now the first missing field.
    await user.type(email, 'jeanne@example.org');
    expect(screen.queryByText('Veuillez entrer votre adresse email')).toBeNull();
    await user.click(submit);
    expect(document.activeElement).toBe(password);
    expect(screen.getByText('Veuillez entrer votre mot de passe')).toBeTruthy();
    expect(network.callsTo('POST /api/v1/login/access-token')).toHaveLength(0);
    expect(getSession()).toBeNull();
  });

  it('explains an invalid email once the field is left, tied to the input', async () => {
    const { user, email, password } = await openLogin();
    await user.type(email, 'jeanne');
    await user.click(password);
    const message = await screen.findByText('Veuillez entrer un email valide');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(
      describedBy.split(' ').some((id) => document.getElementById(id)?.contains(message)),
    ).toBe(true);
  });

  it('shows and hides the password', async () => {
    const { user, password } = await openLogin();
    const toggle = screen.getByRole('button', { name: 'Afficher\u00a0: Mot de passe' });
    expect(password.type).toBe('password');
    await user.click(toggle);
    expect(password.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Masquer\u00a0: Mot de passe' }));
    expect(password.type).toBe('password');
  });

  it('shows the incorrect-credentials message on screen, not as a toast', async () => {
    mockFetch({
      'POST /api/v1/login/access-token': errorReply(400, [
        { type: 'incorrect_email_or_password', msg: 'Email ou mot de passe incorrect' },
      ]),
    });
    const { user, email, password, submit } = await openLogin();
    await user.type(email, 'jeanne@example.org');
    await user.type(password, 'mauvais');
    await user.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Email ou mot de passe incorrect.');
    expect(getSession()).toBeNull();
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(toasts.textContent).toBe('');
  });

  it('shows the server message for other refusals and names a missing token', async () => {
    const { user, email, password, submit } = await openLogin();
    mockFetch({
      'POST /api/v1/login/access-token': errorReply(429, [
        { type: 'too_many_requests', msg: 'Trop de tentatives.' },
      ]),
    });
    await user.type(email, 'jeanne@example.org');
    await user.type(password, 'secret');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Trop de tentatives.');

    mockFetch({ 'POST /api/v1/login/access-token': jsonReply({ token_type: 'bearer' }) });
    await user.click(submit);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain("Aucun jeton d'accès reçu."),
    );
    expect(getSession()).toBeNull();
  });

  it('links to password recovery and sign-up', async () => {
    await openLogin();
    expect(
      screen.getByRole('link', { name: 'Mot de passe oublié\u202f?' }).getAttribute('href'),
    ).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Créer un compte' }).getAttribute('href')).toBe(
      '/register',
    );
  });
});
