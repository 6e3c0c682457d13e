// Sign-up carries the privacy choice made on this device as opt_in_tracking, and notes sign_up.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAnalyticsSink } from '../../../src/lib/analytics';
import { reloadConsent, saveConsent } from '../../../src/lib/consent';
import { jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, testUserWire } from '../support/render-app';

let removeSink: (() => void) | null = null;

beforeEach(async () => {
  await resetApp();
  reloadConsent();
});

afterEach(() => {
  removeSink?.();
  removeSink = null;
});

async function signUp() {
  const net = mockFetch({
    'POST /api/v1/users/signup': jsonReply(testUserWire, 201),
    'POST /api/v1/login/access-token': jsonReply({
      access_token: 'new-token',
      token_type: 'bearer',
    }),
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /api/v1/onboardings/questions': jsonReply({ data: [], count: 0 }),
  });
  renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: 'Créer un compte' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Adresse email'), 'jeanne@example.org');
  await user.type(screen.getByLabelText('Mot de passe'), 'Souvenir1!');
  await user.type(screen.getByLabelText('Confirmez le mot de passe'), 'Souvenir1!');
  await user.click(screen.getByRole('checkbox', { name: /J'accepte les conditions générales/ }));
  await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
  await waitFor(() => expect(net.callsTo('POST /api/v1/users/signup')).toHaveLength(1));
  await screen.findByRole('heading', { level: 1, name: 'Mes histoires' });
  return JSON.parse(net.callsTo('POST /api/v1/users/signup')[0].body ?? '') as Record<
    string,
    unknown
  >;
}

describe('sign-up and the privacy choice', () => {
  it.each([true, false])('sends opt_in_tracking: %s as chosen on this device', async (choice) => {
    saveConsent(choice);
    const body = await signUp();
    expect(body.opt_in_tracking).toBe(choice);
  });

  it('leaves opt_in_tracking out when no choice was made', async () => {
    const body = await signUp();
    expect('opt_in_tracking' in body).toBe(false);
  });

  it('notes sign_up with the account type', async () => {
    const sink = vi.fn();
    removeSink = setAnalyticsSink(sink);
    saveConsent(true);
    await signUp();
    expect(sink).toHaveBeenCalledWith('sign_up', { account_type: 'standard' });
  });
});
