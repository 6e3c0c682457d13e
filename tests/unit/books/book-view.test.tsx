// The book view '/book/:bookID': each generation status, the refresh after a failure, the order link,
// the download under the book's title, the preview (pdf.js mocked), not found and unknown status.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bookPollDelay } from '../../../src/features/books/api/get-book';
import type { BookWire } from '../../../src/features/books/api/types';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { bookWire, booksServer } from './book-list-fixtures';

// pdf.js does not run in happy-dom; the preview has its own test (pdf-preview.test.tsx).
vi.mock('../../../src/features/books/components/pdf-preview', () => ({
  PdfPreview: ({ url, title }: { url: string; title: string }) => (
    <div data-testid="pdf-preview" data-url={url}>
      {title}
    </div>
  ),
}));

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
});

describe('a finished book', () => {
  it('shows its title, the order and download buttons and the preview marked "preview only"', async () => {
    const book = bookWire({ title: 'Ma vie à Roanne', subtitle: 'Souvenirs de gare' });
    booksServer({ books: [book] });
    renderApp(`/book/${book.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ma vie à Roanne' })).toBeTruthy();
    expect(screen.getByText('Souvenirs de gare')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à mes livres' }).getAttribute('href')).toBe(
      '/books',
    );
    expect(
      screen.getByRole('link', { name: 'Commander le livre imprimé' }).getAttribute('href'),
    ).toBe(`/subscription?book_id=${book.id}`);
    expect(screen.getByRole('button', { name: 'Télécharger' })).toBeTruthy();
    expect(screen.getByText('Aperçu uniquement')).toBeTruthy();
    const preview = await screen.findByTestId('pdf-preview');
    expect(preview.getAttribute('data-url')).toBe(book.url_web_pdf);
    expect(screen.queryByText('Votre livre est en cours de création')).toBeNull();
  });

  it('says when there is no PDF to preview', async () => {
    const book = bookWire({ url_web_pdf: null });
    booksServer({ books: [book] });
    renderApp(`/book/${book.id}`);
    expect(await screen.findByText('Aucun PDF disponible.')).toBeTruthy();
    expect(screen.queryByTestId('pdf-preview')).toBeNull();
    expect(screen.queryByText('Aperçu uniquement')).toBeNull();
    // Still orderable.
    expect(screen.getByRole('link', { name: 'Commander le livre imprimé' })).toBeTruthy();
  });

  it('downloads the print PDF under the title of the book', async () => {
    const book = bookWire({ title: 'Ma vie: 1941/2025' });
    const pdfPath = new URL(book.url_pdf!, 'http://localhost').pathname;
    const net = booksServer({
      books: [book],
      routes: { [`GET ${pdfPath}`]: { status: 200, json: '%PDF-1.7' } },
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:book');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);

    renderApp(`/book/${book.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Télécharger' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toEqual({ href: 'blob:book', download: 'Ma vie 1941 2025.pdf' });
    expect(net.callsTo(`GET ${pdfPath}`)).toHaveLength(1);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the PDF instead when it cannot be fetched', async () => {
    const book = bookWire({ title: 'Ma vie' });
    const pdfPath = new URL(book.url_pdf!, 'http://localhost').pathname;
    booksServer({ books: [book], routes: { [`GET ${pdfPath}`]: 'network-error' } });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderApp(`/book/${book.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Télécharger' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(book.url_pdf, '_blank', 'noopener'));
  });
});

describe('a book being made', () => {
  it('shows the waiting animation and no actions', async () => {
    const book = bookWire({
      title: 'Les années Lyon',
      generation_status: 'ongoing',
      url_pdf: null,
      url_web_pdf: null,
    });
    booksServer({ books: [book] });
    renderApp(`/book/${book.id}`);
    const title = await screen.findByText('Votre livre est en cours de création');
    // One live status region, so screen readers hear it.
    const status = title.closest<HTMLElement>('[role="status"]')!;
    expect(status).toBeTruthy();
    expect(
      within(status).getByText(
        'Cela peut prendre quelques minutes. Cette page se met à jour toute seule.',
      ),
    ).toBeTruthy();
    // The animation stops for people who ask for less motion.
    const moving = status.querySelectorAll('.animate-pulse, .animate-ping');
    expect(moving.length).toBeGreaterThan(0);
    for (const element of moving)
      expect(element.getAttribute('class')).toContain('motion-reduce:animate-none');
    expect(screen.getByRole('heading', { level: 1, name: 'Les années Lyon' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Commander le livre imprimé' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Télécharger' })).toBeNull();
    expect(screen.queryByTestId('pdf-preview')).toBeNull();
  });
});

describe('a book being made, later', () => {
  it('turns into the finished book within a second of being made, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const book = bookWire({
        title: 'Les années Lyon',
        generation_status: 'ongoing',
        created_at: new Date().toISOString(),
      });
      const net = booksServer({ books: [book] });
      renderApp(`/book/${book.id}`);
      await screen.findByText('Votre livre est en cours de création');
      expect(net.callsTo(`GET /api/v1/books/${book.id}`)).toHaveLength(1);

      net.state.books = [{ ...book, generation_status: 'success' }];
      await vi.advanceTimersByTimeAsync(1_100);
      expect(await screen.findByRole('link', { name: 'Commander le livre imprimé' })).toBeTruthy();
      expect(net.callsTo(`GET /api/v1/books/${book.id}`)).toHaveLength(2);
      expect(screen.queryByText('Votre livre est en cours de création')).toBeNull();

      // Made: no more asking.
      await vi.advanceTimersByTimeAsync(20_000);
      expect(net.callsTo(`GET /api/v1/books/${book.id}`)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('bookPollDelay', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  const at = (ms: number) => new Date(now - ms).toISOString();
  it('asks every second for the first ten seconds, then every three seconds', () => {
    const ongoing = (age: number) => [
      { generation_status: 'ongoing' as const, created_at: at(age) },
    ];
    expect(bookPollDelay(ongoing(300), now - 300, now)).toBe(1_000);
    expect(bookPollDelay(ongoing(9_000), now - 9_000, now)).toBe(1_000);
    expect(bookPollDelay(ongoing(12_000), now - 12_000, now)).toBe(3_000);
    // Opened long after the order: fast for its own first ten seconds, then calmer.
    expect(bookPollDelay(ongoing(600_000), now - 2_000, now)).toBe(1_000);
    expect(bookPollDelay(ongoing(600_000), now - 11_000, now)).toBe(3_000);
  });
  it('stops when no book is being made', () => {
    expect(bookPollDelay([{ generation_status: 'success', created_at: at(0) }], now, now)).toBe(
      false,
    );
    expect(bookPollDelay(undefined, now, now)).toBe(false);
  });
});

describe('a failed book', () => {
  it('says why, and shows the book once a refresh finds it made', async () => {
    const failed = bookWire({
      title: 'Ma vie',
      generation_status: 'failure',
      generation_error: 'Une image de couverture est introuvable.',
    });
    const net = booksServer({ books: [failed] });
    renderApp(`/book/${failed.id}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('La création du livre a échoué')).toBeTruthy();
    expect(within(alert).getByText('Une image de couverture est introuvable.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Commander le livre imprimé' })).toBeNull();
    expect(net.callsTo(`GET /api/v1/books/${failed.id}`)).toHaveLength(1);

    net.state.books = [{ ...failed, generation_status: 'success', generation_error: null }];
    await userEvent.click(within(alert).getByRole('button', { name: 'Actualiser' }));
    expect(await screen.findByRole('link', { name: 'Commander le livre imprimé' })).toBeTruthy();
    expect(net.callsTo(`GET /api/v1/books/${failed.id}`)).toHaveLength(2);
    expect(screen.queryByText('La création du livre a échoué')).toBeNull();
  });

  it('shows the panel without a reason when the server gives none', async () => {
    const failed = bookWire({ generation_status: 'failure', generation_error: null });
    booksServer({ books: [failed] });
    renderApp(`/book/${failed.id}`);
    expect(await screen.findByText('La création du livre a échoué')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actualiser' })).toBeTruthy();
  });
});

describe('other answers', () => {
  it('says the status is unknown for any other value', async () => {
    // Off the contract (a newer server): the app must still say something sensible.
    const book = { ...bookWire(), generation_status: 'queued' } as unknown as BookWire;
    booksServer({ books: [book] });
    renderApp(`/book/${book.id}`);
    expect(await screen.findByText('Statut du livre inconnu.')).toBeTruthy();
    expect(screen.queryByText('queued')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Commander le livre imprimé' })).toBeNull();
  });

  it('says when the book does not exist, with a way back to the list', async () => {
    booksServer({
      routes: {
        'GET /api/v1/books/gone': jsonReply({ detail: [{ type: 'not_found', msg: 'x' }] }, 404),
      },
    });
    renderApp('/book/gone');
    expect(await screen.findByText('Livre introuvable')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir mes livres' }).getAttribute('href')).toBe(
      '/books',
    );
  });

  it('offers to try again after a server error', async () => {
    let calls = 0;
    const book = bookWire({ title: 'Retrouvé' });
    booksServer({
      routes: {
        [`GET /api/v1/books/${book.id}`]: () => {
          calls += 1;
          return calls === 1 ? errorReply(500) : jsonReply(book);
        },
      },
    });
    renderApp(`/book/${book.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Retrouvé' })).toBeTruthy();
  });
});

describe('a book with voice codes (issue 20)', () => {
  const notFound = () => jsonReply({ detail: [{ type: 'not_found', msg: 'Introuvable' }] }, 404);

  it('lists the chapters whose code opens a listening page, and takes one down after asking', async () => {
    const book = bookWire({ voice_codes: true });
    const linked = { url: 'https://chez-nous.example/l/abc', created_at: '2025-02-01T10:00:00Z' };
    const revoked = new Set<string>();
    const net = booksServer({
      books: [book],
      routes: {
        'GET /api/v1/conversations/c1/listen-link': notFound,
        'GET /api/v1/conversations/c2/listen-link': () =>
          revoked.has('c2') ? notFound() : jsonReply(linked),
        'GET /api/v1/conversations/c3/listen-link': notFound,
        'GET /api/v1/conversations/c4/listen-link': notFound,
        'DELETE /api/v1/conversations/c2/listen-link': () => {
          revoked.add('c2');
          return jsonReply({ message: 'revoked' });
        },
      },
    });
    renderApp(`/book/${book.id}`);
    const section = (
      await screen.findByRole('heading', { name: 'Les codes pour écouter votre voix' })
    ).closest('section')!;
    expect(await within(section).findByText('Chapitre 2')).toBeTruthy();
    expect(within(section).queryByText('Chapitre 1')).toBeNull();
    expect(within(section).getByRole('link', { name: 'Écouter' }).getAttribute('href')).toBe(
      linked.url,
    );

    await userEvent.click(within(section).getByRole('button', { name: 'Retirer la page' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/chapitre 2 n’ouvrira plus vos réponses/)).toBeTruthy();
    expect(net.callsTo('DELETE /api/v1/conversations/c2/listen-link')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retirer la page' }));
    await waitFor(() =>
      expect(net.callsTo('DELETE /api/v1/conversations/c2/listen-link')).toHaveLength(1),
    );
    expect(
      await within(section).findByText('Aucune page d’écoute n’est ouverte pour ce livre.'),
    ).toBeTruthy();
  });

  it('keeps the dialog open and says why when taking the page down fails', async () => {
    const book = bookWire({ voice_codes: true, conversation_ids: ['c1'] });
    booksServer({
      books: [book],
      routes: {
        'GET /api/v1/conversations/c1/listen-link': jsonReply({
          url: 'https://chez-nous.example/l/abc',
          created_at: '2025-02-01T10:00:00Z',
        }),
        'DELETE /api/v1/conversations/c1/listen-link': errorReply(500),
      },
    });
    renderApp(`/book/${book.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Retirer la page' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retirer la page' }));
    expect(
      await within(dialog).findByText('La page n’a pas pu être retirée. Réessayez.'),
    ).toBeTruthy();
  });

  it('shows nothing of it for a book made without voice codes', async () => {
    const book = bookWire();
    booksServer({ books: [book] });
    renderApp(`/book/${book.id}`);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByText('Les codes pour écouter votre voix')).toBeNull();
  });
});
