// The circle page's places for the app to compose into: the book (a contributor she allowed to make
// one) and the gift (any member).
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Membership } from '@contract/circle';
import { db } from '../../../src/db/db';
import { CirclePage } from '../../../src/features/family-circle/components/circle-page';
import { queryClient } from '../../../src/lib/query-client';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { jsonReply, mockFetch } from '../support/fetch-mock';
import { resetApp, signInAs } from '../support/render-app';
import { STORYTELLER_ID, list, membership, summaries } from './fixtures';

beforeEach(async () => {
  await resetApp();
  await Promise.all([db.circles.clear(), db.circleChapters.clear()]);
  reportNetworkSuccess();
  signInAs();
});

function renderWith(member: Membership) {
  mockFetch({
    'GET /healthz': 'network-error',
    'GET /api/v1/circles': jsonReply(list([member])),
    [`GET /api/v1/circles/${STORYTELLER_ID}/chapters`]: jsonReply(list(summaries)),
    [`GET /api/v1/circles/${STORYTELLER_ID}/questions`]: jsonReply(list([])),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <CirclePage
          storytellerId={STORYTELLER_ID}
          bookSlot={<p>Faire un livre</p>}
          giftSlot={<p>Offrir</p>}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the circle page’s slots', () => {
  it('shows the book to a contributor allowed to make one, and the gift', async () => {
    renderWith(membership({ role: 'contributor', can_make_book: true }));
    expect(await screen.findByText('Faire un livre')).toBeTruthy();
    expect(screen.getByText('Offrir')).toBeTruthy();
  });

  it('hides the book from a contributor not allowed, and from a reader', async () => {
    renderWith(membership({ role: 'contributor', can_make_book: false }));
    await screen.findByRole('heading', { level: 1, name: 'Les souvenirs de Jeanne' });
    expect(screen.getByText('Offrir')).toBeTruthy();
    expect(screen.queryByText('Faire un livre')).toBeNull();
  });

  it('hides the book from a reader, even one marked as allowed', async () => {
    renderWith(membership({ role: 'reader', can_make_book: true }));
    await screen.findByRole('heading', { level: 1, name: 'Les souvenirs de Jeanne' });
    expect(screen.getByText('Offrir')).toBeTruthy();
    expect(screen.queryByText('Faire un livre')).toBeNull();
  });
});
