// The image manager: the grid in order with its badges and counter, the empty state, reordering by the
// buttons (queued in the outbox), legends (queued), adding with the type check, preview and progress,
// the five-picture limit (before sending and on a 409), deleting with confirmation, replacing (and its
// half-done case), keyboard dragging, offline, the broken picture, the missing chapter.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { storeChapter } from '../../../src/offline/stored-chapters';
import { jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { FakeXhr } from './support/fake-xhr';
import { BASE, ID, chapter, imagesServer, picture } from './support/images-server';

const PAGE = `/conversations/${ID}/images`;

beforeEach(async () => {
  await resetApp();
  await Promise.all(db.tables.map((table) => table.clear()));
  reportNetworkSuccess();
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function cards() {
  return screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-image-id'));
}

async function ops() {
  return db.outbox.where('[entity+entityId]').equals(['chapter', ID]).toArray();
}

describe('the image manager', () => {
  it('shows the pictures in order with their badges, the main one marked, and the counter', async () => {
    imagesServer({ images: [picture(2, 2, 'Le jardin'), picture(1, 1), picture(3, 3)] });
    renderApp(PAGE);
    expect(await screen.findByText('3/5 images')).toBeTruthy();
    expect(cards().map((card) => card.getAttribute('data-image-id'))).toEqual([
      'img-1',
      'img-2',
      'img-3',
    ]);
    expect(screen.getByRole('heading', { name: /^Image 1\s: l'image principale/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Le jardin' })).toBeTruthy();
    expect(cards().map((card) => card.querySelector('[data-position-badge]')?.textContent)).toEqual(
      ['1', '2', '3'],
    );
    expect(screen.getByRole('link', { name: 'Retour au chapitre' }).getAttribute('href')).toBe(
      `/conversations/${ID}`,
    );
    const first = cards()[0]!;
    expect(
      within(first)
        .getByRole('button', { name: /^Mettre avant/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('shows each picture whole (a portrait photo is not cropped to landscape)', async () => {
    imagesServer({ images: [picture(1, 1, 'Maman en 1950')] });
    renderApp(PAGE);
    const img = await screen.findByRole('img', { name: 'Maman en 1950' });
    expect(img.className).toContain('object-contain');
    expect(img.className).not.toContain('object-cover');
  });

  it('offers to draw again only the pictures the illustrator drew, never her photos', async () => {
    imagesServer({
      images: [picture(1, 1, 'Maman en 1950', 'photo'), picture(2, 2, null, 'illustration')],
    });
    renderApp(PAGE);
    await screen.findByText('2/5 images');
    expect(
      within(cards()[0]!).queryByRole('button', { name: /^Nouvelle illustration/ }),
    ).toBeNull();
    expect(within(cards()[0]!).getByRole('button', { name: /^Supprimer/ })).toBeTruthy();
    expect(
      within(cards()[1]!).getByRole('button', { name: /^Nouvelle illustration/ }),
    ).toBeTruthy();
  });

  it('shows the empty state', async () => {
    imagesServer();
    renderApp(PAGE);
    expect(await screen.findByText("Ce chapitre n'a pas encore d'image")).toBeTruthy();
    expect(screen.getByText('0/5 images')).toBeTruthy();
  });

  it('moves a picture with the buttons and queues the new order', async () => {
    const user = userEvent.setup();
    imagesServer({ images: [picture(1, 1), picture(2, 2), picture(3, 3)] });
    renderApp(PAGE);
    await screen.findByText('3/5 images');
    await user.click(within(cards()[0]!).getByRole('button', { name: /^Mettre après/ }));
    await waitFor(() =>
      expect(cards().map((card) => card.getAttribute('data-image-id'))).toEqual([
        'img-2',
        'img-1',
        'img-3',
      ]),
    );
    const [op] = await ops();
    expect(op).toMatchObject({
      field: 'image-order',
      payload: { value: ['img-2', 'img-1', 'img-3'], base: ['img-1', 'img-2', 'img-3'] },
    });
  });

  it('keeps the focus on the moved picture, on its other button at an end, and announces its place', async () => {
    const user = userEvent.setup();
    imagesServer({ images: [picture(1, 1), picture(2, 2), picture(3, 3)] });
    renderApp(PAGE);
    await screen.findByText('3/5 images');
    within(cards()[1]!)
      .getByRole('button', { name: /^Mettre avant/ })
      .focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(cards().map((card) => card.getAttribute('data-image-id'))).toEqual([
        'img-2',
        'img-1',
        'img-3',
      ]),
    );
    // First now: "move before" does nothing there, so focus is on its "move after".
    const moved = cards()[0]!;
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(moved).getByRole('button', { name: /^Mettre après/ }),
      ),
    );
    expect(screen.getByText('Image 2 déplacée à la place 1 sur 3.').getAttribute('aria-live')).toBe(
      'polite',
    );

    // Moving it one place later keeps the focus on the same button, in its new place.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cards()[1]!.getAttribute('data-image-id')).toBe('img-2'));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(cards()[1]!).getByRole('button', { name: /^Mettre après/ }),
      ),
    );
    expect(screen.getByText('Image 1 déplacée à la place 2 sur 3.')).toBeTruthy();
  });

  it('saves a legend through the outbox', async () => {
    const user = userEvent.setup();
    imagesServer({ images: [picture(1, 1)] });
    renderApp(PAGE);
    const field = await screen.findByLabelText("Légende de l'image 1");
    await user.type(field, 'La gare de Roanne');
    await user.click(screen.getByRole('button', { name: /^Enregistrer la légende/ }));
    await waitFor(async () =>
      expect(
        (await ops()).map((op) => [op.field, (op.payload as { value: string }).value]),
      ).toEqual([['legend:img-1', 'La gare de Roanne']]),
    );
  });

  it('refuses a file that is not a photo before anything is sent', async () => {
    const user = userEvent.setup({ applyAccept: false });
    imagesServer({ images: [picture(1, 1)] });
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Ajouter une photo' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter une photo' });
    await user.upload(
      within(dialog).getByLabelText('Choisir une photo'),
      new File(['%PDF-1.4'], 'lettre.pdf', { type: 'application/pdf' }),
    );
    expect(within(dialog).getByText(/Ce type de fichier n'est pas accepté/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Envoyer la photo' })).toBeNull();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('previews a photo, shows the progress and adds it', async () => {
    const user = userEvent.setup();
    const { state } = imagesServer({ images: [picture(1, 1)] });
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Ajouter une photo' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter une photo' });
    await user.upload(
      within(dialog).getByLabelText('Choisir une photo'),
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'maison.jpg', { type: 'image/jpeg' }),
    );
    expect(within(dialog).getByRole('img', { name: 'Aperçu de la photo choisie' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la photo' }));
    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${BASE}/images`);
    expect((xhr.body!.get('file') as File).name).toBe('maison.jpg');
    xhr.progress(50, 100);
    expect(await within(dialog).findByText('Envoi de la photo : 50 %')).toBeTruthy();
    state.images.push({ id: 'img-9', url: '/files/img-9.jpg', legend: null, position: 2 });
    xhr.respond(201, { ...state.images[1], thumbnail_url: '/files/t.jpg' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('2/5 images')).toBeTruthy();
  });

  it('opens the limit dialog at five pictures without sending anything', async () => {
    const user = userEvent.setup();
    imagesServer({ images: [1, 2, 3, 4, 5].map((n) => picture(n, n)) });
    renderApp(PAGE);
    await screen.findByText('5/5 images');
    await user.click(screen.getByRole('button', { name: 'Ajouter une photo' }));
    expect(screen.getByRole('dialog', { name: '5 images au maximum' })).toBeTruthy();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('opens the limit dialog instead of asking for an illustration or a replacement at five', async () => {
    const user = userEvent.setup();
    const { net } = imagesServer({ images: [1, 2, 3, 4, 5].map((n) => picture(n, n)) });
    renderApp(PAGE);
    await screen.findByText('5/5 images');
    await user.click(screen.getByRole('button', { name: 'Demander une illustration' }));
    const dialog = screen.getByRole('dialog', { name: '5 images au maximum' });
    expect(within(dialog).getByText(/Pour en ajouter une autre/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: "J'ai compris" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(cards()[2]!).getByRole('button', { name: /^Nouvelle illustration/ }));
    expect(
      within(screen.getByRole('dialog', { name: '5 images au maximum' })).getByText(
        /il faut une place libre/,
      ),
    ).toBeTruthy();
    expect(net.callsTo(`POST ${BASE}/images`)).toHaveLength(0);
  });

  it('opens the limit dialog when the server answers 409 to an illustration', async () => {
    const user = userEvent.setup();
    imagesServer({
      images: [picture(1, 1)],
      extra: {
        [`POST ${BASE}/images`]: jsonReply(
          { detail: [{ type: 'max_images_reached', msg: 'Cinq images au plus' }] },
          409,
        ),
      },
    });
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Demander une illustration' }));
    expect(await screen.findByRole('dialog', { name: '5 images au maximum' })).toBeTruthy();
  });

  it('opens the limit dialog when the server answers 409', async () => {
    const user = userEvent.setup();
    imagesServer({ images: [picture(1, 1)] });
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Ajouter une photo' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter une photo' });
    await user.upload(
      within(dialog).getByLabelText('Choisir une photo'),
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'maison.jpg', { type: 'image/jpeg' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la photo' }));
    FakeXhr.last().respond(409, {
      detail: [{ type: 'max_images_reached', msg: 'Cinq images au plus' }],
    });
    expect(await screen.findByRole('dialog', { name: '5 images au maximum' })).toBeTruthy();
  });

  it('deletes a picture after asking', async () => {
    const user = userEvent.setup();
    const { net } = imagesServer({ images: [picture(1, 1), picture(2, 2)] });
    renderApp(PAGE);
    await screen.findByText('2/5 images');
    await user.click(within(cards()[1]!).getByRole('button', { name: /^Supprimer/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(
      within(dialog).getByText('Êtes-vous sûr de vouloir supprimer cette image ?'),
    ).toBeTruthy();
    expect(net.callsTo(`DELETE ${BASE}/images/img-2`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: "Oui, supprimer l'image" }));
    expect(await screen.findByText('1/5 images')).toBeTruthy();
    expect(net.callsTo(`DELETE ${BASE}/images/img-2`)).toHaveLength(1);
  });

  it('asks for an illustration', async () => {
    const user = userEvent.setup();
    const { net } = imagesServer({ images: [picture(1, 1)] });
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Demander une illustration' }));
    expect(await screen.findByText('2/5 images')).toBeTruthy();
    expect(net.callsTo(`POST ${BASE}/images`)).toHaveLength(1);
  });

  it('keeps the focus on « Demander une illustration » while it works and once the picture is there', async () => {
    const user = userEvent.setup();
    imagesServer({ images: [picture(1, 1)] });
    renderApp(PAGE);
    const ask = await screen.findByRole('button', { name: 'Demander une illustration' });
    ask.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(ask);
    expect(await screen.findByText('2/5 images')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Demander une illustration' }),
      ),
    );
  });

  it('gives the focus back to the button in its new place after the first illustration', async () => {
    const user = userEvent.setup();
    imagesServer({ images: [] });
    renderApp(PAGE);
    const ask = await screen.findByRole('button', { name: 'Demander une illustration' });
    ask.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('1/5 images')).toBeTruthy();
    const moved = screen.getByRole('button', { name: 'Demander une illustration' });
    expect(moved).not.toBe(ask);
    await waitFor(() => expect(document.activeElement).toBe(moved));
  });

  it('replaces a picture by a new illustration at the same place with its legend', async () => {
    const user = userEvent.setup();
    const { net, state } = imagesServer({
      images: [picture(1, 1, 'Maman'), picture(2, 2)],
    });
    renderApp(PAGE);
    await screen.findByText('2/5 images');
    await user.click(within(cards()[0]!).getByRole('button', { name: /^Nouvelle illustration/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: "Remplacer l'image 1\u202f?" })).getByRole(
        'button',
        {
          name: 'Oui, remplacer',
        },
      ),
    );
    await waitFor(() => expect(net.callsTo(`DELETE ${BASE}/images/img-1`)).toHaveLength(1));
    await waitFor(() =>
      expect(state.images.map((i) => [i.id, i.position, i.legend])).toEqual([
        ['img-101', 1, 'Maman'],
        ['img-2', 2, null],
      ]),
    );
  });

  it('keeps both pictures and says so when the old one cannot be removed after a replacement', async () => {
    const user = userEvent.setup();
    const { state } = imagesServer({
      images: [picture(1, 1), picture(2, 2)],
      extra: { [`DELETE ${BASE}/images/img-1`]: jsonReply({ detail: [] }, 500) },
    });
    renderApp(PAGE);
    await screen.findByText('2/5 images');
    await user.click(within(cards()[0]!).getByRole('button', { name: /^Nouvelle illustration/ }));
    await user.click(screen.getByRole('button', { name: 'Oui, remplacer' }));
    expect(
      await screen.findByText(/La nouvelle illustration a été ajoutée, mais l'ancienne image/),
    ).toBeTruthy();
    expect(await screen.findByText('3/5 images')).toBeTruthy();
    expect(state.images.map((i) => i.id)).toEqual(['img-101', 'img-1', 'img-2']);
  });

  it('moves a picture with the keyboard (dnd-kit) and queues the new order', async () => {
    const user = userEvent.setup();
    imagesServer({ images: [picture(1, 1), picture(2, 2), picture(3, 3)] });
    renderApp(PAGE);
    await screen.findByText('3/5 images');
    // happy-dom has no layout: the cards are laid out in one row, 300 px apart.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const card = this.closest('[data-image-id]');
      const index = card ? cards().indexOf(card as HTMLElement) : -1;
      const left = index < 0 ? 0 : index * 300;
      const width = index < 0 ? 1000 : 280;
      return {
        x: left,
        y: 0,
        left,
        top: 0,
        width,
        height: 400,
        right: left + width,
        bottom: 400,
        toJSON: () => ({}),
      } as DOMRect;
    });
    within(cards()[0]!)
      .getByRole('button', { name: /^Déplacer/ })
      .focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');
    await waitFor(() =>
      expect(cards().map((card) => card.getAttribute('data-image-id'))).toEqual([
        'img-2',
        'img-1',
        'img-3',
      ]),
    );
    const [op] = await ops();
    expect(op).toMatchObject({
      field: 'image-order',
      payload: { value: ['img-2', 'img-1', 'img-3'] },
    });
  });

  it('offline, shows the stored pictures and keeps only order and legends available', async () => {
    await storeChapter(chapter([picture(1, 1), picture(2, 2)]));
    imagesServer({
      extra: { [`GET ${BASE}`]: 'network-error', 'GET /api/v1/users/me': 'network-error' },
    });
    reportNetworkFailure();
    renderApp(PAGE);
    expect(await screen.findByText('2/5 images')).toBeTruthy();
    expect(
      screen.getByText(/Vous pouvez changer l'ordre des images et leurs légendes/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter une photo' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(cards()[0]!).getByRole('button', { name: /^Supprimer/ })).toHaveProperty(
      'disabled',
      true,
    );
    for (const name of [/^Demander une illustration/, /^Ajouter une photo/]) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveProperty('disabled', true);
      const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
      expect(hint?.textContent).toMatch(/il faut être connecté à Internet/);
    }
    for (const name of [/^Nouvelle illustration/, /^Supprimer/]) {
      const button = within(cards()[1]!).getByRole('button', { name });
      expect(button).toHaveProperty('disabled', true);
      expect(button.getAttribute('aria-describedby')).toBeTruthy();
    }
    expect(within(cards()[0]!).getByRole('button', { name: /^Mettre après/ })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.getByLabelText("Légende de l'image 1")).toHaveProperty('disabled', false);
  });

  it('shows what the server holds once the connection comes back', async () => {
    await storeChapter(chapter([picture(1, 1), picture(2, 2)]));
    let reachable = false;
    imagesServer({
      images: [picture(1, 1), picture(2, 2), picture(3, 3)],
      extra: {
        [`GET ${BASE}`]: () =>
          reachable
            ? jsonReply(chapter([picture(1, 1), picture(2, 2), picture(3, 3)]))
            : 'network-error',
        'GET /api/v1/users/me': 'network-error',
      },
    });
    reportNetworkFailure();
    renderApp(PAGE);
    expect(await screen.findByText('2/5 images')).toBeTruthy();
    reachable = true;
    reportNetworkSuccess();
    expect(await screen.findByText('3/5 images')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter une photo' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('replaces a picture that fails to load by the default one and says so', async () => {
    imagesServer({ images: [picture(1, 1)] });
    renderApp(PAGE);
    const image = await screen.findByRole('img', { name: /Image 1 du chapitre/ });
    image.dispatchEvent(new Event('error'));
    await waitFor(() => expect(image.getAttribute('src')).toBe('/images/default-image.svg'));
    expect(await screen.findByText("Impossible de charger l'image")).toBeTruthy();
  });

  it('says when the chapter does not exist, asking only once', async () => {
    const { net } = imagesServer({
      extra: {
        [`GET ${BASE}`]: jsonReply({ detail: [{ type: 'not_found', msg: 'Introuvable' }] }, 404),
      },
    });
    renderApp(PAGE);
    expect(await screen.findByText('Ce chapitre est introuvable')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(net.callsTo(`GET ${BASE}`)).toHaveLength(1);
  });
});
