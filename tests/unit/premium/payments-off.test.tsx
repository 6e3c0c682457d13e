// A server without payments (PAYMENTS=off, issue 28): GET /config says `payment_provider: 'off'`, and the
// app shows no price, plan nor order button anywhere — the plans page, the profile's panel and a book's
// page each say that access is complete and nothing is sold.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { bookWire } from '../books/book-list-fixtures';
import { jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { premiumServer } from './support';

vi.mock('../../../src/features/books/components/pdf-preview', () => ({
  PdfPreview: () => <div data-testid="pdf-preview" />,
}));

const FULL = {
  is_full_access_granted: true,
  full_access_until: null,
  subscription: null,
  free_chapters_allowed: 0,
  book_credits: 0,
};

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
});

describe('a server without payments', () => {
  it('shows no plan nor price on the plans page', async () => {
    premiumServer({ provider: 'off', status: FULL });
    renderApp('/subscription');
    expect(await screen.findByText('Accès complet offert')).toBeTruthy();
    expect(screen.queryByTestId('plan-monthly')).toBeNull();
    expect(screen.queryByTestId('plan-pack')).toBeNull();
    expect(document.body.textContent).not.toMatch(/€/);
  });

  it('says so in the profile instead of a subscription to manage', async () => {
    premiumServer({ provider: 'off', status: FULL });
    renderApp('/profile');
    const panel = await screen.findByTestId('subscription-panel');
    expect(await screen.findByText(/ce serveur Chapitres est sans paiement/i)).toBeTruthy();
    expect(panel.textContent).not.toMatch(/€|Résilier|S’abonner/);
  });

  it('offers no printed copy for sale on a book’s page', async () => {
    const book = bookWire({ id: 'book-x', title: 'Ma vie à Roanne' });
    premiumServer({
      provider: 'off',
      status: FULL,
      routes: { [`GET /api/v1/books/${book.id}`]: jsonReply(book) },
    });
    renderApp('/book/book-x');
    expect(await screen.findByTestId('book-order-off')).toBeTruthy();
    expect(screen.queryByTestId('book-order')).toBeNull();
    expect(screen.queryByText(/49,00/)).toBeNull();
  });
});
