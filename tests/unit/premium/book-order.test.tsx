// The order control on a finished book's page: the price or "included with your pack", the order going
// straight to the payment page of this book, the server's words when it cannot, offline, and this
// book's earlier orders with plain statuses.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { bookWire } from '../books/book-list-fixtures';
import { jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { ANNUAL, apiError, order, premiumServer, type Route } from './support';

// pdf.js does not run in happy-dom.
vi.mock('../../../src/features/books/components/pdf-preview', () => ({
  PdfPreview: () => <div data-testid="pdf-preview" />,
}));

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});

function bookServer(
  options: Parameters<typeof premiumServer>[0] & { book?: ReturnType<typeof bookWire> } = {},
) {
  const book = options.book ?? bookWire({ id: 'book-x', title: 'Ma vie à Roanne' });
  const net = premiumServer({
    ...options,
    routes: { [`GET /api/v1/books/${book.id}`]: jsonReply(book), ...options.routes },
  });
  return { book, net };
}

async function orderSection() {
  return screen.findByTestId('book-order');
}

describe('ordering a printed copy', () => {
  it('costs 49,00 € and opens the payment page of this book', async () => {
    const { net } = bookServer({
      routes: {
        'POST /api/v1/demo/checkout/book': jsonReply({
          redirect_url: '/api/v1/demo/checkout/s-book',
        }),
      },
    });
    renderApp('/book/book-x');
    const section = await orderSection();
    expect(within(section).getByRole('heading', { name: 'Livre imprimé' })).toBeTruthy();
    expect(await within(section).findByText('Prix : 49,00 €')).toBeTruthy();
    expect(
      within(section).getByText('Payé en euros (€) ; votre banque fait la conversion si besoin.'),
    ).toBeTruthy();
    const control = within(section).getByRole('link', { name: 'Commander le livre imprimé' });
    await userEvent.click(control);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v1/demo/checkout/s-book'));
    const [call] = net.callsTo('POST /api/v1/demo/checkout/book');
    expect(call.query.get('book_id')).toBe('book-x');
    expect(control.getAttribute('aria-busy')).toBe('true');
    expect(JSON.parse(window.sessionStorage.getItem('chapitres.checkout') ?? '')).toEqual({
      product: 'book',
      bookID: 'book-x',
    });
  });

  it('is included with the pack while a book credit remains', async () => {
    const { net } = bookServer({
      status: ANNUAL,
      routes: {
        'POST /api/v1/demo/checkout/book': jsonReply({ redirect_url: '/payment-success' }),
      },
    });
    renderApp('/book/book-x');
    const section = await orderSection();
    expect(await within(section).findByText('Offert avec votre pack')).toBeTruthy();
    expect(within(section).queryByText(/49,00/)).toBeNull();
    await userEvent.click(
      within(section).getByRole('link', { name: 'Commander le livre imprimé' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment-success'));
    expect(net.callsTo('POST /api/v1/demo/checkout/book')).toHaveLength(1);
  });

  it.each<[string, Route, string]>([
    [
      'not ready',
      apiError(409, 'book_not_ready', "Ce livre n'est pas encore prêt à être imprimé."),
      "Ce livre n'est pas encore prêt à être imprimé.",
    ],
    ['not theirs', apiError(404, 'not_found', 'Livre introuvable.'), 'Livre introuvable.'],
    [
      'a server error',
      apiError(500, 'internal', ''),
      "La page de paiement n'a pas pu s'ouvrir. Veuillez réessayer dans un instant.",
    ],
  ])('says why it cannot start (%s) and stays on the page', async (_name, reply, message) => {
    bookServer({ routes: { 'POST /api/v1/demo/checkout/book': reply } });
    renderApp('/book/book-x');
    const section = await orderSection();
    await userEvent.click(
      within(section).getByRole('link', { name: 'Commander le livre imprimé' }),
    );
    const alert = await within(section).findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('waits offline, saying why', async () => {
    const { net } = bookServer();
    renderApp('/book/book-x');
    const section = await orderSection();
    reportNetworkFailure();
    const control = within(section).getByRole('link', { name: 'Commander le livre imprimé' });
    await waitFor(() => expect(control.getAttribute('aria-disabled')).toBe('true'));
    expect(within(section).getByText(/Vous n'êtes pas connecté à internet/)).toBeTruthy();
    await userEvent.click(control);
    expect(net.callsTo('POST /api/v1/demo/checkout/book')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('still leads to the plans page when opened in a new tab', async () => {
    bookServer();
    renderApp('/book/book-x');
    const section = await orderSection();
    expect(
      within(section)
        .getByRole('link', { name: 'Commander le livre imprimé' })
        .getAttribute('href'),
    ).toBe('/subscription?book_id=book-x');
  });

  it('is not offered while the book is being made', async () => {
    bookServer({ book: bookWire({ id: 'book-x', generation_status: 'ongoing' }) });
    renderApp('/book/book-x');
    await screen.findByText('Votre livre est en cours de création');
    expect(screen.queryByTestId('book-order')).toBeNull();
  });
});

describe("this book's orders", () => {
  it('lists them with plain statuses, leaving out other books', async () => {
    bookServer({
      orders: [
        order({ id: 'o1', status: 'paid', created_at: '2026-01-10T09:00:00.000Z' }),
        order({
          id: 'o2',
          status: 'sent_to_printer',
          paid_with_credit: true,
          amount: 0,
          created_at: '2025-12-01T09:00:00.000Z',
        }),
        order({ id: 'o3', status: 'shipped', created_at: '2025-11-02T09:00:00.000Z' }),
        order({ id: 'o4', book_id: 'another-book', status: 'shipped' }),
      ],
    });
    renderApp('/book/book-x');
    const section = await orderSection();
    const list = await within(section).findByRole('list', { name: 'Mes commandes de ce livre' });
    const items = within(list).getAllByTestId('book-order-item');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByText('Commande du 10 janvier 2026 — 49,00 € payés')).toBeTruthy();
    expect(within(items[0]).getByText('Payée — en préparation')).toBeTruthy();
    expect(
      within(items[1]).getByText('Commande du 1 décembre 2025 — offert avec votre pack'),
    ).toBeTruthy();
    expect(within(items[1]).getByText("Envoyée à l'imprimeur")).toBeTruthy();
    expect(within(items[2]).getByText('Expédiée')).toBeTruthy();
  });

  it('says where each order is going, while the address is known', async () => {
    bookServer({
      orders: [
        order({
          id: 'o1',
          shipping_address: {
            name: 'Jeanne Martin',
            line1: '12 rue du Port',
            line2: null,
            postal_code: '1000',
            city: 'Bruxelles',
            country: 'BE',
          },
        }),
        order({ id: 'o2', status: 'shipped', shipping_address: null }),
      ],
    });
    renderApp('/book/book-x');
    const section = await orderSection();
    const items = await within(section).findAllByTestId('book-order-item');
    expect(
      within(items[0]).getByText(
        'Envoi à : Jeanne Martin, 12 rue du Port, 1000 Bruxelles, Belgique',
      ),
    ).toBeTruthy();
    expect(within(items[1]).queryByTestId('book-order-address')).toBeNull();
  });

  it('shows no list before the first order', async () => {
    bookServer();
    renderApp('/book/book-x');
    const section = await orderSection();
    await within(section).findByText('Prix : 49,00 €');
    expect(within(section).queryByRole('list')).toBeNull();
  });
});
