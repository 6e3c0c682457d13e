// A contributor prepares her book (issue 31): the book wizard pointed at /circles/{storytellerId}/books —
// her released chapters only (never the person's own chapters, photos or access), her name as the author,
// no voice codes, suggestions and the creation through the circle's calls, the saved state apart from the
// person's own book, the book's page under the circle after the creation; her book card says who prepared
// it; the link the circle page shows; a member without the right is told so.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CircleBookChapter } from '@contract/circle-books';
import { PrepareBookLink } from '../../../src/features/books/components/circle-book';
import {
  circleWizardStorageKey,
  WIZARD_STORAGE_KEY,
} from '../../../src/features/books/wizard-state';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import { bookWire, booksServer } from './book-list-fixtures';
import { book, chapterId, jsonBody, type Route } from './wizard-server';

const SHE = 'a0000000-0000-4000-8000-0000000000aa';
const API = `/api/v1/circles/${SHE}/books`;
const WIZARD = `/circles/${SHE}/book/new`;
const FOUR = [1, 2, 3, 4].map(chapterId);

function released(n: number, images = 0): CircleBookChapter {
  return {
    id: chapterId(n),
    title: `Souvenir ${n}`,
    created_at: `2025-03-0${n}T09:00:00.000Z`,
    text: 'Je suis née à Roanne.',
    images: Array.from({ length: images }, (_, i) => ({
      id: `rel-${n}-${i + 1}`,
      url: `/files/rel-${n}-${i + 1}.jpg`,
      legend: null,
    })),
  };
}

function circleServer(
  options: {
    canMakeBook?: boolean;
    chapters?: CircleBookChapter[];
    extra?: Record<string, Route>;
  } = {},
) {
  signInAs();
  const created = book();
  const chapters = options.chapters ?? [released(2), released(1, 1), released(3), released(4)];
  const net = mockFetch({
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /healthz': 'network-error',
    'GET /api/v1/circles': jsonReply({
      data: [
        {
          storyteller_id: SHE,
          storyteller_name: 'Jeanne Martin',
          role: 'contributor',
          notify: 'weekly',
          can_make_book: options.canMakeBook ?? true,
          joined_at: '2025-01-01T10:00:00.000Z',
        },
      ],
      count: 1,
    }),
    [`GET ${API}/chapters`]: jsonReply({ data: chapters, count: chapters.length }),
    [`POST ${API}/suggestions`]: jsonReply({
      title: 'Une vie à Roanne',
      subtitle: 'Souvenirs',
      summary: 'Le récit de Jeanne.',
      dedication: 'À ses petits-enfants',
    }),
    [`POST ${API}`]: jsonReply(created, 201),
    [`GET ${API}/${created.id}`]: jsonReply({ ...created, made_by_name: 'Test' }),
    ...options.extra,
  });
  return { net, created };
}

