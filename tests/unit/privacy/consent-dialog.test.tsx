// The privacy choice at the first visit (rendered by the app's provider) and from the profile: shown
// until a choice is made and only a choice closes it, equal buttons, focus kept inside, the choice
// stored as chapitres.consent and applied at once.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../../../src/app/provider';
import { routes } from '../../../src/app/router';
import { resetAnalyticsDestination } from '../../../src/features/privacy/api/get-analytics-destination';
import { reportRouteChange } from '../../../src/lib/analytics';
import {
  CONSENT_STORAGE_KEY,
  getConsent,
  reloadConsent,
  saveConsent,
} from '../../../src/lib/consent';
import { jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';

const TITLE = 'Vos choix de confidentialité';

function renderWithProvider(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...view };
}

beforeEach(async () => {
  await resetApp();
  reloadConsent();
  resetAnalyticsDestination();
  reportRouteChange('/');
});

describe('first visit', () => {
  it('asks before anything is measured, and a refusal sends nothing', async () => {
    // Only the server's public settings are read (is recording offered?); nothing is measured.
    const net = mockFetch({ 'GET /api/v1/config': jsonReply({ analytics: null }) });
    renderWithProvider('/login');
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText(/nécessaire pour fonctionner/)).toBeTruthy();
    expect(within(dialog).getByText(/« mesure d'audience »/)).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'En savoir plus sur vos données' });
    expect(link.getAttribute('href')).toBe('/privacy');

    const user = userEvent.setup();
    // The page behind has loaded (its heading is there) when the choice is made.
    await waitFor(() => expect(document.querySelector('main h1')).toBeTruthy());
    await user.click(within(dialog).getByRole('button', { name: 'Tout refuser' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    // Nothing had the focus before the dialog: the page's content takes it, not <body>.
    expect(document.activeElement).toBe(document.querySelector('main'));
    const stored = JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? '');
    expect(stored).toEqual({
      analytics: false,
      recording: false,
      decided_at: expect.any(String),
      version: 1,
    });
    expect(new Date(stored.decided_at).toISOString()).toBe(stored.decided_at);
    // No recording box where the server does not offer it.
    expect(screen.queryByRole('checkbox')).toBeNull();
    // Longer than the 5 s between analytics batches: a refusal ignored would have sent one by now.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(
      net.calls.map((c) => `${c.method} ${c.path}`).every((c) => c === 'GET /api/v1/config'),
    ).toBe(true);
    expect(net.unhandled).toEqual([]);
  });

  it('offers the recording of visits where the server does, unticked, and keeps it with acceptance', async () => {
    mockFetch({
      'GET /api/v1/config': jsonReply({
        analytics: {
          provider: 'posthog',
          posthog_host: 'https://ph.example',
          posthog_key: 'phc_test',
          session_recording: true,
        },
      }),
      'POST /batch/': jsonReply({ status: 1 }),
      'POST /s/': jsonReply({ status: 1 }),
    });
    renderWithProvider('/login');
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    const box = await within(dialog).findByRole('checkbox', {
      name: /enregistrement anonyme de mes visites/,
    });
    expect((box as HTMLInputElement).checked).toBe(false);
    const user = userEvent.setup();
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: "Accepter la mesure d'audience" }));
    expect(getConsent()).toMatchObject({ analytics: true, recording: true });
    expect(JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? '{}').recording).toBe(
      true,
    );
  });

  it('never keeps the recording with a refusal, even ticked', async () => {
    mockFetch({
      'GET /api/v1/config': jsonReply({
        analytics: {
          provider: 'posthog',
          posthog_host: 'https://ph.example',
          posthog_key: 'phc_test',
          session_recording: true,
        },
      }),
    });
    renderWithProvider('/login');
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Tout refuser' }));
    expect(getConsent()).toMatchObject({ analytics: false, recording: false });
  });

  it('is not shown again once a choice was made', async () => {
    saveConsent(false);
    mockFetch({});
    renderWithProvider('/login');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
  });

  it('starts measuring at once on acceptance, without a reload', async () => {
    const net = mockFetch({
      'GET /api/v1/config': jsonReply({
        analytics: { provider: 'embedded', posthog_host: null, posthog_key: null },
      }),
      'POST /api/v1/analytics/batch': jsonReply({ accepted: 1 }, 202),
    });
    renderWithProvider('/register');
    await screen.findByRole('heading', { level: 1, name: 'Créer un compte' });
    const dialog = screen.getByRole('dialog', { name: TITLE });
    await userEvent
      .setup()
      .click(within(dialog).getByRole('button', { name: "Accepter la mesure d'audience" }));
    expect(getConsent()?.analytics).toBe(true);
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
    await waitFor(() => expect(net.callsTo('POST /api/v1/analytics/batch')).toHaveLength(1), {
      timeout: 7_000,
    });
    const body = JSON.parse(net.callsTo('POST /api/v1/analytics/batch')[0].body ?? '');
    expect(body.events[0]).toMatchObject({
      event: 'page_view',
      properties: { platform: 'WebApp', path: '/register' },
    });
  });

  it('switches the language inside the dialog before answering, and confirms in that language', async () => {
    const net = mockFetch({});
    renderWithProvider('/login');
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    const group = within(dialog).getByRole('group', { name: 'Langue de cette page' });
    const french = within(group).getByRole('button', { name: 'Français' });
    const english = within(group).getByRole('button', { name: 'English' });
    expect(french.getAttribute('lang')).toBe('fr');
    expect(english.getAttribute('lang')).toBe('en');
    expect(french.getAttribute('aria-pressed')).toBe('true');
    expect(english.className).toContain('min-h-target');

    const user = userEvent.setup();
    await user.click(english);
    // The same dialog, now in English; the choice is kept on this device (not signed in: no call).
    expect(await screen.findByRole('dialog', { name: 'Your privacy choices' })).toBe(dialog);
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('chapitres.lang')).toBe('en-US');
    expect(
      within(dialog).getByRole('button', { name: 'English' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(net.callsTo('PATCH /api/v1/users/me')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Refuse all' }));
    expect(await screen.findByText('Noted: no audience measurement.')).toBeTruthy();
    expect(screen.queryByText("C'est noté : aucune mesure d'audience.")).toBeNull();
    expect(getConsent()?.analytics).toBe(false);
  });

  it('sends the language chosen in the dialog to the account when signed in', async () => {
    const net = mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'PATCH /api/v1/users/me': jsonReply({ ...testUserWire, current_language: 'en-US' }),
    });
    signInAs();
    renderWithProvider('/login');
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'English' }));
    await waitFor(() => expect(net.callsTo('PATCH /api/v1/users/me')).toHaveLength(1));
    expect(JSON.parse(net.callsTo('PATCH /api/v1/users/me')[0]!.body ?? '')).toEqual({
      current_language: 'en-US',
    });
    expect(await screen.findByRole('dialog', { name: 'Your privacy choices' })).toBeTruthy();
  });

  it('shows two buttons of equal size and style', async () => {
    mockFetch({});
    renderWithProvider('/login');
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    const refuse = within(dialog).getByRole('button', { name: 'Tout refuser' });
    const accept = within(dialog).getByRole('button', { name: "Accepter la mesure d'audience" });
    expect(refuse.className).toBe(accept.className);
    expect(refuse.className).toContain('min-h-target');
    // The two choices, and nothing else to answer with (above them: the language switch).
    expect(
      within(within(dialog).getByTestId('consent-dialog-footer')).getAllByRole('button'),
    ).toHaveLength(2);
    expect(within(dialog).getAllByRole('button')).toHaveLength(4);
  });

  it('is never taller than the screen: its text scrolls, the two choices stay in view', async () => {
    mockFetch({});
    renderWithProvider('/login');
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog.className).toContain('max-h-full');
    expect(dialog.parentElement!.className).not.toContain('overflow-y-auto');
    const body = within(dialog).getByTestId('consent-dialog-body');
    const footer = within(dialog).getByTestId('consent-dialog-footer');
    expect(body.className).toContain('overflow-y-auto');
    expect(body.contains(within(dialog).getByRole('heading', { name: TITLE }))).toBe(true);
    for (const name of ['Tout refuser', "Accepter la mesure d'audience"]) {
      const button = within(dialog).getByRole('button', { name });
      expect(footer.contains(button)).toBe(true);
      expect(body.contains(button)).toBe(false);
    }
  });

  it('closes only by a choice and keeps focus inside, the page behind inert', async () => {
    mockFetch({});
    const { container } = renderWithProvider('/login');
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    await screen.findByRole('heading', { level: 1 });
    expect(document.activeElement).toBe(dialog);
    expect(container.hasAttribute('inert')).toBe(true);

    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    await user.click(dialog.parentElement!);
    expect(screen.getByRole('dialog', { name: TITLE })).toBe(dialog);
    expect(document.activeElement).toBe(dialog);

    const french = within(dialog).getByRole('button', { name: 'Français' });
    const english = within(dialog).getByRole('button', { name: 'English' });
    const link = within(dialog).getByRole('link');
    const refuse = within(dialog).getByRole('button', { name: 'Tout refuser' });
    const accept = within(dialog).getByRole('button', { name: "Accepter la mesure d'audience" });
    for (const next of [french, english, link, refuse, accept, french]) {
      await user.tab();
      expect(document.activeElement).toBe(next);
    }
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(accept);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    expect(container.hasAttribute('inert')).toBe(false);
  });

  it('stays out of the way of the privacy and terms pages', async () => {
    mockFetch({});
    const { router } = renderWithProvider('/privacy');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
    await router.navigate('/login');
    expect(await screen.findByRole('dialog', { name: TITLE })).toBeTruthy();
  });
});

