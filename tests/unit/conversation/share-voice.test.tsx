// The voice kept (issue 20) — « Ajouter ma voix » in the share modal: offered only when answers of the
// chapter were kept with their sound, off by default, sent to the server (PATCH …/share) and shown at once;
// the page's description says the voice is on it; a refusal or a lost connection puts the box back and
// says so.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { BASE, PAGE, chapterServer, chapterWire, clearDevice, deferred } from './support';

const PUBLIC_URL = 'https://chapitres.example/s/tok-roanne';
const LINK = {
  url: PUBLIC_URL,
  created_at: '2025-03-02T09:00:00.000Z',
  include_voice: false,
  recording_count: 3,
};

type Reply = ReturnType<typeof jsonReply> | 'network-error';

beforeEach(async () => {
  await resetApp();
  await clearDevice();
  reportNetworkSuccess();
});

function shareServer(
  link: Record<string, unknown> = LINK,
  patch: (body: { include_voice: boolean }) => Reply | Promise<Reply> = (body) =>
    jsonReply({ ...link, ...body }),
) {
  return chapterServer(chapterWire(), {
    routes: {
      [`GET ${BASE}/share`]: () => errorReply(404, [{ type: 'not_found', msg: 'Introuvable' }]),
      [`POST ${BASE}/share`]: () => jsonReply(link),
      [`PATCH ${BASE}/share`]: (call) => patch(JSON.parse(call.body!)),
    },
  });
}

async function openShare() {
  const user = userEvent.setup();
  renderApp(PAGE);
  await user.click(await screen.findByRole('button', { name: 'Partager mon histoire' }));
  const dialog = screen.getByRole('dialog', { name: 'Partager mon histoire' });
  await user.click(await within(dialog).findByRole('button', { name: 'Créer le lien de partage' }));
  await within(dialog).findByLabelText('Lien de la page à partager');
  return { user, dialog };
}

const voiceBox = (dialog: HTMLElement) =>
  within(dialog).getByRole('checkbox', { name: /Ajouter ma voix/ }) as HTMLInputElement;

describe('the voice on the shared page', () => {
  it('is offered, off, when answers were kept with their sound, and sent when chosen', async () => {
    const net = shareServer();
    const { user, dialog } = await openShare();
    const box = voiceBox(dialog);
    expect(box.checked).toBe(false);
    expect(
      within(dialog).getByText(
        'Vos 3 réponses enregistrées pourront être écoutées sur la page, chacune sous sa question.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/le titre, une photo, le texte et l'auteur, rien d'autre/));
    expect(net.callsTo(`PATCH ${BASE}/share`)).toHaveLength(0);

    await user.click(box);
    expect(box.checked).toBe(true);
    const [call] = net.callsTo(`PATCH ${BASE}/share`);
    expect(JSON.parse(call!.body!)).toEqual({ include_voice: true });
    expect(call!.headers.get('Content-Type')).toBe('application/json');
    expect(await within(dialog).findByText('Votre voix est ajoutée à la page.')).toBeTruthy();
    // The page's description says the voice is there, and still that it is not indexed.
    expect(
      within(dialog).getByText(
        /l'auteur et vos réponses enregistrées avec votre voix, rien d'autre/,
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/La page n'apparaît pas dans les moteurs de recherche/));

    // By keyboard, the voice leaves the page again.
    box.focus();
    await user.keyboard(' ');
    expect(box.checked).toBe(false);
    expect(JSON.parse(net.callsTo(`PATCH ${BASE}/share`)[1]!.body!)).toEqual({
      include_voice: false,
    });
    expect(await within(dialog).findByText("Votre voix n'est plus sur la page.")).toBeTruthy();
  });

  it('shows the choice already made on the link', async () => {
    shareServer({ ...LINK, include_voice: true, recording_count: 1 });
    const { dialog } = await openShare();
    expect(voiceBox(dialog).checked).toBe(true);
    expect(
      within(dialog).getByText(
        'Votre réponse enregistrée pourra être écoutée sur la page, sous sa question.',
      ),
    ).toBeTruthy();
  });

  it('is not offered when no answer was kept with its sound', async () => {
    shareServer({ ...LINK, recording_count: 0 });
    const { dialog } = await openShare();
    expect(within(dialog).queryByRole('checkbox', { name: /Ajouter ma voix/ })).toBeNull();
  });

  it('is not offered by a server that does not know the voice', async () => {
    shareServer({ url: PUBLIC_URL, created_at: LINK.created_at });
    const { dialog } = await openShare();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  it('takes one choice at a time, and puts the box back with a plain message on failure', async () => {
    const answer = deferred<Reply>();
    const net = shareServer(LINK, () => answer.promise);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, dialog } = await openShare();
    const box = voiceBox(dialog);
    await user.click(box);
    expect(box.checked).toBe(true);
    // A second press while the first is on its way changes nothing.
    await user.click(box);
    expect(box.checked).toBe(true);
    expect(net.callsTo(`PATCH ${BASE}/share`)).toHaveLength(1);
    await act(async () => answer.resolve(errorReply(500)));
    await waitFor(() => expect(box.checked).toBe(false));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Ce choix n'a pas pu être enregistré. Réessayez dans un instant.",
    );
  });

  it('says a connection is needed when there is none', async () => {
    shareServer(LINK, () => 'network-error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, dialog } = await openShare();
    const box = voiceBox(dialog);
    await user.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Pour changer ce choix, il faut une connexion à internet. Réessayez dès le retour de la connexion.',
    );
  });
});
