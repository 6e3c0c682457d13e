// Onboarding answers through the outbox: queued without a connection, merged per question (the last one
// wins), sent once with their key, deletions, a refused answer not retried forever, the wizard finishing
// offline, the waiting answers counted by the onboarding redirect, and the profile table's marks.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import {
  queueOnboardingChange,
  queuedAnswerQuestionIds,
  sendOnboardingChange,
} from '../../../src/features/onboarding/answer-outbox';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { replayOutbox } from '../../../src/offline/outbox';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import { list, questions } from './fixtures';

const senders = new Map([['onboarding/answer', sendOnboardingChange as never]]);

beforeEach(async () => {
  await resetApp();
  await Promise.all(db.tables.map((table) => table.clear()));
  reportNetworkSuccess();
  signInAs();
});

async function queueOffline(...changes: Parameters<typeof queueOnboardingChange>[]) {
  reportNetworkFailure();
  for (const change of changes) await queueOnboardingChange(...change);
  reportNetworkSuccess();
}

describe('the onboarding outbox', () => {
  it('merges answers to one question and sends the last one once, with its key', async () => {
    const net = mockFetch({
      'POST /api/v1/onboardings/answers': (call) =>
        jsonReply({ id: 'a1', question: 'q', ...JSON.parse(call.body!) }, 201),
    });
    await queueOffline(
      ['birth', { answer: 'En 1941' }],
      ['work', { answer: 'Postière' }],
      ['birth', { answer: 'En 1941, à Roanne' }],
    );
    expect(await db.outbox.count()).toBe(2);
    expect([...(await queuedAnswerQuestionIds())].sort()).toEqual(['birth', 'work']);

    await replayOutbox(senders);
    const posts = net.callsTo('POST /api/v1/onboardings/answers');
    expect(posts.map((c) => JSON.parse(c.body!))).toEqual([
      { question_id: 'birth', answer: 'En 1941, à Roanne' },
      { question_id: 'work', answer: 'Postière' },
    ]);
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.outbox.count()).toBe(0);
    // Nothing is sent twice.
    await replayOutbox(senders);
    expect(net.callsTo('POST /api/v1/onboardings/answers')).toHaveLength(2);
  });

  it('keeps the answers while the network is away, and sends them when it returns', async () => {
    let reachable = false;
    const net = mockFetch({
      'POST /api/v1/onboardings/answers': (call) =>
        reachable ? jsonReply({ id: 'a1', ...JSON.parse(call.body!) }, 201) : 'network-error',
    });
    await queueOffline(['birth', { answer: 'En 1941' }]);
    await replayOutbox(senders);
    expect(await db.outbox.count()).toBe(1);
    reachable = true;
    reportNetworkSuccess();
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await replayOutbox(senders);
    expect(await db.outbox.count()).toBe(0);
    expect(net.callsTo('POST /api/v1/onboardings/answers').length).toBeGreaterThanOrEqual(2);
  });

  it('deletes an answer, an answer already gone counting as deleted', async () => {
    const net = mockFetch({
      'DELETE /api/v1/onboardings/answers/a1': jsonReply({ message: 'ok' }),
      'DELETE /api/v1/onboardings/answers/a2': errorReply(404),
    });
    await queueOffline(['birth', { deleteAnswerId: 'a1' }], ['work', { deleteAnswerId: 'a2' }]);
    expect(await queuedAnswerQuestionIds()).toEqual(new Set());
    await replayOutbox(senders);
    expect(net.callsTo('DELETE /api/v1/onboardings/answers/a1')).toHaveLength(1);
    expect(net.callsTo('DELETE /api/v1/onboardings/answers/a2')).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('does not retry forever an answer the server refuses', async () => {
    const net = mockFetch({
      'POST /api/v1/onboardings/answers': errorReply(422, [
        { type: 'validation_error', msg: 'Réponse trop longue' },
      ]),
    });
    await queueOffline(['birth', { answer: 'x'.repeat(300) }]);
    await replayOutbox(senders);
    await replayOutbox(senders);
    expect(net.callsTo('POST /api/v1/onboardings/answers')).toHaveLength(1);
    expect(await db.outbox.where('status').equals('pending').count()).toBe(0);
  });
});

describe('finishing the wizard without a connection', () => {
  it('keeps the answers in the outbox, goes home and is not sent back to onboarding', async () => {
    const user = userEvent.setup();
    const net = mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/onboardings/questions': jsonReply(list(questions)),
      'POST /api/v1/onboardings/answers': 'network-error',
      'GET /api/v1/onboardings/answers': jsonReply(list([])),
      'GET /api/v1/conversations': jsonReply(list([])),
      'GET /api/v1/books': errorReply(404),
      'GET /api/v1/premium-status': errorReply(404),
      'GET /healthz': 'network-error',
    });
    const { router } = renderApp('/onboarding');
    await user.click(await screen.findByRole('button', { name: 'Commencer' }));
    for (let step = 0; step < questions.length; step += 1) {
      const box = screen.queryByRole('textbox');
      if (box && (box as HTMLInputElement).value === '') await user.type(box, 'En 1941, à Roanne');
      const radios = screen.queryAllByRole('radio');
      if (radios.length > 0 && !radios.some((r) => (r as HTMLInputElement).checked))
        await user.click(radios[0]!);
      await user.click(screen.getByRole('button', { name: 'Suivant' }));
    }
    await user.click(await screen.findByRole('button', { name: 'Terminer' }));
    expect(
      await screen.findByText(/Vos réponses sont gardées sur cet appareil/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    await screen.findByRole('heading', { level: 1, name: 'Mes histoires' });
    const waiting = await db.outbox.toArray();
    expect(waiting.map((op) => [op.entityId, op.payload]).sort()).toEqual([
      ['birth', { answer: 'En 1941, à Roanne' }],
      ['speaking', { answer: 'Tutoiement' }],
      ['themes', { answer: 'En 1941, à Roanne' }],
    ]);
    // The server still lists the required questions as unanswered: the waiting answers count.
    expect(net.callsTo('GET /api/v1/onboardings/questions').length).toBeGreaterThan(0);
    await screen.findByRole('heading', { level: 1, name: 'Mes histoires' });
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('the profile table', () => {
  it('keeps an answer written without a connection and marks it as waiting', async () => {
    const user = userEvent.setup();
    const [first] = questions;
    mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/onboardings/answers': jsonReply(list([])),
      'GET /api/v1/onboardings/questions': jsonReply(list(questions)),
      'POST /api/v1/onboardings/answers': 'network-error',
      'GET /api/v1/conversations': jsonReply(list([])),
      'GET /api/v1/books': errorReply(404),
      'GET /api/v1/premium-status': errorReply(404),
      'GET /healthz': 'network-error',
    });
    renderApp('/profile');
    const row = await screen.findByRole('listitem', { name: first!.question });
    await user.click(within(row).getByRole('button', { name: 'Répondre' }));
    const box = within(row).queryByRole('textbox');
    if (box) await user.type(box, 'En 1941, à Roanne');
    else await user.click(within(row).getAllByRole('radio')[0]!);
    await user.click(within(row).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/Votre réponse est gardée sur cet appareil/)).toBeTruthy();
    expect(await within(row).findByText("En attente d'envoi")).toBeTruthy();
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({ entity: 'onboarding', entityId: first!.question_id });
  });
});
