// The global frame: top bar links and their current state, the small-screen menu's closing rules, the
// breadcrumb bar, the browser warning and the guest language switch.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36';
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeEach(async () => {
  await resetApp();
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(DESKTOP_CHROME);
});

describe('top bar', () => {
  beforeEach(() => {
    signInAs();
    mockFetch({ 'GET /api/v1/users/me': jsonReply(testUserWire) });
  });

  it('shows the section links with the current one marked, and the icon links', async () => {
    renderApp('/books');
    await screen.findByRole('heading', { level: 1, name: 'Mes livres' });
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Chapitres', 'Livres', 'Famille', 'Contact']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/',
      '/books',
      '/family',
      '/support',
    ]);
    expect(within(nav).getByRole('link', { name: 'Livres' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      within(nav).getByRole('link', { name: 'Chapitres' }).getAttribute('aria-current'),
    ).toBeNull();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(within(banner).getByRole('link', { name: 'Accueil' }).getAttribute('href')).toBe('/');
    expect(
      within(banner).getByRole('link', { name: "Chapitres, page d'accueil" }).getAttribute('href'),
    ).toBe('/');
  });

  it('marks the section of a page inside it', async () => {
    renderApp('/book/b1');
    await screen.findByRole('heading', { level: 1, name: 'Livre' });
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Livres' }).getAttribute('aria-current')).toBe(
      'true',
    );
  });

  it('has a skip link to the main landmark', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Mes histoires' });
    expect(
      screen.getByRole('link', { name: 'Aller au contenu principal' }).getAttribute('href'),
    ).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
  });
});

describe('small-screen menu', () => {
  beforeEach(() => {
    signInAs();
    mockFetch({ 'GET /api/v1/users/me': jsonReply(testUserWire) });
  });

  async function openMenu(user: ReturnType<typeof userEvent.setup>) {
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    return { button, menu: screen.getByRole('navigation', { name: 'Menu' }) };
  }

  it('offers home, books, family, contact and account, and closes on choosing one', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Mes histoires' });
    const user = userEvent.setup();
    const { button, menu } = await openMenu(user);
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Accueil', '/'],
      ['Livres', '/books'],
      ['Ma famille', '/family'],
      ['Contact', '/support'],
      ['Mon compte', '/profile'],
    ]);
    await user.click(within(menu).getByRole('link', { name: 'Livres' }));
    await screen.findByRole('heading', { level: 1, name: 'Mes livres' });
    expect(router.state.location.pathname).toBe('/books');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a click inside it, on a click outside and on Escape', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Mes histoires' });
    const user = userEvent.setup();

    const first = await openMenu(user);
    await user.click(first.menu);
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();

    await openMenu(user);
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();

    const third = await openMenu(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    expect(document.activeElement).toBe(third.button);
  });
});

describe('breadcrumb bar', () => {
  beforeEach(() => {
    signInAs();
    mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/conversations/c42': jsonReply({
        id: 'c42',
        title_infos: { title: 'La ferme' },
        keywords_infos: { keywords: [] },
        summary_infos: { summary: null, allowed_actions: [], warnings: [] },
        images: [],
        created_at: '2025-03-01T09:00:00.000Z',
        updated_at: '2025-03-01T10:00:00.000Z',
        conv_author: null,
        chat_count: 1,
      }),
    });
  });

  it('shows where you are, the linked crumbs and the current page', async () => {
    renderApp('/conversations/c42/images');
    await screen.findByRole('heading', { level: 1, name: 'Les images du chapitre' });
    const bar = screen.getByRole('navigation', { name: "Fil d'Ariane" });
    expect(bar.textContent).toContain('Vous êtes ici\u00a0:');
    expect(
      within(bar)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Accueil', '/'],
      ['Chapitre', '/conversations/c42'],
    ]);
    expect(within(bar).getByText('Images du chapitre').getAttribute('aria-current')).toBe('page');
  });

  it("shows no breadcrumb bar (and no « Aucun fil d'Ariane ») when the page has none", async () => {
    renderApp('/nowhere');
    await screen.findByRole('heading', { level: 1, name: 'Vous semblez perdu' });
    expect(screen.queryByRole('navigation', { name: "Fil d'Ariane" })).toBeNull();
    expect(screen.queryByText("Aucun fil d'Ariane")).toBeNull();
  });
});

describe('guests', () => {
  it('see neither the breadcrumb bar nor the section links', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(screen.queryByRole('navigation', { name: "Fil d'Ariane" })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Mon compte' })).toBeNull();
  });
});

describe('browser warning', () => {
  it('shows on Firefox and can be closed', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    renderApp('/login');
    const warning = await screen.findByRole('region', {
      name: "Votre navigateur n'est pas le mieux adapté",
    });
    expect(warning.textContent).toContain('la dictée vocale n');
    await userEvent.setup().click(within(warning).getByRole('button', { name: 'Fermer' }));
    expect(
      screen.queryByRole('region', { name: "Votre navigateur n'est pas le mieux adapté" }),
    ).toBeNull();
  });

  it('has its own message on Android', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ANDROID_CHROME);
    renderApp('/login');
    const warning = await screen.findByRole('region', {
      name: "Votre navigateur n'est pas le mieux adapté",
    });
    expect(warning.textContent).toContain('Sur Android');
  });

  it('does not show on desktop Chrome', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(
      screen.queryByRole('region', { name: "Votre navigateur n'est pas le mieux adapté" }),
    ).toBeNull();
  });
});

describe('guest language switch', () => {
  it('switches the interface to English and back, with the lang attribute', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(document.title).toBe('Chapitres – Log in'));
    expect(window.localStorage.getItem('chapitres.lang')).toBe('en-US');
    await user.click(screen.getByRole('button', { name: 'Français' }));
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(document.documentElement.lang).toBe('fr');
  });
});
