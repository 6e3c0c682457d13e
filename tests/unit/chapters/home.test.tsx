// The list page '/': onboarding redirect, loading overlay, the card grid, empty and offline states,
// delete confirmation, new chapter (premium gating, author modal for multi-users, 402), new book
// gating, and the subscription banner.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import { subscriptionBannerClosedAtom } from '../../../src/features/chapters/state';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { storeChapterList } from '../../../src/offline/stored-chapters';
import { setLanguage } from '../../../src/lib/i18n';
import type { UserWire } from '../../../src/lib/session';
import { errorReply, jsonReply, mockFetch, type RecordedCall } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import { book, conversation, list, premium } from './fixtures';

type Reply = ReturnType<typeof jsonReply> | 'network-error';
type Route = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  await db.chapters.clear();
  getDefaultStore().set(subscriptionBannerClosedAtom, false);
});

function homeServer(
  options: {
    user?: Partial<UserWire>;
    conversations?: ReturnType<typeof conversation>[];
    premium?: Route;
    books?: Route;
    questions?: Route;
    extra?: Record<string, Route>;
  } = {},
) {
  const user = { ...testUserWire, ...options.user };
  signInAs(options.user);
  const chapters = [...(options.conversations ?? [])];
  let created = 0;
  return mockFetch({
    'GET /api/v1/users/me': jsonReply(user),
    'GET /api/v1/onboardings/questions': options.questions ?? jsonReply(list([])),
    'GET /api/v1/onboardings/answers': jsonReply(list([])),
    'GET /api/v1/conversations': () => jsonReply(list(chapters)),
    'GET /api/v1/books': options.books ?? jsonReply(list([])),
    'GET /api/v1/premium-status':
      options.premium ?? jsonReply(premium({ is_full_access_granted: true })),
    'POST /api/v1/conversations': (call) => {
      created += 1;
      const made = conversation({
        id: `new-${created}`,
        title: null,
        conv_author: call.query.get('conv_author'),
      });
      chapters.unshift(made);
      return jsonReply(made, 201);
    },
    'DELETE /api/v1/conversations/c-del': () => {
      chapters.splice(
        chapters.findIndex((c) => c.id === 'c-del'),
        1,
      );
      return jsonReply({ message: 'deleted' });
    },
    ...options.extra,
  });
}

async function listPage() {
  await screen.findByRole('heading', { level: 1, name: 'Mes histoires' });
}

