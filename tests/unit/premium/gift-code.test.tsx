// The gift-code form (on /subscription and /profile): required, sent trimmed to the provider's
// promo-code call, spec §8's message for each refusal, and the status asked again after success.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/lib/api-client';
import { giftCodeErrorKey } from '../../../src/features/premium/gift-code-errors';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { ANNUAL, apiError, premiumServer, type Route } from './support';

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
});

async function redeem(path: string, reply: Route, code = '  NOEL-2025 ') {
  const net = premiumServer({ routes: { 'POST /api/v1/demo/promo-code': reply } });
  renderApp(path);
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Code cadeau'), code);
  await user.click(screen.getByRole('button', { name: 'Utiliser ce code' }));
  return { net, user };
}

describe('redeeming a gift code', () => {
  it('asks for a code before sending anything', async () => {
    const net = premiumServer();
    renderApp('/subscription');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code cadeau'), '   ');
    await user.click(screen.getByRole('button', { name: 'Utiliser ce code' }));
    expect(await screen.findByText('Veuillez saisir votre code cadeau.')).toBeTruthy();
    expect(screen.getByLabelText('Code cadeau').getAttribute('aria-invalid')).toBe('true');
    expect(net.callsTo('POST /api/v1/demo/promo-code')).toHaveLength(0);
  });

  it('activates the code and asks for the status again', async () => {
    const net = premiumServer({
      routes: {
        'POST /api/v1/demo/promo-code': () => {
          net.state.status = ANNUAL;
          return jsonReply({ message: 'Code activé' });
        },
      },
    });
    renderApp('/subscription');
    expect(await screen.findByText('Il vous reste 2 chapitres gratuits.')).toBeTruthy();
    const statusCalls = net.callsTo('GET /api/v1/premium-status').length;
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code cadeau'), '  NOEL-2025 ');
    await user.click(screen.getByRole('button', { name: 'Utiliser ce code' }));
    expect(
      await screen.findByText("Votre code cadeau est activé : 12 mois d'accès complet."),
    ).toBeTruthy();
    const [call] = net.callsTo('POST /api/v1/demo/promo-code');
    expect(call.query.get('customer_promo_code')).toBe('NOEL-2025');
    await waitFor(() =>
      expect(net.callsTo('GET /api/v1/premium-status').length).toBeGreaterThan(statusCalls),
    );
    expect(
      await screen.findByText("Vous avez un accès complet jusqu'au 20 novembre 2026."),
    ).toBeTruthy();
    // The form gave way to the message, which has the focus (in view), and no « please enter » error.
    expect(screen.queryByLabelText('Code cadeau')).toBeNull();
    const success = screen.getByText("Votre code cadeau est activé : 12 mois d'accès complet.");
    expect(success.closest('[tabindex="-1"]')).toBe(document.activeElement);
    expect(screen.queryByText('Veuillez saisir votre code cadeau.')).toBeNull();
    // Another code: an empty field, still without the red error.
    await user.click(screen.getByRole('button', { name: 'Utiliser un autre code' }));
    expect((screen.getByLabelText('Code cadeau') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Veuillez saisir votre code cadeau.')).toBeNull();
  });

  it.each([
    [apiError(404, 'promo_code_not_found', 'x'), "Ce code cadeau n'existe pas."],
    [apiError(400, 'promo_code_expired', 'x'), 'Ce code cadeau a expiré.'],
    [apiError(400, 'promo_code_inactive', 'x'), 'Ce code cadeau a déjà été utilisé.'],
    [errorReply(429), "Trop d'essais : réessayez dans quelques minutes."],
    [errorReply(500), "Impossible d'utiliser ce code cadeau."],
    [apiError(400, 'something_else', 'Autre chose'), "Impossible d'utiliser ce code cadeau."],
  ])('says why a code is refused (%#)', async (reply, message) => {
    await redeem('/subscription', reply);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(
      screen.queryByText("Votre code cadeau est activé : 12 mois d'accès complet."),
    ).toBeNull();
  });

  it('is the same form on the profile page', async () => {
    const { net } = await redeem('/profile', apiError(400, 'promo_code_expired', 'x'));
    expect(await screen.findByText('Ce code cadeau a expiré.')).toBeTruthy();
    expect(net.callsTo('POST /api/v1/demo/promo-code')).toHaveLength(1);
    expect(net.unhandled).toEqual([]);
  });

  it('waits offline', async () => {
    premiumServer();
    renderApp('/subscription');
    await screen.findByLabelText('Code cadeau');
    reportNetworkFailure();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Utiliser ce code' }).hasAttribute('disabled'),
      ).toBe(true),
    );
    expect(screen.getByText(/Vous pourrez utiliser votre code dès le retour/)).toBeTruthy();
  });
});

describe('giftCodeErrorKey', () => {
  it('reads the type of the first detail, then the status', () => {
    const error = (status: number | null, type?: string) =>
      new ApiError({
        reason: status === null ? 'network' : 'validation',
        status,
        message: 'x',
        details: type ? [{ type, msg: 'x' }] : [],
      });
    expect(giftCodeErrorKey(error(404, 'promo_code_not_found'))).toBe('giftCode.errors.notFound');
    expect(giftCodeErrorKey(error(400, 'promo_code_expired'))).toBe('giftCode.errors.expired');
    expect(giftCodeErrorKey(error(400, 'promo_code_inactive'))).toBe('giftCode.errors.used');
    expect(giftCodeErrorKey(error(429))).toBe('giftCode.errors.tooManyTries');
    expect(giftCodeErrorKey(error(null))).toBe('giftCode.errors.offline');
    expect(giftCodeErrorKey(error(401))).toBe('giftCode.errors.default');
    expect(giftCodeErrorKey(new Error('boom'))).toBe('giftCode.errors.default');
  });
});
