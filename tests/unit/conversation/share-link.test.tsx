// Sharing a chapter through its public page: opening the modal only reads whether it is shared (GET
// …/share); the page is made (POST …/share) when she presses « Créer le lien de partage »; every
// link and the text point to it, the link has its own copy button, « Ne plus partager » removes it after
// a confirmation, and without a connection the modal says sharing needs one and makes the link when the
// connection returns.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { BASE, PAGE, chapterServer, chapterWire, clearDevice } from './support';

const PUBLIC_URL = 'https://chapitres.example/s/tok-roanne';
const LINK = { url: PUBLIC_URL, created_at: '2025-03-02T09:00:00.000Z' };

type Reply = ReturnType<typeof jsonReply> | 'network-error';

beforeEach(async () => {
  await resetApp();
  await clearDevice();
  reportNetworkSuccess();
});

function shareServer(
  post: () => Reply = () => jsonReply(LINK),
  remove?: () => Reply,
  get: () => Reply = () => errorReply(404, [{ type: 'not_found', msg: 'Introuvable' }]),
) {
  return chapterServer(chapterWire(), {
    routes: {
      [`GET ${BASE}/share`]: get,
      [`POST ${BASE}/share`]: post,
      [`DELETE ${BASE}/share`]: remove ?? (() => jsonReply({ message: 'Partage arrêté' })),
    },
  });
}

async function openShare({ create = true }: { create?: boolean } = {}) {
  const user = userEvent.setup();
  renderApp(PAGE);
  await user.click(await screen.findByRole('button', { name: 'Partager mon histoire' }));
  const dialog = screen.getByRole('dialog', { name: 'Partager mon histoire' });
  if (create)
    await user.click(
      await within(dialog).findByRole('button', { name: 'Créer le lien de partage' }),
    );
  return { user, dialog };
}

