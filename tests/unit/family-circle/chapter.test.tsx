// /circles/:storytellerId/chapters/:id: her text, her pictures with captions and « photo de Marie »,
// the family's words with one's own deletable, « Laisser un mot » (sent once, or waiting offline), a
// contributor's « Ajouter une photo », and a 404 told apart: removed from the circle or taken back.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { replayOutbox } from '../../../src/offline/outbox';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import { CHAPTER_ID, STORYTELLER_ID, chapter, list, membership, summaries } from './fixtures';

const chapterPath = `/api/v1/circles/${STORYTELLER_ID}/chapters/${CHAPTER_ID}`;
const url = `/circles/${STORYTELLER_ID}/chapters/${CHAPTER_ID}`;

beforeEach(async () => {
  await resetApp();
  await db.outbox.clear();
  reportNetworkSuccess();
  signInAs();
});

function chapterServer(
  options: {
    role?: 'reader' | 'contributor';
    chapter?: ReturnType<typeof jsonReply>;
    list?: ReturnType<typeof jsonReply>;
  } = {},
) {
  let words = chapter().words;
  return mockFetch({
    'GET /healthz': 'network-error',
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /api/v1/circles': jsonReply(list([membership({ role: options.role ?? 'reader' })])),
    [`GET ${chapterPath}`]: () => options.chapter ?? jsonReply(chapter({ words })),
    [`GET /api/v1/circles/${STORYTELLER_ID}/chapters`]: options.list ?? jsonReply(list(summaries)),
    [`POST ${chapterPath}/words`]: (call) => {
      const word = {
        id: '5d0c5f1e-0000-4000-8000-00000000w003',
        author_name: 'Marie',
        text: JSON.parse(call.body!).text as string,
        created_at: '2026-10-13T10:00:00Z',
        hidden: false,
        printed: false,
        mine: true,
      };
      words = [...words, word];
      return jsonReply(word, 201);
    },
    [`DELETE ${chapterPath}/words/5d0c5f1e-0000-4000-8000-00000000w002`]: { status: 204 },
  });
}

describe('reading a shared chapter', () => {
  it('shows her text, the pictures with their captions and credits, and the words', async () => {
    chapterServer();
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Le bal de 1962' })).toBeTruthy();
    expect(screen.getByText("Pierre m'a invitée à danser.")).toBeTruthy();
    expect(screen.getByAltText('Maman dans sa robe bleue')).toBeTruthy();
    expect(screen.getByText('photo de Marie')).toBeTruthy();
    // Her own picture carries no credit.
    expect(screen.getAllByText(/^photo de/)).toHaveLength(1);
    const words = screen.getByRole('region', { name: 'Les mots de la famille' });
    expect(
      within(words).getByText('Merci Mamie, je ne connaissais pas cette histoire.'),
    ).toBeTruthy();
    // Only one's own word can be deleted.
    expect(within(words).getAllByRole('button', { name: 'Supprimer mon mot' })).toHaveLength(1);
    // A reader offers no photo.
    expect(screen.queryByRole('heading', { name: 'Ajouter une photo' })).toBeNull();
  });

  it('leaves a word, sent once with an Idempotency-Key, then shown under the chapter', async () => {
    const net = chapterServer();
    renderApp(url);
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText('Laisser un mot'),
      'Je me souviens de cette robe.',
    );
    await user.click(screen.getByRole('button', { name: 'Laisser ce mot' }));
    expect(
      await screen.findByText('Je me souviens de cette robe.', { selector: 'p' }),
    ).toBeTruthy();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    const posts = net.callsTo(`POST ${chapterPath}/words`);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!.body!)).toEqual({ text: 'Je me souviens de cette robe.' });
    expect(posts[0]!.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('keeps a word written offline in the outbox, shown as waiting, and sends it once back online', async () => {
    const net = chapterServer();
    renderApp(url);
    const field = await screen.findByLabelText('Laisser un mot');
    reportNetworkFailure();
    const user = userEvent.setup();
    await user.type(field, 'Écrit dans le train.');
    await user.click(screen.getByRole('button', { name: 'Laisser ce mot' }));
    expect(await screen.findByText('En attente de connexion')).toBeTruthy();
    expect(await db.outbox.count()).toBe(1);
    expect(net.callsTo(`POST ${chapterPath}/words`)).toHaveLength(0);

    reportNetworkSuccess();
    await replayOutbox();
    await replayOutbox();
    expect(net.callsTo(`POST ${chapterPath}/words`)).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await screen.findByText('Écrit dans le train.', { selector: 'p' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('En attente de connexion')).toBeNull());
  });

  it('refuses an empty word and caps a word at 1000 characters', async () => {
    const net = chapterServer();
    renderApp(url);
    const field = (await screen.findByLabelText('Laisser un mot')) as HTMLTextAreaElement;
    expect(field.maxLength).toBe(1000);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Laisser ce mot' }));
    expect(await screen.findByText("Écrivez votre mot avant de l'envoyer.")).toBeTruthy();
    expect(net.callsTo(`POST ${chapterPath}/words`)).toHaveLength(0);
  });

  it('deletes one’s own word after a question', async () => {
    const net = chapterServer();
    renderApp(url);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Supprimer mon mot' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByText('Quelle belle robe !')).toBeNull());
    expect(
      net.callsTo(`DELETE ${chapterPath}/words/5d0c5f1e-0000-4000-8000-00000000w002`),
    ).toHaveLength(1);
  });

  it('offers a contributor « Ajouter une photo »', async () => {
    chapterServer({ role: 'contributor' });
    renderApp(url);
    expect(await screen.findByRole('heading', { name: 'Ajouter une photo' })).toBeTruthy();
    expect(screen.getByLabelText('Choisir une photo')).toBeTruthy();
    expect(screen.getByLabelText('Légende (facultatif)')).toBeTruthy();
  });

  it('says one is no longer in the circle when the chapter and the circle answer 404', async () => {
    chapterServer({ chapter: errorReply(404), list: errorReply(404) });
    renderApp(url);
    expect(
      await screen.findByRole('heading', { name: 'Vous ne faites plus partie de ce cercle' }),
    ).toBeTruthy();
  });

  it('says the chapter was taken back when only the chapter answers 404', async () => {
    chapterServer({ chapter: errorReply(404) });
    renderApp(url);
    expect(
      await screen.findByRole('heading', { name: "Ce chapitre n'est plus partagé" }),
    ).toBeTruthy();
  });
});
