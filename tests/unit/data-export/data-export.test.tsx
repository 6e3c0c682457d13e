// « Télécharger mes données » on the profile: asking for the export, the pending message while the page
// asks again every 5 s, the download link with its expiry once ready, a failure with a retry, an
// expired link, and no polling once the page has gone.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataExportWire } from '../../../src/features/data-export/api/data-export';
import { isExpired } from '../../../src/features/data-export/components/data-export-section';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';

/** The replies this file gives (the fetch mock also knows 'network-error'). */
type Reply = { status?: number; json?: unknown };

const EMPTY = { data: [], count: 0 };
const PENDING: DataExportWire = {
  status: 'pending',
  requested_at: '2026-03-01T09:00:00.000Z',
  url: null,
  expires_at: null,
};
const READY: DataExportWire = {
  status: 'ready',
  requested_at: '2026-03-01T09:00:00.000Z',
  url: 'https://files.chapitres.example/exports/jeanne.zip?sig=abc',
  expires_at: '2099-03-08T09:00:00.000Z',
};
const FAILED: DataExportWire = { ...PENDING, status: 'failed' };

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The profile's calls, with the export as `state.current` (null: never asked, 204). */
function exportServer(
  initial: DataExportWire | null,
  post: () => Reply = () => ({ status: 202, json: PENDING }),
) {
  signInAs();
  const state = { current: initial };
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
    'GET /api/v1/users/me/rhythm': jsonReply(undefined, 204),
    'GET /api/v1/users/me/export': () =>
      state.current ? jsonReply(state.current) : jsonReply(undefined, 204),
    'POST /api/v1/users/me/export': () => {
      const reply = post();
      if (reply.status === 202) state.current = reply.json as DataExportWire;
      return reply;
    },
  });
  return { state, ...net };
}

async function openSection() {
  const view = renderApp('/profile');
  const section = await screen.findByTestId('data-export');
  return { section, ...view };
}

describe('the data export', () => {
  it('explains what is inside and that it works after a subscription ends', async () => {
    const net = exportServer(null);
    const { section } = await openSection();
    expect(within(section).getByRole('heading', { name: 'Télécharger mes données' })).toBeTruthy();
    expect(
      within(section).getByText(/tous vos chapitres, en texte simple et en Markdown/),
    ).toBeTruthy();
    expect(within(section).getByText(/le PDF de chacun de vos livres/)).toBeTruthy();
    expect(within(section).getByText(/Même quand un abonnement est terminé/)).toBeTruthy();
    expect(
      await within(section).findByRole('button', { name: 'Préparer mes données' }),
    ).toBeTruthy();
    // Asked once the saved query cache has been read back (the first page of a visit waits for it).
    await waitFor(() => expect(net.callsTo('GET /api/v1/users/me/export')).toHaveLength(1));
    expect(net.unhandled).toEqual([]);
  });

  it('asks for the export, says it is being prepared, polls every 5 s, then gives the link', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const net = exportServer(null);
    const { section } = await openSection();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await within(section).findByRole('button', { name: 'Préparer mes données' }));
    expect(
      await within(section).findByText(
        'Nous préparons vos données. Vous recevrez un email quand elles seront prêtes.',
      ),
    ).toBeTruthy();
    expect(net.callsTo('POST /api/v1/users/me/export')).toHaveLength(1);
    expect(within(section).queryByRole('button', { name: 'Préparer mes données' })).toBeNull();

    const gets = () => net.callsTo('GET /api/v1/users/me/export').length;
    const before = gets();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(gets()).toBe(before + 1));

    net.state.current = READY;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    const link = await within(section).findByRole('link', {
      name: 'Télécharger mes données (fichier ZIP)',
    });
    expect(link.getAttribute('href')).toBe(READY.url);
    expect(within(section).getByText(/Ce lien fonctionne jusqu'au 8 mars 2099/)).toBeTruthy();
    expect(within(section).getByText('Vos données sont prêtes.')).toBeTruthy();

    // Ready: no more asking.
    const afterReady = gets();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(gets()).toBe(afterReady);
  });

  it('shows the export already asked for when the page opens', async () => {
    exportServer(READY);
    const { section } = await openSection();
    expect((await within(section).findByTestId('data-export-download')).getAttribute('href')).toBe(
      READY.url,
    );
    expect(
      within(section).getByRole('button', { name: 'Préparer un nouveau fichier' }),
    ).toBeTruthy();
  });

  it('stops asking once the page has gone', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const net = exportServer(PENDING);
    const { section, router } = await openSection();
    await within(section).findByText(/Nous préparons vos données/);
    await act(() => router.navigate('/support'));
    await screen.findByRole('heading', { level: 1, name: 'Aide et contact' });
    const gets = net.callsTo('GET /api/v1/users/me/export').length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(net.callsTo('GET /api/v1/users/me/export').length).toBe(gets);
  });

  it('says when the preparation failed and tries again', async () => {
    const net = exportServer(FAILED);
    const { section } = await openSection();
    expect(
      await within(section).findByText(
        "La préparation de vos données n'a pas abouti. Vous pouvez réessayer.",
      ),
    ).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Réessayer' }));
    expect(await within(section).findByText(/Nous préparons vos données/)).toBeTruthy();
    expect(net.callsTo('POST /api/v1/users/me/export')).toHaveLength(1);
  });

  it('offers a new file when the link has expired', async () => {
    exportServer({ ...READY, expires_at: '2020-01-01T00:00:00.000Z' });
    const { section } = await openSection();
    expect(
      await within(section).findByText(/Le lien de votre dernier fichier a expiré/),
    ).toBeTruthy();
    expect(within(section).queryByTestId('data-export-download')).toBeNull();
    expect(
      within(section).getByRole('button', { name: 'Préparer un nouveau fichier' }),
    ).toBeTruthy();
  });

  it('says when asking is refused for too many requests', async () => {
    exportServer(null, () => ({
      status: 429,
      json: { detail: [{ type: 'too_many_requests', msg: 'Trop' }] },
    }));
    const { section } = await openSection();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Préparer mes données' }),
    );
    expect(await within(section).findByText(/Vous avez déjà demandé vos données/)).toBeTruthy();
  });

  it('waits for the connection', async () => {
    exportServer(null);
    const { section } = await openSection();
    const button = await within(section).findByRole('button', { name: 'Préparer mes données' });
    act(() => reportNetworkFailure());
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    expect(
      within(section).getByText(/Vous pourrez demander vos données dès le retour/),
    ).toBeTruthy();
  });
});

describe('isExpired', () => {
  it('compares the expiry with now', () => {
    const now = Date.parse('2026-03-05T00:00:00.000Z');
    expect(isExpired(READY, now)).toBe(false);
    expect(isExpired({ ...READY, expires_at: '2026-03-04T00:00:00.000Z' }, now)).toBe(true);
    expect(isExpired({ ...READY, expires_at: null }, now)).toBe(false);
  });
});
