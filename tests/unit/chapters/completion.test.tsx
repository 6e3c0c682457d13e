// The profile completion checklist: three items (answers exist, 3+ chapters, a finished book), the
// rounded percentage, the congratulation; the progress card's 800 ms skeleton and its link.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import { completionItems, completionProgress } from '../../../src/features/chapters/completion';
import {
  CompletionChecklist,
  ProgressCard,
} from '../../../src/features/chapters/components/completion';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { resetApp, signInAs } from '../support/render-app';
import { renderComponent } from '../onboarding/support/render-component';
import { book, conversation, list } from './fixtures';

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  await db.chapters.clear();
  signInAs();
});

describe('completion rules', () => {
  it.each([
    [{ hasOnboardingAnswers: false, conversationCount: 0, bookStatuses: [] }, 0, 0],
    [{ hasOnboardingAnswers: true, conversationCount: 2, bookStatuses: ['ongoing'] }, 1, 33],
    [{ hasOnboardingAnswers: true, conversationCount: 3, bookStatuses: ['failure'] }, 2, 67],
    [{ hasOnboardingAnswers: false, conversationCount: 12, bookStatuses: ['success'] }, 2, 67],
    [
      { hasOnboardingAnswers: true, conversationCount: 3, bookStatuses: ['ongoing', 'success'] },
      3,
      100,
    ],
  ])('%o -> %i of 3, %i %%', (facts, completed, percent) => {
    const progress = completionProgress(completionItems(facts));
    expect(progress).toEqual({ completed, total: 3, percent, allDone: completed === 3 });
  });

  it('lists the three items in order', () => {
    const items = completionItems({
      hasOnboardingAnswers: true,
      conversationCount: 2,
      bookStatuses: ['success'],
    });
    expect(items).toEqual([
      { id: 'onboarding', completed: true },
      { id: 'chapters', completed: false },
      { id: 'book', completed: true },
    ]);
  });
});

describe('progress card and checklist', () => {
  it('shows a skeleton for 800 ms, then the progress and the way to all successes', async () => {
    mockFetch({
      'GET /api/v1/conversations': jsonReply(list([conversation(), conversation()])),
      'GET /api/v1/books': errorReply(404),
    });
    const started = Date.now();
    renderComponent(<ProgressCard hasOnboardingAnswers={true} />, '/');
    expect(screen.getByText('Chargement de votre progression…')).toBeTruthy();
    const link = await screen.findByRole(
      'link',
      { name: 'Voir tous mes succès' },
      { timeout: 3000 },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(790);
    expect(link.getAttribute('href')).toBe('/profile');
    expect(screen.getByText('1 étape accomplie sur 3')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Votre progression' });
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
    expect(screen.getByText('33 %')).toBeTruthy();
    expect(screen.queryByText('Bravo ! Vous avez accompli toutes les étapes.')).toBeNull();
  });

  it('lists each item with its state and congratulates when all three are done', async () => {
    mockFetch({
      'GET /api/v1/conversations': jsonReply(
        list([conversation(), conversation(), conversation()]),
      ),
      'GET /api/v1/books': jsonReply(list([book('failure'), book('success')])),
    });
    renderComponent(<CompletionChecklist hasOnboardingAnswers={true} />);
    await screen.findByText('Bravo ! Vous avez accompli toutes les étapes.', undefined, {
      timeout: 3000,
    });
    expect(screen.getByText('3 étapes accomplies sur 3')).toBeTruthy();
    expect(screen.getByText('100 %')).toBeTruthy();
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Faire connaissance',
      'Raconter trois histoires',
      'Créer votre premier livre',
    ]);
    for (const li of items) expect(within(li).getByText('Accompli')).toBeTruthy();
  });

  it('counts an ongoing book and missing answers as still to do', async () => {
    mockFetch({
      'GET /api/v1/conversations': jsonReply(
        list([conversation(), conversation(), conversation(), conversation()]),
      ),
      'GET /api/v1/books': jsonReply(list([book('ongoing')])),
    });
    renderComponent(<CompletionChecklist hasOnboardingAnswers={false} />);
    await screen.findByText('1 étape accomplie sur 3', undefined, { timeout: 3000 });
    const states = screen
      .getAllByRole('listitem')
      .map((li) => within(li).getByText(/^(Accompli|À faire)$/).textContent);
    expect(states).toEqual(['À faire', 'Accompli', 'À faire']);
  });

  it('keeps the skeleton while the onboarding answers are unknown', async () => {
    mockFetch({
      'GET /api/v1/conversations': jsonReply(list([])),
      'GET /api/v1/books': jsonReply(list([])),
    });
    renderComponent(<ProgressCard hasOnboardingAnswers={undefined} />, '/');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.getByText('Chargement de votre progression…')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