describe('onboarding redirect', () => {
  const required = jsonReply(
    list([{ question_id: 'birth', question_number: 1, is_answer_required: true }]),
  );
  const optionalOnly = jsonReply(
    list([{ question_id: 'themes', question_number: 2, is_answer_required: false }]),
  );

  it('sends a standard account with a required question left to /onboarding', async () => {
    homeServer({ questions: required });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Faisons connaissance' });
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('lets a standard account in when only optional questions are left', async () => {
    homeServer({ questions: optionalOnly });
    const { router } = renderApp('/');
    await listPage();
    expect(router.state.location.pathname).toBe('/');
  });

  it('never sends a multi-users account to onboarding', async () => {
    const net = homeServer({ questions: required, user: { account_type: 'multi-users' } });
    const { router } = renderApp('/');
    await listPage();
    expect(router.state.location.pathname).toBe('/');
    expect(net.callsTo('GET /api/v1/onboardings/questions')).toHaveLength(0);
  });

  it('lets the person in when the questions cannot be checked', async () => {
    homeServer({ questions: errorReply(500) });
    const { router } = renderApp('/');
    await listPage();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('the list', () => {
  it('shows the loading overlay, then the cards newest first with the first one featured', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = conversation({
      title: 'Mon enfance à Lyon',
      images: [
        { id: 'i2', url: '/files/second.jpg', legend: null, position: 2 },
        { id: 'i1', url: '/files/first.jpg', legend: null, position: 1 },
      ],
    });
    const second = conversation({ title: null });
    const net = homeServer({
      extra: {
        'GET /api/v1/conversations': async () => {
          await gate;
          return jsonReply(list([first, second]));
        },
      },
    });
    renderApp('/');
    await screen.findByText('Chargement de vos histoires…');
    act(() => release());
    const cards = await screen.findAllByRole('article');
    expect(screen.queryByText('Chargement de vos histoires…')).toBeNull();
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Mon enfance à Lyon',
      'Histoire sans titre',
    ]);
    const pictures = () => cards.map((c) => c.querySelector('img')?.getAttribute('src'));
    // The other cards' pictures wait for the first one, the largest thing on the screen.
    expect(pictures()).toEqual(['/files/first.jpg', null]);
    fireEvent.load(cards[0].querySelector('img')!);
    await waitFor(() =>
      expect(pictures()).toEqual(['/files/first.jpg', '/images/chapter-placeholder.svg']),
    );
    expect(cards[0].closest('li')?.className).toContain('lg:col-span-3');
    expect(cards[1].closest('li')?.className ?? '').not.toContain('col-span');
    // The whole card opens the chapter; consult and delete are separate controls.
    expect(
      within(cards[0]).getByRole('link', { name: 'Mon enfance à Lyon' }).getAttribute('href'),
    ).toBe(`/conversations/${first.id}`);
    expect(within(cards[0]).getByRole('link', { name: 'Consulter' }).getAttribute('href')).toBe(
      `/conversations/${first.id}`,
    );
    expect(within(cards[0]).getByRole('button', { name: 'Supprimer' })).toBeTruthy();
    const query = net.callsTo('GET /api/v1/conversations')[0].query;
    expect(query.get('sort_by')).toBe('created_at');
    expect(query.get('sort_order')).toBe('descending');
    expect(query.get('include_summaries')).toBeNull();
    // Kept on the device for offline reading.
    await waitFor(async () => expect(await db.chapters.count()).toBe(2));
  });

  it('offers the cards their renditions (display, thumbnail), and falls back when one fails', async () => {
    const withPicture = (title: string, n: number, display = true) =>
      conversation({
        title,
        images: [
          {
            id: `i${n}`,
            url: `/files/${n}.png`,
            thumbnail_url: `/files/${n}.thumb.png`,
            ...(display ? { display_url: `/files/${n}.display.webp` } : {}),
            legend: null,
            position: 1,
          },
        ],
      });
    homeServer({
      conversations: [
        withPicture('Lyon', 1),
        withPicture('Marseille', 2),
        withPicture('Nantes', 3, false),
      ],
    });
    renderApp('/');
    const cards = await screen.findAllByRole('article');
    const [featured, small, older] = cards.map((c) => c.querySelector('img')!);
    // The first card, shown large, loads the 1200 px WebP rather than the picture itself.
    expect(featured.getAttribute('src')).toBe('/files/1.display.webp');
    expect(featured.getAttribute('srcset')).toBeNull();
    expect(featured.getAttribute('fetchpriority')).toBe('high');
    // An older picture without that rendition (or one not cached offline): the picture itself.
    fireEvent.error(featured);
    await waitFor(() => expect(featured.getAttribute('src')).toBe('/files/1.png'));
    fireEvent.load(featured);
    await waitFor(() => expect(small.getAttribute('srcset')).not.toBeNull());
    expect(small.getAttribute('srcset')).toBe(
      '/files/2.thumb.png 400w, /files/2.display.webp 1200w',
    );
    expect(small.getAttribute('src')).toBe('/files/2.display.webp');
    expect(small.getAttribute('sizes')).toContain('100vw');
    // A copy of the list from before the display rendition offers the picture beside the thumbnail.
    expect(older.getAttribute('srcset')).toBe('/files/3.thumb.png 400w, /files/3.png 1200w');
    // Offline, a rendition never shown before is not cached: the picture itself is tried next.
    fireEvent.error(small);
    await waitFor(() => expect(small.getAttribute('srcset')).toBeNull());
    expect(small.getAttribute('src')).toBe('/files/2.png');
    fireEvent.error(small);
    await waitFor(() => expect(small.getAttribute('src')).toBe('/images/chapter-placeholder.svg'));
  });

  it("shows 'par {author}' on multi-users accounts only", async () => {
    homeServer({
      user: { account_type: 'multi-users' },
      conversations: [conversation({ title: 'La ferme', conv_author: 'Papi Jean' })],
    });
    renderApp('/');
    await screen.findByText('par Papi Jean');
  });

  it('hides the author on standard accounts', async () => {
    homeServer({ conversations: [conversation({ title: 'La ferme', conv_author: 'Papi Jean' })] });
    renderApp('/');
    await screen.findByRole('heading', { name: 'La ferme' });
    expect(screen.queryByText('par Papi Jean')).toBeNull();
  });

  it('shows a correction waiting on this device over the card, with its mark', async () => {
    const farm = conversation({ title: 'La ferme' });
    homeServer({ conversations: [farm, conversation({ title: 'Le lycée' })] });
    await db.outbox.clear();
    await db.outbox.add({
      opId: 'op-farm',
      entity: 'chapter',
      entityId: farm.id,
      field: 'title',
      payload: { value: 'La ferme de Papi', base: 'La ferme' },
      baseUpdatedAt: farm.updated_at,
      createdAt: 1,
      attempts: 0,
      nextAttemptAt: Number.MAX_SAFE_INTEGER,
      status: 'pending',
      lastError: null,
    });
    renderApp('/');
    const card = (await screen.findByRole('heading', { name: 'La ferme de Papi' })).closest(
      'article',
    )!;
    expect(within(card).getByText('Modification en attente')).toBeTruthy();
    const other = screen.getByRole('heading', { name: 'Le lycée' }).closest('article')!;
    expect(within(other).queryByText('Modification en attente')).toBeNull();
    await db.outbox.clear();
  });

  it('shows the empty state without the new-book button', async () => {
    homeServer();
    renderApp('/');
    await screen.findByRole('heading', { level: 2, name: 'Commencez votre première histoire' });
    expect(screen.getByRole('button', { name: 'Créer ma première histoire' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Créer un livre' })).toBeNull();
  });

  it('shows the offline state when nothing is kept on the device', async () => {
    homeServer({ extra: { 'GET /api/v1/conversations': 'network-error' } });
    renderApp('/');
    await screen.findByRole('heading', { level: 2, name: 'Vous êtes hors ligne' });
    expect(screen.getByText('Hors ligne : reconnectez-vous pour voir vos histoires')).toBeTruthy();
  });

  it('offline with chapters kept on the device, lists them with a note', async () => {
    await storeChapterList([conversation({ title: 'Gardé sur l’appareil' })], { complete: true });
    homeServer({ extra: { 'GET /api/v1/conversations': 'network-error' } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Gardé sur l’appareil' });
    expect(
      screen.getByText(/^Hors ligne : voici les histoires gardées sur cet appareil/),
    ).toBeTruthy();
  });

  it('offers to try again after a server error', async () => {
    let fail = true;
    homeServer({
      extra: {
        'GET /api/v1/conversations': () =>
          fail ? errorReply(500) : jsonReply(list([conversation({ title: 'Revenu' })])),
      },
    });
    renderApp('/');
    await screen.findByRole('heading', { name: "Vos histoires n'ont pas pu être chargées" });
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    await screen.findByRole('heading', { name: 'Revenu' });
  });

  it('deletes after confirmation, then reloads the list', async () => {
    const net = homeServer({
      conversations: [conversation({ id: 'c-del', title: 'À effacer' }), conversation()],
    });
    renderApp('/');
    const user = userEvent.setup();
    const card = (await screen.findByRole('heading', { name: 'À effacer' })).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Supprimer' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Supprimer «\u00a0À effacer\u00a0»\u202f?',
    });
    expect(within(dialog).getByText('Voulez-vous vraiment supprimer ce chapitre ?')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Annuler' }));
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(net.callsTo('DELETE /api/v1/conversations/c-del')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Supprimer' }));
    const listCalls = net.callsTo('GET /api/v1/conversations').length;
    await user.click(screen.getByRole('button', { name: 'Oui, supprimer' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'À effacer' })).toBeNull());
    expect(net.callsTo('DELETE /api/v1/conversations/c-del')).toHaveLength(1);
    expect(net.callsTo('GET /api/v1/conversations').length).toBeGreaterThan(listCalls);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement?.id).toBe('chapters-list-heading');
  });

  it('keeps the dialog open and says so when the deletion fails', async () => {
    homeServer({
      conversations: [conversation({ id: 'c-del', title: 'À effacer' })],
      extra: { 'DELETE /api/v1/conversations/c-del': errorReply(500) },
    });
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    await user.click(screen.getByRole('button', { name: 'Oui, supprimer' }));
    const dialog = screen.getByRole('alertdialog');
    await within(dialog).findByText(
      "Le chapitre n'a pas pu être supprimé. Réessayez dans un moment.",
    );
    expect(screen.getByRole('heading', { name: 'À effacer' })).toBeTruthy();
  });
});

describe('new chapter', () => {
  it('creates the chapter and opens its chat', async () => {
    const net = homeServer({ conversations: [conversation()] });
    const { router } = renderApp('/');
    await listPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Nouveau chapitre' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/new-1/chat'));
    const post = net.callsTo('POST /api/v1/conversations')[0];
    expect(post.query.has('conv_author')).toBe(false);
    expect(post.body).toBeNull();
  });

  it('from the empty state too', async () => {
    homeServer();
    const { router } = renderApp('/');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Créer ma première histoire' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/new-1/chat'));
  });

  it('opens the premium modal instead when no free chapter is left (no request)', async () => {
    const net = homeServer({
      conversations: [conversation()],
      premium: jsonReply(premium({ free_chapters_allowed: 0 })),
    });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nouveau chapitre' }));
    const dialog = await screen.findByRole('dialog', { name: "Passez à l'offre complète" });
    expect(within(dialog).getByText(/Vous avez utilisé tous vos chapitres gratuits/)).toBeTruthy();
    // Said once, not repeated under the message.
    expect(within(dialog).queryByText("Vous n'avez plus de chapitre gratuit.")).toBeNull();
    expect(
      within(dialog).getByRole('link', { name: 'Découvrir les offres' }).getAttribute('href'),
    ).toBe('/subscription');
    expect(net.callsTo('POST /api/v1/conversations')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('creates while free chapters are left, without full access', async () => {
    const net = homeServer({
      conversations: [conversation()],
      premium: jsonReply(premium({ free_chapters_allowed: 1 })),
    });
    const { router } = renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Nouveau chapitre' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/new-1/chat'));
    expect(net.callsTo('POST /api/v1/conversations')).toHaveLength(1);
  });

  it('opens the premium modal on a 402 quota_exceeded from the server', async () => {
    homeServer({
      conversations: [conversation()],
      premium: jsonReply(premium({ free_chapters_allowed: 2 })),
      extra: {
        'POST /api/v1/conversations': errorReply(402, [
          { type: 'quota_exceeded', msg: 'Plus de chapitre gratuit' },
        ]),
      },
    });
    const { router } = renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Nouveau chapitre' }));
    const dialog = await screen.findByRole('dialog', { name: "Passez à l'offre complète" });
    expect(within(dialog).getByText(/Vous avez utilisé tous vos chapitres gratuits/)).toBeTruthy();
    // Said once, not repeated under the message.
    expect(within(dialog).queryByText("Vous n'avez plus de chapitre gratuit.")).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('uses /users/me for the free chapters when the server has no /premium-status', async () => {
    const net = homeServer({
      user: { free_chapters_allowed: 0 },
      conversations: [conversation()],
      premium: errorReply(404),
    });
    renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Nouveau chapitre' }));
    await screen.findByRole('dialog', { name: "Passez à l'offre complète" });
    expect(net.callsTo('POST /api/v1/conversations')).toHaveLength(0);
  });
});

describe('author modal (multi-users)', () => {
  it('asks for the author: continue disabled while empty, required message, Enter submits', async () => {
    const net = homeServer({
      user: { account_type: 'multi-users' },
      conversations: [conversation()],
    });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nouveau chapitre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Qui raconte cette histoire\u202f?' });
    const input = within(dialog).getByRole('textbox', { name: "Nom de l'auteur" });
    const submit = within(dialog).getByRole('button', { name: 'Continuer' }) as HTMLButtonElement;
    expect(document.activeElement).toBe(input);
    expect(submit.disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText("Le nom de l'auteur est requis")).toBeTruthy();
    await user.type(input, '   ');
    expect(submit.disabled).toBe(true);
    expect(net.callsTo('POST /api/v1/conversations')).toHaveLength(0);
    await user.type(input, ' Mamie Rose {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/new-1/chat'));
    expect(net.callsTo('POST /api/v1/conversations')[0].query.get('conv_author')).toBe(
      'Mamie Rose',
    );
  });

  it('cancel closes it without creating anything', async () => {
    const net = homeServer({
      user: { account_type: 'multi-users' },
      conversations: [conversation()],
    });
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nouveau chapitre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Qui raconte cette histoire\u202f?' });
    await user.type(within(dialog).getByRole('textbox'), 'Papi');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(net.callsTo('POST /api/v1/conversations')).toHaveLength(0);
  });

  it('is skipped for the premium modal when the quota is spent', async () => {
    homeServer({
      user: { account_type: 'multi-users' },
      conversations: [conversation()],
      premium: jsonReply(premium({ free_chapters_allowed: 0 })),
    });
    renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Nouveau chapitre' }));
    await screen.findByRole('dialog', { name: "Passez à l'offre complète" });
    expect(screen.queryByRole('dialog', { name: 'Qui raconte cette histoire ?' })).toBeNull();
  });
});

describe('new book', () => {
  const fourChapters = () => [conversation(), conversation(), conversation(), conversation()];

  it('is offered from 4 chapters; before, a line says how many more are needed', async () => {
    homeServer({ conversations: [conversation(), conversation(), conversation()] });
    renderApp('/');
    await screen.findByText(
      'Un livre réunit au moins 4 chapitres : encore 1 chapitre à raconter avant de pouvoir le créer.',
    );
    expect(screen.queryByRole('button', { name: 'Créer un livre' })).toBeNull();
  });

  it('says a book needs full access and 4 chapters to someone on free chapters (issue 35)', async () => {
    homeServer({
      conversations: [conversation(), conversation()],
      premium: jsonReply(premium({ free_chapters_allowed: 1 })),
    });
    renderApp('/');
    await screen.findByText(
      "Un livre demande l'offre complète et au moins 4 chapitres : encore 2 chapitres à raconter.",
    );
  });

  it('says a book needs full access once 4 chapters are there without it', async () => {
    homeServer({
      conversations: fourChapters(),
      premium: jsonReply(premium({ free_chapters_allowed: 0 })),
    });
    renderApp('/');
    await screen.findByText(
      "Un livre demande l'offre complète : les chapitres gratuits servent à essayer.",
    );
  });

  it('goes to the book wizard with full access', async () => {
    homeServer({ conversations: fourChapters() });
    const { router } = renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Créer un livre' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/book/create'));
  });

  it('opens the premium modal without full access, with the free chapters left', async () => {
    homeServer({
      conversations: fourChapters(),
      premium: jsonReply(premium({ free_chapters_allowed: 1 })),
    });
    const { router } = renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Créer un livre' }));
    const dialog = await screen.findByRole('dialog', { name: "Passez à l'offre complète" });
    expect(
      within(dialog).getByText(
        /La création d'un livre est réservée à l'offre complète, et un livre réunit au moins 4 chapitres/,
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Il vous reste 1 chapitre gratuit.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('says the plural when several free chapters are left', async () => {
    homeServer({
      conversations: fourChapters(),
      premium: jsonReply(premium({ free_chapters_allowed: 2 })),
    });
    renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Créer un livre' }));
    await screen.findByText('Il vous reste 2 chapitres gratuits.');
  });
});

describe('in English', () => {
  it('says the free chapters left with English plurals', async () => {
    await setLanguage('en', { remember: false });
    homeServer({
      conversations: [conversation(), conversation(), conversation(), conversation()],
      premium: jsonReply(premium({ free_chapters_allowed: 1 })),
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'My stories' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create a book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to full access' });
    expect(within(dialog).getByText('You have 1 free chapter left.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Later' })).toBeTruthy();
  });
});

describe('subscription banner', () => {
  it('appears 3 s after the list loads without full access, and closes', async () => {
    homeServer({
      conversations: [conversation()],
      premium: jsonReply(premium({ free_chapters_allowed: 2 })),
      books: jsonReply(list([book('ongoing')])),
    });
    renderApp('/');
    await screen.findAllByRole('article');
    const loadedAt = Date.now();
    const banner = await screen.findByRole('region', { name: 'Offre complète' }, { timeout: 5000 });
    expect(Date.now() - loadedAt).toBeGreaterThanOrEqual(2800);
    expect(within(banner).getByText(/Il vous reste 2 chapitres gratuits/)).toBeTruthy();
    expect(within(banner).getByText(/en faire un livre \(au moins 4 chapitres\)/)).toBeTruthy();
    // In the shell's bottom dock, whose height the page keeps clear: never over « Nouveau chapitre ».
    expect(banner.closest('[data-bottom-dock]')).not.toBeNull();
    expect(within(banner).getByRole('link', { name: 'Voir les offres' }).getAttribute('href')).toBe(
      '/subscription',
    );
    await userEvent
      .setup()
      .click(within(banner).getByRole('button', { name: 'Fermer ce message' }));
    expect(screen.queryByRole('region', { name: 'Offre complète' })).toBeNull();
  });

  it('never appears with full access', async () => {
    homeServer({ conversations: [conversation()] });
    renderApp('/');
    await screen.findAllByRole('article');
    await new Promise((resolve) => setTimeout(resolve, 3300));
    expect(screen.queryByRole('region', { name: 'Offre complète' })).toBeNull();
  });
});

describe('terms', () => {
  it('asks to accept new terms once the list has loaded', async () => {
    homeServer({ user: { is_cgu_valid: false }, conversations: [conversation()] });
    renderApp('/');
    await screen.findByRole('dialog', { name: 'Nos conditions ont changé' });
  });
});