describe('the public link', () => {
  it('is not made by opening the modal: only when she presses « Créer le lien de partage »', async () => {
    const net = shareServer();
    const { user, dialog } = await openShare({ create: false });
    const create = await within(dialog).findByRole('button', { name: 'Créer le lien de partage' });
    expect(within(dialog).getByText(/Ce chapitre n'est pas encore partagé/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Lien de la page à partager')).toBeNull();
    expect(net.callsTo(`GET ${BASE}/share`)).toHaveLength(1);
    expect(net.callsTo(`POST ${BASE}/share`)).toHaveLength(0);
    // Closing without creating leaves nothing public.
    await user.click(within(dialog).getAllByRole('button', { name: 'Fermer' }).at(-1)!);
    expect(net.callsTo(`POST ${BASE}/share`)).toHaveLength(0);
    await waitFor(() => expect(create.isConnected).toBe(false));
  });

  it('says the page cannot name the author while her name is unknown, and where to give it', async () => {
    chapterServer(chapterWire(), {
      user: { full_name: '' },
      routes: { [`GET ${BASE}/share`]: errorReply(404, [{ type: 'not_found', msg: 'x' }]) },
    });
    const { dialog } = await openShare({ create: false });
    expect(await within(dialog).findByText(/Votre nom n'est pas encore renseigné/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Ajouter mon nom' }).getAttribute('href')).toBe(
      '/profile',
    );
  });

  it('says nothing of the name when it is known', async () => {
    shareServer();
    const { dialog } = await openShare({ create: false });
    await within(dialog).findByRole('button', { name: 'Créer le lien de partage' });
    expect(within(dialog).queryByText(/Votre nom n'est pas encore renseigné/)).toBeNull();
  });

  it('shows the link at once when the chapter is already shared, without making another', async () => {
    const net = shareServer(undefined, undefined, () => jsonReply(LINK));
    const { dialog } = await openShare({ create: false });
    const link = (await within(dialog).findByLabelText(
      'Lien de la page à partager',
    )) as HTMLInputElement;
    expect(link.value).toBe(PUBLIC_URL);
    expect(net.callsTo(`POST ${BASE}/share`)).toHaveLength(0);
  });

  it('is made when she asks for it and used by the text and every channel', async () => {
    const net = shareServer();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, dialog } = await openShare();
    const link = (await within(dialog).findByLabelText(
      'Lien de la page à partager',
    )) as HTMLInputElement;
    expect(link.value).toBe(PUBLIC_URL);
    expect(net.callsTo(`POST ${BASE}/share`)).toHaveLength(1);

    const text = within(dialog).getByLabelText('Texte à partager') as HTMLTextAreaElement;
    expect(text.value).toContain(`Découvrez mon histoire sur Chapitres\u00a0: ${PUBLIC_URL}`);
    expect(text.value).not.toContain(window.location.origin);

    const encoded = encodeURIComponent(PUBLIC_URL);
    const whatsapp = within(dialog)
      .getByRole('link', { name: /WhatsApp/ })
      .getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(whatsapp).toContain(encoded);
    const email = within(dialog).getByRole('link', { name: 'Envoyer par e-mail' });
    expect(email.getAttribute('href')).toMatch(/^mailto:\?subject=La%20maison%20de%20Roanne&body=/);
    expect(email.getAttribute('href')).toContain(encoded);
    expect(
      within(dialog)
        .getByRole('link', { name: /X \(Twitter\)/ })
        .getAttribute('href'),
    ).toContain(encoded);
    await user.click(within(dialog).getByRole('button', { name: /Partager sur Facebook/ }));
    expect(open.mock.calls[0]![0]).toContain(`sharer.php?u=${encoded}`);
    expect(
      within(dialog)
        .getByRole('link', { name: /Voir la page/ })
        .getAttribute('href'),
    ).toBe(PUBLIC_URL);
    open.mockRestore();
  });

  it('makes a link given from the root a full address, and copies it', async () => {
    shareServer(() => jsonReply({ ...LINK, url: '/s/tok-roanne' }));
    const { user, dialog } = await openShare();
    // After userEvent.setup(), which puts its own clipboard in place.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const link = (await within(dialog).findByTestId('share-link-url')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/s/tok-roanne`);
    await user.click(within(dialog).getByRole('button', { name: 'Copier le lien' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/s/tok-roanne`);
    expect(await screen.findByText('Lien copié dans le presse-papiers !')).toBeTruthy();
  });

  it('says what failed and tries again on request', async () => {
    let reply: Reply = errorReply(500);
    const net = shareServer(() => reply);
    const { user, dialog } = await openShare();
    expect(
      await within(dialog).findByText(
        "Le lien de partage n'a pas pu être créé. Réessayez dans un instant.",
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByLabelText('Texte à partager')).toBeNull();
    reply = jsonReply(LINK);
    await user.click(within(dialog).getByRole('button', { name: 'Réessayer' }));
    expect(await within(dialog).findByLabelText('Texte à partager')).toBeTruthy();
    expect(net.callsTo(`POST ${BASE}/share`)).toHaveLength(2);
  });

  it('needs a connection, and makes the link when the connection returns', async () => {
    let reply: Reply = 'network-error';
    const net = shareServer(() => reply);
    const { dialog } = await openShare();
    expect(
      await within(dialog).findByText(/Pour partager, il faut une connexion à internet/),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    reply = jsonReply(LINK);
    reportNetworkSuccess();
    expect(await within(dialog).findByRole('link', { name: /WhatsApp/ })).toBeTruthy();
    expect(net.callsTo(`POST ${BASE}/share`)).toHaveLength(2);
  });

  it('says sharing needs a connection when opened offline, without asking', async () => {
    // Opened offline: neither read nor made; the button to create comes with the connection.
    const net = shareServer();
    const user = userEvent.setup();
    renderApp(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'La maison de Roanne' });
    reportNetworkFailure();
    await user.click(await screen.findByRole('button', { name: 'Partager mon histoire' }));
    const dialog = screen.getByRole('dialog', { name: 'Partager mon histoire' });
    expect(
      within(dialog).getByText(/Pour partager, il faut une connexion à internet/),
    ).toBeTruthy();
    expect(net.callsTo(`POST ${BASE}/share`)).toHaveLength(0);
  });
});

describe('stopping sharing', () => {
  it('asks first, removes the page, says it is no longer visible, and can share again', async () => {
    const net = shareServer();
    const { user, dialog } = await openShare();
    await user.click(await within(dialog).findByRole('button', { name: 'Ne plus partager' }));
    const confirm = within(dialog).getByTestId('share-stop-confirm');
    expect(within(confirm).getByText('Ne plus partager ce chapitre ?')).toBeTruthy();
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(net.callsTo(`DELETE ${BASE}/share`)).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Oui, ne plus partager' }));
    expect(
      await within(dialog).findByText(
        "Ce chapitre n'est plus partagé : sa page n'est plus visible.",
      ),
    ).toBeTruthy();
    expect(net.callsTo(`DELETE ${BASE}/share`)).toHaveLength(1);
    expect(within(dialog).queryByLabelText('Lien de la page à partager')).toBeNull();
    expect(within(dialog).queryByRole('link', { name: /WhatsApp/ })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Partager à nouveau' }));
    expect(await within(dialog).findByLabelText('Lien de la page à partager')).toBeTruthy();
    expect(net.callsTo(`POST ${BASE}/share`)).toHaveLength(2);
  });

  it('keeps the page when the confirmation is cancelled', async () => {
    const net = shareServer();
    const { user, dialog } = await openShare();
    const stop = await within(dialog).findByRole('button', { name: 'Ne plus partager' });
    await user.click(stop);
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Ne plus partager' }),
      ),
    );
    expect(within(dialog).getByLabelText('Lien de la page à partager')).toBeTruthy();
    expect(net.callsTo(`DELETE ${BASE}/share`)).toHaveLength(0);
  });

  it('says when the page could not be removed, and keeps the link', async () => {
    shareServer(undefined, () => errorReply(500));
    const { user, dialog } = await openShare();
    await user.click(await within(dialog).findByRole('button', { name: 'Ne plus partager' }));
    await user.click(within(dialog).getByRole('button', { name: 'Oui, ne plus partager' }));
    expect(
      await within(dialog).findByText(
        "Le partage n'a pas pu être arrêté. Réessayez dans un instant.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Lien de la page à partager')).toBeTruthy();
  });

  it('counts a page already gone (404) as stopped', async () => {
    shareServer(undefined, () => errorReply(404, [{ type: 'not_found', msg: 'Introuvable' }]));
    const { user, dialog } = await openShare();
    await user.click(await within(dialog).findByRole('button', { name: 'Ne plus partager' }));
    await user.click(within(dialog).getByRole('button', { name: 'Oui, ne plus partager' }));
    expect(
      await within(dialog).findByText(
        "Ce chapitre n'est plus partagé : sa page n'est plus visible.",
      ),
    ).toBeTruthy();
  });
});

describe('focus', () => {
  it('stays in the dialog when the link arrives', async () => {
    shareServer();
    const { dialog } = await openShare();
    await within(dialog).findByLabelText('Lien de la page à partager');
    expect(document.activeElement).not.toBe(document.body);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});
