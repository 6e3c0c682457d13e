// What a member types is never lost: the word under a chapter and the question to her are drafts on the
// device, back after a reload, gone once sent or waiting in the outbox.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import { queryClient } from '../../../src/lib/query-client';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import { CHAPTER_ID, STORYTELLER_ID, chapter, list, membership, summaries } from './fixtures';

const chaptersPath = `/api/v1/circles/${STORYTELLER_ID}/chapters`;
const chapterPath = `${chaptersPath}/${CHAPTER_ID}`;
const WORD_DRAFT = `circle-word:${STORYTELLER_ID}/${CHAPTER_ID}` as const;
const QUESTION_DRAFT = `circle-question:${STORYTELLER_ID}` as const;

beforeEach(async () => {
  await resetApp();
  await Promise.all([db.outbox.clear(), db.drafts.clear()]);
  reportNetworkSuccess();
  signInAs();
});

function server() {
  return mockFetch({
    'GET /healthz': 'network-error',
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /api/v1/circles': jsonReply(list([membership({ role: 'contributor' })])),
    [`GET ${chaptersPath}`]: jsonReply(list(summaries)),
    [`GET ${chapterPath}`]: jsonReply(chapter()),
    [`GET /api/v1/circles/${STORYTELLER_ID}/questions`]: jsonReply(list([])),
    [`POST ${chapterPath}/words`]: (call) =>
      jsonReply(
        {
          id: '5d0c5f1e-0000-4000-8000-00000000w009',
          author_name: 'Marie',
          text: JSON.parse(call.body!).text as string,
          created_at: '2026-10-13T10:00:00Z',
          hidden: false,
          printed: false,
          mine: true,
        },
        201,
      ),
  });
}

/** As a reload does: the page and the memory go, the device store stays. */
function reload() {
  cleanup();
  queryClient.clear();
}

async function storedDraft(key: typeof WORD_DRAFT | typeof QUESTION_DRAFT) {
  return (await db.drafts.get(key))?.value;
}

describe('a member’s drafts', () => {
  it('keeps a word being written across a reload, and forgets it once sent', async () => {
    const net = server();
    renderApp(`/circles/${STORYTELLER_ID}/chapters/${CHAPTER_ID}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Laisser un mot'), 'Je me souviens du bal');
    await waitFor(async () => expect(await storedDraft(WORD_DRAFT)).toBe('Je me souviens du bal'));

    reload();
    renderApp(`/circles/${STORYTELLER_ID}/chapters/${CHAPTER_ID}`);
    const field = (await screen.findByLabelText('Laisser un mot')) as HTMLTextAreaElement;
    await waitFor(() => expect(field.value).toBe('Je me souviens du bal'));

    await user.click(screen.getByRole('button', { name: 'Laisser ce mot' }));
    await waitFor(() => expect(net.callsTo(`POST ${chapterPath}/words`)).toHaveLength(1));
    expect(JSON.parse(net.callsTo(`POST ${chapterPath}/words`)[0]!.body!)).toEqual({
      text: 'Je me souviens du bal',
    });
    await waitFor(() => expect(field.value).toBe(''));
    expect(await storedDraft(WORD_DRAFT)).toBeUndefined();

    // Nothing comes back after another reload.
    reload();
    renderApp(`/circles/${STORYTELLER_ID}/chapters/${CHAPTER_ID}`);
    const again = (await screen.findByLabelText('Laisser un mot')) as HTMLTextAreaElement;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(again.value).toBe('');
  });

  it('keeps a question being written across a reload, and forgets it once queued offline', async () => {
    server();
    renderApp(`/circles/${STORYTELLER_ID}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Votre question'), 'Et ton premier travail ?');
    await waitFor(async () =>
      expect(await storedDraft(QUESTION_DRAFT)).toBe('Et ton premier travail ?'),
    );

    reload();
    renderApp(`/circles/${STORYTELLER_ID}`);
    const field = (await screen.findByLabelText('Votre question')) as HTMLTextAreaElement;
    await waitFor(() => expect(field.value).toBe('Et ton premier travail ?'));

    reportNetworkFailure();
    await user.click(screen.getByRole('button', { name: 'Envoyer la question' }));
    await waitFor(() => expect(field.value).toBe(''));
    // Waiting in the outbox, where it is kept until it leaves: the draft has done its work.
    expect(await db.outbox.count()).toBe(1);
    expect(await storedDraft(QUESTION_DRAFT)).toBeUndefined();
  });
});
