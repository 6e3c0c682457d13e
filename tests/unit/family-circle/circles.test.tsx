// /circles (the circles one belongs to, when news comes, leaving) and /circles/:storytellerId (her
// released chapters newest first; a contributor's questions; a reader has no form; 404 → removed).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import { circleKeys } from '../../../src/features/family-circle/api/circle-keys';
import { queryClient } from '../../../src/lib/query-client';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import { CHAPTER_ID, STORYTELLER_ID, list, membership, question, summaries } from './fixtures';

const OTHER_ID = '5d0c5f1e-0000-4000-8000-00000000a002';

beforeEach(async () => {
  await resetApp();
  await db.outbox.clear();
  reportNetworkSuccess();
  signInAs();
});

describe('my circles', () => {
  it('lists both circles, changes when news comes, and leaves one after a question', async () => {
    const net = mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/circles': jsonReply(
        list([
          membership(),
          membership({ storyteller_id: OTHER_ID, storyteller_name: 'Simone', notify: 'never' }),
        ]),
      ),
      [`PATCH /api/v1/circles/${STORYTELLER_ID}`]: (call) =>
        jsonReply(membership({ notify: JSON.parse(call.body!).notify })),
      [`DELETE /api/v1/circles/${OTHER_ID}`]: { status: 204 },
    });
    renderApp('/circles');
    const jeanne = (await screen.findByRole('heading', { name: 'Le cercle de Jeanne' })).closest(
      'section',
    )!;
    expect(screen.getByRole('heading', { name: 'Le cercle de Simone' })).toBeTruthy();
    const immediate = within(jeanne).getByRole('radio', { name: 'À chaque nouveau chapitre' });
    expect((immediate as HTMLInputElement).checked).toBe(true);

    const user = userEvent.setup();
    await user.click(within(jeanne).getByRole('radio', { name: 'Une fois par semaine' }));
    await waitFor(() =>
      expect(net.callsTo(`PATCH /api/v1/circles/${STORYTELLER_ID}`)).toHaveLength(1),
    );
    expect(JSON.parse(net.callsTo(`PATCH /api/v1/circles/${STORYTELLER_ID}`)[0]!.body!)).toEqual({
      notify: 'weekly',
    });
    await waitFor(() =>
      expect(
        (within(jeanne).getByRole('radio', { name: 'Une fois par semaine' }) as HTMLInputElement)
          .checked,
      ).toBe(true),
    );

    const simone = screen.getByRole('heading', { name: 'Le cercle de Simone' }).closest('section')!;
    await user.click(within(simone).getByRole('button', { name: 'Quitter ce cercle' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Quitter le cercle de Simone ?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Quitter le cercle' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Le cercle de Simone' })).toBeNull(),
    );
    expect(net.callsTo(`DELETE /api/v1/circles/${OTHER_ID}`)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Le cercle de Jeanne' })).toBeTruthy();
  });

  it('drops the copies of a circle the server no longer lists', async () => {
    mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/circles': jsonReply(list([membership()])),
    });
    queryClient.setQueryData(circleKeys.chapter(OTHER_ID, CHAPTER_ID), { id: CHAPTER_ID });
    queryClient.setQueryData(circleKeys.chapter(STORYTELLER_ID, CHAPTER_ID), { id: CHAPTER_ID });
    renderApp('/circles');
    await screen.findByRole('heading', { name: 'Le cercle de Jeanne' });
    expect(queryClient.getQueryData(circleKeys.chapter(OTHER_ID, CHAPTER_ID))).toBeUndefined();
    expect(queryClient.getQueryData(circleKeys.chapter(STORYTELLER_ID, CHAPTER_ID))).toBeTruthy();
  });

  it('links the circle from the home page', async () => {
    mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/circles': jsonReply(list([membership()])),
      'GET /api/v1/onboardings/questions': jsonReply(list([])),
      'GET /api/v1/onboardings/answers': jsonReply(list([])),
      'GET /api/v1/conversations': jsonReply(list([])),
      'GET /api/v1/books': jsonReply(list([])),
      'GET /api/v1/premium-status': errorReply(404),
    });
    renderApp('/');
    const link = await screen.findByRole('link', { name: 'Les souvenirs de Jeanne' });
    expect(link.getAttribute('href')).toBe(`/circles/${STORYTELLER_ID}`);
  });
});

