// The onboarding wizard: intro, one step per question, final step; required questions; the join rule
// on what is sent; answers kept in the Dexie draft across a reload; focus on each step's heading;
// leaving early noted as abandoned; finishing goes home.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { onOnboardingAbandoned } from '../../../src/features/onboarding/onboarding-events';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply, mockFetch, type RecordedCall } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import { list, questions } from './fixtures';

const DRAFT_KEY = `onboarding:${testUserWire.id}` as const;

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  await db.drafts.clear();
  signInAs();
});

function serverWith(
  /** The status a POST answers with instead of success, or null. */
  options: { failPost?: (call: RecordedCall) => number | null } = {},
) {
  const answered = new Set<string>();
  return mockFetch({
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /api/v1/onboardings/questions': () =>
      jsonReply(list(questions.filter((q) => !answered.has(q.question_id)))),
    'POST /api/v1/onboardings/answers': (call) => {
      const failure = options.failPost?.(call) ?? null;
      if (failure !== null) return errorReply(failure);
      const body = JSON.parse(call.body ?? '{}') as { question_id: string; answer: string };
      answered.add(body.question_id);
      return jsonReply({ id: `a-${body.question_id}`, question: 'q', ...body }, 201);
    },
    'GET /api/v1/onboardings/answers': jsonReply(list([])),
    'GET /api/v1/conversations': jsonReply(list([])),
    'GET /api/v1/books': errorReply(404),
    'GET /api/v1/premium-status': errorReply(404),
  });
}

function postedAnswers(calls: RecordedCall[]) {
  return calls
    .filter((c) => c.method === 'POST' && c.path === '/api/v1/onboardings/answers')
    .map((c) => JSON.parse(c.body ?? '{}'));
}

async function stepHeading(name: string) {
  return screen.findByRole('heading', { level: 2, name });
}