function seedCircleWizard(step: number, extra: Record<string, unknown> = {}) {
  window.localStorage.setItem(
    circleWizardStorageKey(SHE),
    JSON.stringify({
      selectedConversations: FOUR,
      sortedConversations: FOUR,
      currentStep: step,
      bookParameters: {
        title: 'Ma vie',
        subtitle: 'Souvenirs',
        author: 'Jeanne Martin',
        bookSummary: 'Un récit.',
        dedication: '',
        coverImage: null,
        authorImage: null,
        largePrint: false,
        voiceCodes: false,
        ...extra,
      },
      owner: testUserWire.id,
    }),
  );
}

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a contributor prepares her book', () => {
  it('offers her released chapters only, oldest first, with her name as the author', async () => {
    const { net } = circleServer();
    const user = userEvent.setup();
    renderApp(WIZARD);
    await screen.findByRole('heading', { level: 1, name: 'Préparer le livre de Jeanne Martin' });
    await user.click(await screen.findByRole('button', { name: 'Commencer' }));
    const step1 = await screen.findByRole('dialog', { name: 'Étape 1\u00a0: choix des chapitres' });
    expect(
      within(step1)
        .getAllByTestId('wizard-chapter')
        .map((item) => item.getAttribute('data-chapter-id')),
    ).toEqual(FOUR);
    // Never the person's own chapters, photos or access.
    expect(net.callsTo('GET /api/v1/conversations')).toHaveLength(0);
    expect(net.callsTo('GET /api/v1/premium-status')).toHaveLength(0);
    const saved = JSON.parse(window.localStorage.getItem(circleWizardStorageKey(SHE))!);
    expect(saved.bookParameters.author).toBe('Jeanne Martin');
    expect(saved.currentStep).toBe(1);
    // The person's own book in the making is left alone.
    expect(window.localStorage.getItem(WIZARD_STORAGE_KEY)).toBeNull();
  });

  it('says so when she has released fewer than 4 titled chapters, with the way back to her circle', async () => {
    circleServer({ chapters: [released(1), released(2)] });
    renderApp(WIZARD);
    expect(
      await screen.findByText(/Jeanne Martin a partagé 2 chapitres avec un titre/),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Retour au cercle de Jeanne Martin' }).getAttribute('href'),
    ).toBe(`/circles/${SHE}`);
    expect(screen.queryByRole('button', { name: 'Commencer' })).toBeNull();
  });

  it('offers no voice codes and only the chapters’ pictures', async () => {
    const { net } = circleServer();
    seedCircleWizard(3);
    const view = renderApp(WIZARD);
    const step3 = await screen.findByRole('dialog', { name: 'Paramètres du livre' });
    expect(within(step3).queryByText(/voix|QR/i)).toBeNull();
    expect(within(step3).getAllByRole('checkbox')).toHaveLength(1);
    view.unmount();

    seedCircleWizard(5);
    renderApp(WIZARD);
    const step5 = await screen.findByRole('dialog', { name: 'Définir la photo de couverture' });
    await waitFor(() =>
      expect(
        within(step5)
          .getAllByTestId('wizard-photo-option')
          .map((option) => option.getAttribute('data-image-id')),
      ).toEqual(['rel-1-1']),
    );
    // No upload of the contributor's own photos.
    expect(within(step5).queryByTestId('wizard-picker-file')).toBeNull();
    expect(within(step5).queryByRole('radio', { name: 'Envoyer une photo' })).toBeNull();
    expect(net.callsTo('GET /api/v1/images')).toHaveLength(0);
  });

  it('asks suggestions of the circle’s call on entering step 4', async () => {
    const { net } = circleServer();
    seedCircleWizard(4, { title: '', subtitle: '', bookSummary: '' });
    renderApp(WIZARD);
    await waitFor(() => expect(net.callsTo(`POST ${API}/suggestions`)).toHaveLength(1));
    expect(jsonBody(net.callsTo(`POST ${API}/suggestions`)[0])).toEqual({
      conversation_ids: FOUR,
      author: 'Jeanne Martin',
    });
    expect(net.callsTo('POST /api/v1/books/suggestions')).toHaveLength(0);
    expect(await screen.findByDisplayValue('Une vie à Roanne')).toBeTruthy();
  });

  it('creates the book through the circle and lands on its page there', async () => {
    const { net, created } = circleServer();
    window.localStorage.setItem(WIZARD_STORAGE_KEY, '{"owner":"x"}');
    seedCircleWizard(6, {
      coverImage: { conv_id: chapterId(1), image_id: 'rel-1-1', url: '/files/rel-1-1.jpg' },
    });
    const user = userEvent.setup();
    const { router } = renderApp(WIZARD);
    const step6 = await screen.findByRole('dialog', { name: "Choisir un portrait de l'auteur" });
    await user.click(within(step6).getByRole('button', { name: 'Créer le livre' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/circles/${SHE}/books/${created.id}`),
    );
    expect(net.callsTo('POST /api/v1/books')).toHaveLength(0);
    expect(jsonBody(net.callsTo(`POST ${API}`)[0])).toMatchObject({
      conversation_ids: FOUR,
      author: 'Jeanne Martin',
      front_cover_image_id: { conv_id: chapterId(1), image_id: 'rel-1-1' },
      voice_codes: false,
    });
    // The book's page asks the circle's call, says whose book it is, and leads back to her circle.
    expect(await screen.findByText('Vous avez préparé ce livre pour Jeanne Martin')).toBeTruthy();
    // While it is being made, the page asks again (every second): through the circle's call.
    await waitFor(() => expect(net.callsTo(`GET ${API}/${created.id}`).length).toBeGreaterThan(0), {
      timeout: 3000,
    });
    expect(net.callsTo(`GET /api/v1/books/${created.id}`)).toHaveLength(0);
    expect(
      screen.getByRole('link', { name: 'Retour au cercle de Jeanne Martin' }).getAttribute('href'),
    ).toBe(`/circles/${SHE}`);
    await waitFor(() =>
      expect(window.localStorage.getItem(circleWizardStorageKey(SHE))).toBeNull(),
    );
    expect(window.localStorage.getItem(WIZARD_STORAGE_KEY)).toBe('{"owner":"x"}');
  });

  it('says plainly that she has no full access, without the offers link', async () => {
    circleServer({
      extra: {
        [`POST ${API}`]: errorReply(402, [
          { type: 'full_access_required', msg: 'Full access required' },
        ]),
      },
    });
    seedCircleWizard(6);
    const user = userEvent.setup();
    renderApp(WIZARD);
    const step6 = await screen.findByRole('dialog', { name: "Choisir un portrait de l'auteur" });
    await user.click(within(step6).getByRole('button', { name: 'Créer le livre' }));
    expect(await within(step6).findByText(/Jeanne Martin n’a pas l’offre complète/)).toBeTruthy();
    expect(within(step6).queryByRole('link', { name: 'Voir les offres' })).toBeNull();
  });

  it('tells a member without the right, and asks nothing of the book calls', async () => {
    const { net } = circleServer({ canMakeBook: false });
    renderApp(WIZARD);
    expect(await screen.findByText('Vous ne pouvez pas préparer ce livre')).toBeTruthy();
    expect(net.callsTo(`GET ${API}/chapters`)).toHaveLength(0);
  });

  it('links the circle page to the wizard', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <PrepareBookLink storytellerId={SHE} storytellerName="Jeanne Martin" />,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Préparer le livre de Jeanne Martin' });
    expect(link.getAttribute('href')).toBe(WIZARD);
    expect(link.textContent).toContain('Préparer le livre de Jeanne Martin');
  });
});

describe('her books', () => {
  it('say who prepared one for her', async () => {
    booksServer({
      books: [
        bookWire({ title: 'Préparé', generation_status: 'success', made_by_name: 'Marie Dubois' }),
        bookWire({ title: 'Le mien', generation_status: 'success', made_by_name: null }),
      ],
    });
    renderApp('/books');
    const prepared = (await screen.findByRole('heading', { name: 'Préparé' })).closest('article')!;
    expect(within(prepared).getByText('Préparé par Marie Dubois')).toBeTruthy();
    const mine = screen.getByRole('heading', { name: 'Le mien' }).closest('article')!;
    expect(within(mine).queryByTestId('book-made-by')).toBeNull();
  });
});
