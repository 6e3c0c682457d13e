// « Une question par semaine » in « Mon compte » (issue 31): choosing the day and the channels, the
// notification asking the browser's permission and subscribing this device, a refusal said plainly, and
// stopping it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';

const EMPTY = { data: [], count: 0 };
const PUBLIC_KEY =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

function profileServer(initial: unknown | null) {
  const state = { rhythm: initial };
  const net = mockFetch({
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /healthz': 'network-error',
    'GET /api/v1/config': jsonReply({ payment_provider: 'demo', support_email: 'a@b.example' }),
    'GET /api/v1/premium-status': jsonReply({
      is_full_access_granted: false,
      full_access_until: null,
      subscription: null,
      free_chapters_allowed: 2,
      book_credits: 0,
    }),
    'GET /api/v1/orders': jsonReply(EMPTY),
    'GET /api/v1/conversations': jsonReply(EMPTY),
    'GET /api/v1/books': jsonReply(EMPTY),
    'GET /api/v1/onboardings/answers': jsonReply(EMPTY),
    'GET /api/v1/onboardings/questions': jsonReply(EMPTY),
    'GET /api/v1/users/me/export': jsonReply(undefined, 204),
    'GET /api/v1/users/me/rhythm': () =>
      state.rhythm ? jsonReply(state.rhythm) : jsonReply(undefined, 204),
    'PUT /api/v1/users/me/rhythm': (call) => {
      state.rhythm = JSON.parse(call.body ?? '{}');
      return jsonReply(state.rhythm);
    },
    'DELETE /api/v1/users/me/rhythm': () => {
      state.rhythm = null;
      return jsonReply({ message: 'stopped' });
    },
    'GET /api/v1/push/key': jsonReply({ public_key: PUBLIC_KEY }),
    'POST /api/v1/push/subscriptions': jsonReply({ message: 'subscribed' }, 201),
  });
  return { state, ...net };
}

/** A browser that can receive notifications, answering `permission` when asked. */
function pushBrowser(permission: NotificationPermission) {
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('Notification', { requestPermission, permission: 'default' });
  vi.stubGlobal('PushManager', function PushManager() {});
  const subscribe = vi.fn(async () => ({
    toJSON: () => ({
      endpoint: 'https://push.example/abc',
      expirationTime: null,
      keys: { p256dh: 'BPk', auth: 'xyz' },
    }),
  }));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve({ pushManager: { getSubscription: async () => null, subscribe } }),
    },
  });
  return { requestPermission, subscribe };
}

async function openSection() {
  renderApp('/profile');
  const heading = await screen.findByRole('heading', { name: 'Une question par semaine' });
  const section = heading.closest('section')!;
  return within(section);
}

beforeEach(async () => {
  await resetApp();
  signInAs();
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('the weekly question setting', () => {
  it('chooses a day and the e-mail, and says what is set', async () => {
    const net = profileServer(null);
    const section = await openSection();
    expect(
      await section.findByText('Aucune question ne vous est envoyée pour l’instant.'),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.click(section.getByRole('button', { name: 'Enregistrer' }));
    expect(await section.findByText('Choisissez un jour.')).toBeTruthy();
    expect(net.callsTo('PUT /api/v1/users/me/rhythm')).toHaveLength(0);
    expect(section.getAllByRole('radio')).toHaveLength(7);
    await user.click(section.getByRole('radio', { name: 'Mercredi' }));
    // Without the device (no notifications in this browser), the e-mail stays.
    expect(
      (section.getByRole('checkbox', { name: /notification/ }) as HTMLInputElement).disabled,
    ).toBe(true);
    await user.click(section.getByRole('button', { name: 'Enregistrer' }));
    await section.findByText('Vous recevez une question chaque mercredi, par e-mail.');
    expect(JSON.parse(net.callsTo('PUT /api/v1/users/me/rhythm')[0].body ?? '')).toEqual({
      weekday: 3,
      by_email: true,
      by_push: false,
    });
    expect(net.unhandled).toEqual([]);
  });

  it('asks the permission and subscribes this device before saving the notification', async () => {
    const net = profileServer({ weekday: 1, by_email: true, by_push: false });
    const browser = pushBrowser('granted');
    const section = await openSection();
    await section.findByText('Vous recevez une question chaque lundi, par e-mail.');
    const user = userEvent.setup();
    await user.click(section.getByRole('checkbox', { name: 'Par e-mail' }));
    await user.click(section.getByRole('checkbox', { name: /Par notification/ }));
    await user.click(section.getByRole('button', { name: 'Enregistrer' }));
    await section.findByText('Vous recevez une question chaque lundi, par notification.');
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true }),
    );
    expect(JSON.parse(net.callsTo('POST /api/v1/push/subscriptions')[0].body ?? '')).toEqual({
      endpoint: 'https://push.example/abc',
      keys: { p256dh: 'BPk', auth: 'xyz' },
    });
    expect(JSON.parse(net.callsTo('PUT /api/v1/users/me/rhythm')[0].body ?? '')).toEqual({
      weekday: 1,
      by_email: false,
      by_push: true,
    });
  });

  it('says so when notifications are refused, and saves nothing', async () => {
    const net = profileServer(null);
    pushBrowser('denied');
    const section = await openSection();
    const user = userEvent.setup();
    await user.click(await section.findByRole('radio', { name: 'Dimanche' }));
    await user.click(section.getByRole('checkbox', { name: /Par notification/ }));
    await user.click(section.getByRole('button', { name: 'Enregistrer' }));
    expect(await section.findByText(/Les notifications sont refusées/)).toBeTruthy();
    expect(net.callsTo('POST /api/v1/push/subscriptions')).toHaveLength(0);
    expect(net.callsTo('PUT /api/v1/users/me/rhythm')).toHaveLength(0);
  });

  it('stops the weekly question', async () => {
    const net = profileServer({ weekday: 5, by_email: true, by_push: false });
    const section = await openSection();
    const user = userEvent.setup();
    await user.click(
      await section.findByRole('button', { name: 'Arrêter la question de la semaine' }),
    );
    await section.findByText('Aucune question ne vous est envoyée pour l’instant.');
    await waitFor(() => expect(net.callsTo('DELETE /api/v1/users/me/rhythm')).toHaveLength(1));
  });
});