describe('profile button', () => {
  it('reopens the dialog with the current choice, and a new choice applies at once', async () => {
    saveConsent(false, { now: new Date('2025-03-04T10:00:00Z') });
    signInAs();
    mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'PATCH /api/v1/users/me': jsonReply(testUserWire),
    });
    renderApp('/profile');
    const open = await screen.findByRole('button', { name: 'Mes choix de confidentialité' });
    expect(screen.getByText("Vous avez refusé la mesure d'audience.")).toBeTruthy();
    const user = userEvent.setup();
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: TITLE });
    expect(
      within(dialog).getByText("Votre choix actuel : mesure d'audience refusée (le 4 mars 2025)."),
    ).toBeTruthy();

    // Reopened, Escape closes without changing anything.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
    expect(document.activeElement).toBe(open);
    expect(getConsent()?.analytics).toBe(false);

    await user.click(open);
    await user.click(screen.getByRole('button', { name: "Accepter la mesure d'audience" }));
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
    expect(getConsent()?.analytics).toBe(true);
    expect(screen.getByText("Vous avez accepté la mesure d'audience.")).toBeTruthy();
  });
});

describe('the account follows the choice', () => {
  it('saves a choice made while signed in as the account’s opt_in_tracking', async () => {
    saveConsent(false, { now: new Date('2025-03-04T10:00:00Z') });
    signInAs();
    const server = mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'PATCH /api/v1/users/me': jsonReply(testUserWire),
    });
    renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mes choix de confidentialité' }));
    await user.click(screen.getByRole('button', { name: "Accepter la mesure d'audience" }));
    await waitFor(() => expect(server.callsTo('PATCH /api/v1/users/me')).toHaveLength(1));
    expect(JSON.parse(server.callsTo('PATCH /api/v1/users/me')[0]!.body!)).toEqual({
      opt_in_tracking: true,
    });
  });
});
