// The invitation page (/circle/join?token=…): who invites and as what, the expired, used and unknown
// links said plainly, « Rejoindre » when signed in, and, signed out, the way through the sign-in that
// comes back to the invitation and accepts it.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { readStorage, storageKeys } from '../../../src/lib/storage';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import { STORYTELLER_ID, TOKEN, list, membership, summaries } from './fixtures';

const invitationPath = `/api/v1/circle/invitations/${TOKEN}`;
const invitation = {
  storyteller_name: 'Jeanne',
  role: 'reader',
  expires_at: '2026-12-24T10:00:00Z',
};

beforeEach(async () => {
  await resetApp();
  window.sessionStorage.clear();
  reportNetworkSuccess();
});

function circleRoutes() {
  return {
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /api/v1/circles': jsonReply(list([membership()])),
    [`GET /api/v1/circles/${STORYTELLER_ID}/chapters`]: jsonReply(list(summaries)),
  };
}

describe('the invitation page', () => {
  it('says who invites and as what, and joins with « Rejoindre »', async () => {
    signInAs();
    const net = mockFetch({
      ...circleRoutes(),
      [`GET ${invitationPath}`]: jsonReply(invitation),
      [`POST ${invitationPath}/accept`]: jsonReply(membership()),
    });
    const { router } = renderApp(`/circle/join?token=${TOKEN}`);
    expect(await screen.findByText('Jeanne vous invite à lire ses souvenirs')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Rejoindre' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/circles/${STORYTELLER_ID}`));
    expect(net.callsTo(`POST ${invitationPath}/accept`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Le bal de 1962' })).toBeTruthy();
  });

  it('says a contributor is asked to add their own memories too', async () => {
    signInAs();
    mockFetch({
      ...circleRoutes(),
      [`GET ${invitationPath}`]: jsonReply({ ...invitation, role: 'contributor' }),
    });
    renderApp(`/circle/join?token=${TOKEN}`);
    expect(
      await screen.findByText('Jeanne vous invite à lire ses souvenirs et à y ajouter les vôtres'),
    ).toBeTruthy();
  });

  it('says plainly that an expired invitation must be asked for again', async () => {
    mockFetch({
      [`GET ${invitationPath}`]: errorReply(410, [
        { type: 'invitation_expired', msg: 'Invitation expired' },
      ]),
    });
    renderApp(`/circle/join?token=${TOKEN}`);
    expect(await screen.findByText('Cette invitation a expiré')).toBeTruthy();
    expect(screen.getByText(/Demandez-en une nouvelle/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rejoindre' })).toBeNull();
  });

  it('says plainly that a used invitation works only once', async () => {
    mockFetch({
      [`GET ${invitationPath}`]: errorReply(409, [
        { type: 'invitation_used', msg: 'Invitation used' },
      ]),
    });
    renderApp(`/circle/join?token=${TOKEN}`);
    expect(await screen.findByText('Cette invitation a déjà servi')).toBeTruthy();
    expect(screen.getByText(/demandez une nouvelle invitation/)).toBeTruthy();
  });

  it('says plainly that an unknown link cannot be found', async () => {
    mockFetch({ [`GET ${invitationPath}`]: errorReply(404) });
    renderApp(`/circle/join?token=${TOKEN}`);
    expect(await screen.findByText('Cette invitation est introuvable')).toBeTruthy();
  });

  it('signed out, keeps the invitation through the sign-in, then accepts it', async () => {
    const net = mockFetch({
      ...circleRoutes(),
      [`GET ${invitationPath}`]: jsonReply(invitation),
      [`POST ${invitationPath}/accept`]: jsonReply(membership()),
      'POST /api/v1/login/access-token': jsonReply({
        access_token: 'new-token',
        token_type: 'bearer',
      }),
      'GET /api/v1/onboardings/questions': jsonReply(list([])),
      'GET /api/v1/onboardings/answers': jsonReply(list([])),
    });
    const { router } = renderApp(`/circle/join?token=${TOKEN}`);
    await screen.findByText('Jeanne vous invite à lire ses souvenirs');
    expect(screen.queryByRole('button', { name: 'Rejoindre' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: "J'ai déjà un compte" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readStorage(storageKeys.returnTo)).toBe(`/circle/join?token=${TOKEN}`);

    await user.type(await screen.findByLabelText('Adresse email'), 'marie@example.org');
    await user.type(screen.getByLabelText('Mot de passe'), 'un mot de passe');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    // Back on the invitation, accepted without a second press, then on her circle's page.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/circles/${STORYTELLER_ID}`));
    expect(net.callsTo(`POST ${invitationPath}/accept`)).toHaveLength(1);
    expect(net.callsTo(`POST ${invitationPath}/accept`)[0]!.headers.get('Authorization')).toBe(
      'Bearer new-token',
    );
  });

  it('signed out, « Créer mon compte » goes to the sign-up and remembers the invitation', async () => {
    mockFetch({ [`GET ${invitationPath}`]: jsonReply(invitation) });
    const { router } = renderApp(`/circle/join?token=${TOKEN}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(readStorage(storageKeys.returnTo)).toBe(`/circle/join?token=${TOKEN}`);
  });
});

describe('the destination after signing in', () => {
  it('puts an invitation before the onboarding a new standard account would get', async () => {
    const { destinationAfterLogin } = await import('../../../src/features/auth/api/login');
    const returnTo = `/circle/join?token=${TOKEN}`;
    expect(
      destinationAfterLogin({ accountType: 'standard', hasUnansweredQuestions: true, returnTo }),
    ).toBe(returnTo);
    expect(
      destinationAfterLogin({
        accountType: 'standard',
        hasUnansweredQuestions: true,
        returnTo: '/books',
      }),
    ).toBe('/onboarding');
  });
});