function circleServer(role: 'reader' | 'contributor', chapters = jsonReply(list(summaries))) {
  return mockFetch({
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /api/v1/circles': jsonReply(list([membership({ role })])),
    [`GET /api/v1/circles/${STORYTELLER_ID}/chapters`]: chapters,
    [`GET /api/v1/circles/${STORYTELLER_ID}/questions`]: jsonReply(
      list([
        question(),
        question({
          id: '5d0c5f1e-0000-4000-8000-00000000q002',
          text: 'Et ton premier travail ?',
          status: 'waiting',
          conversation_id: null,
        }),
      ]),
    ),
    [`POST /api/v1/circles/${STORYTELLER_ID}/questions`]: jsonReply(
      question({ text: 'Où habitiez-vous ?', status: 'waiting' }),
      201,
    ),
  });
}

describe("a storyteller's circle", () => {
  it('lists her released chapters newest first, with their first lines', async () => {
    circleServer('reader');
    renderApp(`/circles/${STORYTELLER_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Les souvenirs de Jeanne' }),
    ).toBeTruthy();
    const titles = (await screen.findAllByRole('heading', { level: 3 })).map((h) => h.textContent);
    expect(titles).toEqual(['Le bal de 1962', "L'école du village"]);
    expect(screen.getByText("C'était un samedi de juin, il faisait chaud.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Le bal de 1962' }).getAttribute('href')).toBe(
      `/circles/${STORYTELLER_ID}/chapters/${CHAPTER_ID}`,
    );
  });

  it('offers a reader no question form', async () => {
    const net = circleServer('reader');
    renderApp(`/circles/${STORYTELLER_ID}`);
    await screen.findByRole('heading', { name: 'Le bal de 1962' });
    expect(screen.queryByRole('heading', { name: 'Poser une question à Jeanne' })).toBeNull();
    expect(screen.queryByLabelText('Votre question')).toBeNull();
    expect(net.callsTo(`GET /api/v1/circles/${STORYTELLER_ID}/questions`)).toHaveLength(0);
  });

  it('lets a contributor ask a question, sent once, and lists theirs with where each stands', async () => {
    const net = circleServer('contributor');
    renderApp(`/circles/${STORYTELLER_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Poser une question à Jeanne' }),
    ).toBeTruthy();
    expect(await screen.findByText('Comment as-tu rencontré papa ?')).toBeTruthy();
    expect(screen.getByText('Jeanne y a répondu')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lire sa réponse' }).getAttribute('href')).toBe(
      `/circles/${STORYTELLER_ID}/chapters/${CHAPTER_ID}`,
    );
    expect(screen.getByText('Pas encore posée')).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Votre question'), 'Où habitiez-vous ?');
    await user.click(screen.getByRole('button', { name: 'Envoyer la question' }));
    await waitFor(() =>
      expect(net.callsTo(`POST /api/v1/circles/${STORYTELLER_ID}/questions`)).toHaveLength(1),
    );
    const sent = net.callsTo(`POST /api/v1/circles/${STORYTELLER_ID}/questions`)[0]!;
    expect(JSON.parse(sent.body!)).toEqual({ text: 'Où habitiez-vous ?' });
    expect(sent.headers.get('Idempotency-Key')).toBeTruthy();
    expect((screen.getByLabelText('Votre question') as HTMLTextAreaElement).value).toBe('');
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });

  it('says one is no longer in the circle on a 404, and drops its copies', async () => {
    circleServer('reader', errorReply(404));
    queryClient.setQueryData(circleKeys.chapter(STORYTELLER_ID, CHAPTER_ID), { id: CHAPTER_ID });
    renderApp(`/circles/${STORYTELLER_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Vous ne faites plus partie de ce cercle' }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(
        queryClient.getQueryData(circleKeys.chapter(STORYTELLER_ID, CHAPTER_ID)),
      ).toBeUndefined(),
    );
    await waitFor(() =>
      expect(
        (queryClient.getQueryData(circleKeys.memberships()) as { data: unknown[] } | undefined)
          ?.data,
      ).toEqual([]),
    );
  });
});
