// The book list '/books': failed books hidden, covers and "being made" labels, the delete confirmation
// (failure keeps it open, success reloads the list), the empty state, and the new-book gate.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { bookWire, booksServer, conversationWire, titledChapters } from './book-list-fixtures';

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
});

async function listPage() {
  await screen.findByRole('heading', { level: 1, name: 'Mes livres' });
}

describe('the book list', () => {
  it('shows finished and ongoing books, and hides the failed ones', async () => {
    const done = bookWire({ title: 'Ma vie à Roanne', subtitle: 'Souvenirs' });
    const ongoing = bookWire({
      title: 'Les années Lyon',
      generation_status: 'ongoing',
      url_pdf: null,
      url_web_pdf: null,
      url_cover_preview: null,
      created_at: '2025-03-05T10:00:00.000Z',
    });
    const failed = bookWire({ title: 'Livre raté', generation_status: 'failure' });
    booksServer({ books: [done, ongoing, failed] });
    renderApp('/books');
    await listPage();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Ma vie à Roanne',
      'Les années Lyon',
    ]);
    expect(screen.queryByText('Livre raté')).toBeNull();

    // Finished: its cover picture and the date in French; no "being made" label.
    const cover = within(cards[0]).getByRole('img', {
      name: 'Couverture du livre «\u00a0Ma vie à Roanne\u00a0»',
    });
    expect(cover.getAttribute('src')).toBe(done.url_cover_preview);
    expect(within(cards[0]).getByText('Créé le 1 février 2025')).toBeTruthy();
    expect(within(cards[0]).queryByText('En cours de création')).toBeNull();
    expect(within(cards[0]).getByText('Souvenirs')).toBeTruthy();

    // Being made: a drawn cover, the label, no date.
    expect(within(cards[1]).queryByRole('img')).toBeNull();
    expect(within(cards[1]).getByTestId('book-placeholder-cover').textContent).toContain(
      'Les années Lyon',
    );
    expect(within(cards[1]).getByText('En cours de création')).toBeTruthy();
    expect(within(cards[1]).queryByText(/Créé le/)).toBeNull();

    expect(within(cards[0]).getByRole('link', { name: 'Voir' }).getAttribute('href')).toBe(
      `/book/${done.id}`,
    );
    expect(within(cards[1]).getByRole('link', { name: 'Voir' }).getAttribute('href')).toBe(
      `/book/${ongoing.id}`,
    );
  });

  it('draws the cover when the picture cannot load', async () => {
    booksServer({ books: [bookWire({ title: 'Ma vie' })] });
    renderApp('/books');
    const cover = await screen.findByRole('img', {
      name: 'Couverture du livre «\u00a0Ma vie\u00a0»',
    });
    cover.dispatchEvent(new Event('error'));
    await waitFor(() => expect(screen.queryByRole('img')).toBeNull());
    expect(screen.getByTestId('book-placeholder-cover').textContent).toContain('Ma vie');
  });

  it('dates the books in the interface language', async () => {
    const { setLanguage } = await import('../../../src/lib/i18n');
    await setLanguage('en', { remember: false });
    booksServer({ books: [bookWire({ title: 'My life' })] });
    renderApp('/books');
    expect(await screen.findByText('Made on February 1, 2025')).toBeTruthy();
  });

  it('shows the empty state when every book failed', async () => {
    booksServer({ books: [bookWire({ generation_status: 'failure' })] });
    const { router } = renderApp('/books');
    await screen.findByRole('heading', { name: "Vous n'avez pas encore de livre" });
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Créer mon premier livre' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/book/create'));
  });

  it('says when the books cannot be loaded, and tries again on request', async () => {
    let calls = 0;
    booksServer({
      routes: {
        'GET /api/v1/books': () => {
          calls += 1;
          return calls === 1 ? errorReply(500) : jsonReply({ data: [bookWire()], count: 1 });
        },
      },
    });
    renderApp('/books');
    await screen.findByRole('heading', { name: "Impossible d'afficher vos livres" });
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findAllByRole('article')).toHaveLength(1);
  });

  it('says the books will come back with the connection when offline and never loaded', async () => {
    booksServer({ routes: { 'GET /api/v1/books': 'network-error' } });
    renderApp('/books');
    expect(await screen.findByRole('heading', { name: 'Vous êtes hors ligne' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });
});

describe('deleting a book', () => {
  it('asks first, and reloads the list once the book is gone', async () => {
    const keep = bookWire({ title: 'À garder' });
    const remove = bookWire({ title: 'À effacer' });
    const net = booksServer({
      books: [keep, remove],
      routes: {
        [`DELETE /api/v1/books/${remove.id}`]: () => {
          net.state.books = net.state.books.filter((b) => b.id !== remove.id);
          return { status: 204 };
        },
      },
    });
    renderApp('/books');
    const card = (await screen.findAllByRole('article'))[1];
    await userEvent.click(within(card).getByRole('button', { name: 'Supprimer' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Supprimer «\u00a0À effacer\u00a0»\u202f?',
    });
    expect(within(dialog).getByText('Êtes-vous sûr de vouloir supprimer ce livre ?')).toBeTruthy();
    // Nothing is deleted before the confirmation; focus starts on Annuler.
    expect(net.callsTo(`DELETE /api/v1/books/${remove.id}`)).toHaveLength(0);
    expect(document.activeElement?.textContent).toBe('Annuler');

    const listCalls = net.callsTo('GET /api/v1/books').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oui, supprimer' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(net.callsTo(`DELETE /api/v1/books/${remove.id}`)).toHaveLength(1);
    await waitFor(() => expect(net.callsTo('GET /api/v1/books').length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(screen.queryByText('À effacer')).toBeNull());
    expect(screen.getByText('À garder')).toBeTruthy();
    expect(await screen.findByText('Le livre a été supprimé.')).toBeTruthy();
  });

  it('keeps the dialog open with a message when the deletion fails', async () => {
    const book = bookWire({ title: 'Ma vie' });
    const net = booksServer({
      books: [book],
      routes: { [`DELETE /api/v1/books/${book.id}`]: errorReply(500) },
    });
    renderApp('/books');
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oui, supprimer' }));
    expect(
      await within(dialog).findByText("Le livre n'a pas pu être supprimé. Veuillez réessayer."),
    ).toBeTruthy();
    expect(screen.getByRole('alertdialog')).toBe(dialog);
    expect(net.callsTo(`DELETE /api/v1/books/${book.id}`)).toHaveLength(1);
    // Still listed.
    expect(screen.getAllByRole('article')).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('the new-book button', () => {
  it('is dimmed with fewer titled chapters than a book needs, and says how many are missing', async () => {
    booksServer({ books: [bookWire()], conversations: titledChapters(2) });
    const { router } = renderApp('/books');
    await screen.findAllByRole('article');
    const button = screen.getByRole('button', { name: 'Nouveau livre' });
    await waitFor(() => expect(button.getAttribute('data-dimmed')).toBe('true'));
    expect(button.className).toContain('opacity-60');
    // Still a working, focusable button that explains itself.
    expect(button.hasAttribute('disabled')).toBe(false);
    const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      "Un livre demande l'offre complète et au moins 4 chapitres avec un titre.",
    );

    await userEvent.click(button);
    const alert = screen.getByRole('alertdialog', { name: 'Pas encore assez de chapitres' });
    expect(
      within(alert).getByText(
        'Il vous faut au moins 4 chapitres avec un titre pour créer un livre. Vous en avez 2.',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/books');
    await userEvent.click(within(alert).getByRole('button', { name: "J'ai compris" }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('counts chapters on every page of the list', async () => {
    const first = Array.from({ length: 100 }, () => conversationWire(null));
    const second = [conversationWire('Un'), conversationWire('Deux'), conversationWire('Trois')];
    booksServer({
      books: [bookWire()],
      routes: {
        'GET /api/v1/conversations': (call) =>
          jsonReply({
            data: call.query.get('skip') === '0' ? first : second,
            count: 103,
          }),
      },
    });
    renderApp('/books');
    await screen.findAllByRole('article');
    const button = screen.getByRole('button', { name: 'Nouveau livre' });
    await waitFor(() => expect(button.getAttribute('data-dimmed')).toBe('true'));
    await userEvent.click(button);
    expect(screen.getByRole('alertdialog').textContent).toContain('Vous en avez 3.');
  });

  it('opens the book wizard with enough titled chapters', async () => {
    const net = booksServer({ books: [bookWire()], conversations: titledChapters(4) });
    const { router } = renderApp('/books');
    await screen.findAllByRole('article');
    await waitFor(() => expect(net.callsTo('GET /api/v1/conversations')).toHaveLength(1));
    const button = screen.getByRole('button', { name: 'Nouveau livre' });
    await waitFor(() => expect(button.className).not.toContain('opacity-60'));
    expect(button.getAttribute('data-dimmed')).toBeNull();
    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/book/create'));
  });
});