describe('onboarding wizard', () => {
  it('walks intro -> questions -> final, enforces required ones, sends the joined answers and goes home', async () => {
    const net = serverWith();
    const { router } = renderApp('/onboarding');
    const user = userEvent.setup();

    await screen.findByRole('heading', { level: 1, name: 'Faisons connaissance' });
    await stepHeading('Bienvenue\u202f!');
    expect(screen.getByText('Étape 1 sur 5')).toBeTruthy();
    // The numbers agree: 3 questions, this welcome and the last page make the 5 steps.
    expect(
      screen.getByText(
        'Il y a 3 questions, puis une page pour relire vos réponses : 5 étapes en tout, en comptant celle-ci.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retour' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Commencer' }));

    // Question 1: required text; the example is the placeholder and a visible hint.
    const birth = await stepHeading('En quelle année et où êtes-vous né ?');
    expect(document.activeElement).toBe(birth);
    expect(screen.getByText('Étape 2 sur 5')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    const textbox = screen.getByRole('textbox', { name: 'En quelle année et où êtes-vous né ?' });
    expect(textbox.getAttribute('placeholder')).toBe('En 1942, à Lyon');
    expect(screen.getByText('Réponse obligatoire')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Veuillez répondre à cette question pour continuer.')).toBeTruthy();
    expect(textbox.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(textbox);
    await user.type(textbox, '   ');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Veuillez répondre à cette question pour continuer.')).toBeTruthy();
    await user.type(textbox, '1942, à Lyon');
    expect(screen.queryByText('Veuillez répondre à cette question pour continuer.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));

    // Question 2: optional checkboxes with a custom answer.
    const themes = await stepHeading('Quels sujets aimeriez-vous raconter ?');
    expect(document.activeElement).toBe(themes);
    const group = screen.getByRole('group', { name: 'Quels sujets aimeriez-vous raconter ?' });
    await user.click(within(group).getByRole('checkbox', { name: 'Famille' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Enfance' }));
    await user.type(
      within(group).getByRole('textbox', {
        name: 'Autre chose\u202f? Écrivez-le ici (facultatif)',
      }),
      'Les bals du samedi',
    );
    await user.click(screen.getByRole('button', { name: 'Suivant' }));

    // Question 3: required radio; back keeps what was answered.
    await stepHeading('Comment préférez-vous que le biographe s’adresse à vous ?');
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    await stepHeading('Quels sujets aimeriez-vous raconter ?');
    expect((screen.getByRole('checkbox', { name: 'Famille' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await stepHeading('Comment préférez-vous que le biographe s’adresse à vous ?');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Veuillez répondre à cette question pour continuer.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Vouvoiement' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));

    // Final step: the answers as they will be sent.
    await stepHeading('Merci\u202f!');
    expect(screen.getByText('Étape 5 sur 5')).toBeTruthy();
    expect(screen.getByText('Enfance, Famille, Les bals du samedi')).toBeTruthy();
    expect(net.callsTo('POST /api/v1/onboardings/answers')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Terminer' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(postedAnswers(net.calls)).toEqual([
      { question_id: 'birth', answer: '1942, à Lyon' },
      { question_id: 'themes', answer: 'Enfance, Famille, Les bals du samedi' },
      { question_id: 'speaking', answer: 'Vouvoiement' },
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Mes histoires' });
    await screen.findByText(
      'Vos réponses sont enregistrées. Vous pouvez commencer votre première histoire.',
    );
    await waitFor(async () => expect(await db.drafts.get(DRAFT_KEY)).toBeUndefined());
  });

  it('truncates a long checkbox answer to 252 characters and an ellipsis before sending it', async () => {
    const net = serverWith();
    renderApp('/onboarding');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Commencer' }));
    await user.type(await screen.findByRole('textbox'), '1942');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await stepHeading('Quels sujets aimeriez-vous raconter ?');
    await user.click(screen.getByRole('checkbox', { name: 'Travail' }));
    const custom = screen.getByRole('textbox', { name: /Autre chose/ });
    // 255 characters typed: joined after "Travail, " the answer runs past the limit.
    await user.click(custom);
    await user.paste('y'.repeat(255));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('radio', { name: 'Tutoiement' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('button', { name: 'Terminer' }));
    await waitFor(() => expect(postedAnswers(net.calls)).toHaveLength(3));
    const themes = postedAnswers(net.calls)[1].answer as string;
    expect(themes).toBe(`Travail, ${'y'.repeat(252 - 'Travail, '.length)}…`);
  });

  it('keeps the answers in progress across a reload (Dexie draft) and resumes on the same step', async () => {
    serverWith();
    const first = renderApp('/onboarding');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Commencer' }));
    await user.type(await screen.findByRole('textbox'), 'En 1950 à Brest');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await stepHeading('Quels sujets aimeriez-vous raconter ?');
    await user.click(screen.getByRole('checkbox', { name: 'Travail' }));
    first.unmount();
    const stored = await db.drafts.get(DRAFT_KEY);
    expect(JSON.parse(stored?.value ?? '{}')).toMatchObject({
      current: 'q:themes',
      values: { birth: { text: 'En 1950 à Brest' }, themes: { selected: ['Travail'] } },
    });

    renderApp('/onboarding');
    await stepHeading('Quels sujets aimeriez-vous raconter ?');
    expect((screen.getByRole('checkbox', { name: 'Travail' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(((await screen.findByRole('textbox')) as HTMLTextAreaElement).value).toBe(
      'En 1950 à Brest',
    );
  });

  it('on a failed submission stays on the final step, and a retry does not send an answer twice', async () => {
    let failNext = true;
    const net = serverWith({
      failPost: (call) => {
        const body = JSON.parse(call.body ?? '{}') as { question_id: string };
        if (body.question_id !== 'speaking' || !failNext) return null;
        failNext = false;
        return 500;
      },
    });
    const { router } = renderApp('/onboarding');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Commencer' }));
    await user.type(await screen.findByRole('textbox'), '1942');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await stepHeading('Quels sujets aimeriez-vous raconter ?');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('radio', { name: 'Tutoiement' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('button', { name: 'Terminer' }));
    await screen.findByText(
      "Vos réponses n'ont pas pu être enregistrées. Elles restent gardées sur cet appareil : réessayez dans un instant.",
    );
    expect(router.state.location.pathname).toBe('/onboarding');
    await user.click(screen.getByRole('button', { name: 'Terminer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // birth once, themes skipped (no answer), speaking failed then sent.
    expect(postedAnswers(net.calls).map((a) => a.question_id)).toEqual([
      'birth',
      'speaking',
      'speaking',
    ]);
  });

  it('notes leaving before the final step as abandoned, and finishing as not', async () => {
    serverWith();
    const abandoned = vi.fn();
    const stop = onOnboardingAbandoned(abandoned);
    try {
      const { router } = renderApp('/onboarding');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Commencer' }));
      await stepHeading('En quelle année et où êtes-vous né ?');
      await act(() => router.navigate('/support'));
      await screen.findByRole('heading', { level: 1, name: 'Aide et contact' });
      await waitFor(() => expect(abandoned).toHaveBeenCalledTimes(1));
      expect(abandoned).toHaveBeenCalledWith({ step: 2, totalSteps: 5, questionId: 'birth' });
    } finally {
      stop();
    }
  });

  it('offers to try again when the questions cannot be loaded', async () => {
    let fail = true;
    mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/onboardings/questions': () =>
        fail ? errorReply(500) : jsonReply(list(questions)),
    });
    renderApp('/onboarding');
    await screen.findByText("Les questions n'ont pas pu être chargées");
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    await stepHeading('Bienvenue\u202f!');
  });
});
