// Sign-up: live password rules, confirmation, terms, the submit rules, the payload and the automatic login.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/lib/i18n';
import { getSession } from '../../../src/lib/session';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, testUserWire } from '../support/render-app';

beforeEach(async () => {
  await resetApp();
});

async function openRegister(path = '/register', heading = 'Créer un compte') {
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  return {
    user: userEvent.setup(),
    email: screen.getByLabelText('Adresse email'),
    password: screen.getByLabelText('Mot de passe'),
    confirmation: screen.getByLabelText('Confirmez le mot de passe'),
    terms: screen.getByRole('checkbox', {
      name: /J'accepte les conditions générales/,
    }) as HTMLInputElement,
    marketing: screen.getByRole('checkbox', { name: /nouvelles de Chapitres/ }) as HTMLInputElement,
    submit: () => screen.getByRole('button', { name: 'Créer mon compte' }) as HTMLButtonElement,
  };
}

function signUpRoutes(wire = testUserWire) {
  return mockFetch({
    'POST /api/v1/users/signup': jsonReply(wire, 201),
    'POST /api/v1/login/access-token': jsonReply({
      access_token: 'new-token',
      token_type: 'bearer',
    }),
    'GET /api/v1/users/me': jsonReply(wire),
    'GET /api/v1/onboardings/questions': jsonReply({ data: [], count: 0 }),
  });
}

describe('sign-up screen', () => {
  it('lists the unmet password rules live, then a confirmation', async () => {
    const { user, password } = await openRegister();
    for (const rule of [
      'au moins 8 caractères',
      'une lettre majuscule',
      'une lettre minuscule',
      'un chiffre',
      'un caractère spécial parmi !@#$%^&*-',
    ]) {
      expect(screen.getByText(rule)).toBeTruthy();
    }
    await user.type(password, 'souvenir');
    expect(screen.queryByText('au moins 8 caractères')).toBeNull();
    expect(screen.queryByText('une lettre minuscule')).toBeNull();
    expect(screen.getByText('une lettre majuscule')).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'Souvenir1!');
    expect(screen.getByText('Votre mot de passe respecte toutes les règles.')).toBeTruthy();
    expect(screen.queryByText('Votre mot de passe doit encore contenir :')).toBeNull();
  });

  it('does not show the terms error in red before she has touched the box', async () => {
    const { user, email, password, confirmation, submit } = await openRegister();
    await user.type(email, 'jeanne@example.org');
    await user.type(password, 'Souvenir1!');
    await user.type(confirmation, 'Souvenir1!');
    expect(submit().disabled).toBe(true);
    expect(screen.queryByText('Vous devez accepter les conditions pour continuer.')).toBeNull();
  });

  it('enables submit only when every field is valid and the terms are accepted', async () => {
    const { user, email, password, confirmation, terms, submit } = await openRegister();
    expect(submit().disabled).toBe(true);
    await user.type(email, 'jeanne@example.org');
    await user.type(password, 'Souvenir1!');
    await user.type(confirmation, 'Souvenir1?');
    await user.click(terms);
    expect(screen.getByText('Les mots de passe ne correspondent pas.')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    await user.clear(confirmation);
    await user.type(confirmation, 'Souvenir1!');
    expect(submit().disabled).toBe(false);
    await user.click(terms);
    expect(submit().disabled).toBe(true);
    expect(screen.getByText('Vous devez accepter les conditions pour continuer.')).toBeTruthy();
  });

  it('sends the payload of spec §3, then logs in automatically', async () => {
    const net = signUpRoutes();
    const { user, email, password, confirmation, terms, marketing, submit } = await openRegister();
    await user.type(email, 'jeanne@example.org');
    await user.type(password, 'Souvenir1!');
    await user.type(confirmation, 'Souvenir1!');
    await user.click(terms);
    await user.click(marketing);
    await user.click(submit());
    await screen.findByRole('heading', { level: 1, name: 'Mes histoires' });
    expect(JSON.parse(net.callsTo('POST /api/v1/users/signup')[0].body ?? '')).toEqual({
      email: 'jeanne@example.org',
      password: 'Souvenir1!',
      current_language: 'fr-FR',
      opt_in_marketing: true,
      cgu_validated: true,
      cgv_validated: true,
      pdc_validated: true,
      account_type: 'standard',
    });
    expect(net.callsTo('POST /api/v1/login/access-token')[0].body).toBe(
      'username=jeanne%40example.org&password=Souvenir1%21',
    );
    expect(getSession()?.token).toBe('new-token');
  });

  it('signs up a multi-users account in English with en-US', async () => {
    await setLanguage('en', { remember: false });
    const net = signUpRoutes({
      ...testUserWire,
      account_type: 'multi-users',
      current_language: 'en-US',
    });
    renderApp('/register-multi');
    await screen.findByRole('heading', { level: 1, name: 'Create a family or group account' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'famille@example.org');
    await user.type(screen.getByLabelText('Password'), 'Souvenir1!');
    await user.type(screen.getByLabelText('Confirm the password'), 'Souvenir1!');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(net.callsTo('POST /api/v1/users/signup')).toHaveLength(1));
    expect(JSON.parse(net.callsTo('POST /api/v1/users/signup')[0].body ?? '')).toMatchObject({
      current_language: 'en-US',
      opt_in_marketing: false,
      account_type: 'multi-users',
    });
    await screen.findByRole('heading', { level: 1, name: 'My stories' });
  });

  it('says so when the email already has an account', async () => {
    mockFetch({
      'POST /api/v1/users/signup': errorReply(409, [
        { type: 'user_email_already_exists', msg: 'exists' },
      ]),
    });
    const { user, email, password, confirmation, terms, submit } = await openRegister();
    await user.type(email, 'jeanne@example.org');
    await user.type(password, 'Souvenir1!');
    await user.type(confirmation, 'Souvenir1!');
    await user.click(terms);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Un compte existe déjà avec cet email.',
    );
    expect(getSession()).toBeNull();
  });

  it('links the terms and the privacy policy', async () => {
    await openRegister();
    expect(
      screen
        .getByRole('link', { name: "conditions générales d'utilisation et de vente" })
        .getAttribute('href'),
    ).toBe('/terms');
    expect(
      screen.getByRole('link', { name: 'politique de confidentialité' }).getAttribute('href'),
    ).toBe('/privacy');
  });
});
