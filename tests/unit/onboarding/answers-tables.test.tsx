// The profile's onboarding answers: the answered table (view -> editing -> save or cancel, delete;
// an emptied answer is not saved) and the unanswered table (idle -> answering, example as placeholder).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { OnboardingAnswers } from '../../../src/features/onboarding/components/onboarding-answers';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { jsonReply, mockFetch } from '../support/fetch-mock';
import { resetApp, signInAs } from '../support/render-app';
import {
  answer,
  birthQuestion,
  list,
  questions,
  speakingQuestion,
  themesQuestion,
} from './fixtures';
import { renderComponent } from './support/render-component';

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  signInAs();
});

function server() {
  const answers = new Map([
    ['birth', answer(birthQuestion, '1942, à Lyon')],
    ['themes', answer(themesQuestion, 'Enfance, Famille, Les bals')],
  ]);
  const net = mockFetch({
    'GET /api/v1/onboardings/answers': () => jsonReply(list([...answers.values()])),
    'GET /api/v1/onboardings/questions': jsonReply(list(questions)),
    'PATCH /api/v1/onboardings/answers/a-birth': (call) => {
      const { answer: text } = JSON.parse(call.body ?? '{}') as { answer: string };
      answers.set('birth', answer(birthQuestion, text));
      return jsonReply(answers.get('birth'));
    },
    'PATCH /api/v1/onboardings/answers/a-themes': (call) => {
      const { answer: text } = JSON.parse(call.body ?? '{}') as { answer: string };
      answers.set('themes', answer(themesQuestion, text));
      return jsonReply(answers.get('themes'));
    },
    'DELETE /api/v1/onboardings/answers/a-birth': () => {
      answers.delete('birth');
      return jsonReply({ message: 'ok' });
    },
    'POST /api/v1/onboardings/answers': (call) => {
      const body = JSON.parse(call.body ?? '{}') as { question_id: string; answer: string };
      const q = questions.find((x) => x.question_id === body.question_id)!;
      answers.set(body.question_id, answer(q, body.answer));
      return jsonReply(answers.get(body.question_id), 201);
    },
  });
  return net;
}

function tables() {
  return {
    answered: screen.getByRole('region', { name: 'Questions auxquelles vous avez répondu' }),
    unanswered: screen.getByRole('region', { name: 'Questions sans réponse' }),
  };
}

function rowOf(table: HTMLElement, question: string) {
  return within(table).getByRole('listitem', { name: new RegExp(question.slice(0, 20)) });
}

describe('onboarding answers tables', () => {
  it('lists answered and unanswered questions', async () => {
    server();
    renderComponent(<OnboardingAnswers />);
    await screen.findByRole('region', { name: 'Questions auxquelles vous avez répondu' });
    const { answered, unanswered } = tables();
    expect(within(answered).getByText('1942, à Lyon')).toBeTruthy();
    expect(within(answered).getByText('Enfance, Famille, Les bals')).toBeTruthy();
    expect(within(unanswered).getByText(speakingQuestion.question)).toBeTruthy();
    expect(within(unanswered).getByText('Pas encore de réponse')).toBeTruthy();
  });

  it('stacks each answer (question, answer, then its buttons) instead of a wide table', async () => {
    server();
    renderComponent(<OnboardingAnswers />);
    await screen.findByText('1942, à Lyon');
    expect(screen.queryByRole('table')).toBeNull();
    const row = rowOf(tables().answered, birthQuestion.question);
    const parts = Array.from(row.children).map((child) => child.textContent);
    expect(parts[0]).toBe(birthQuestion.question);
    expect(parts[1]).toBe('1942, à Lyon');
    const buttons = within(row.children[2] as HTMLElement).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Modifier', 'Supprimer']);
  });

  it("edits an answer inline: view -> editing -> save, with the question's own inputs", async () => {
    const net = server();
    renderComponent(<OnboardingAnswers />);
    await screen.findByText('Enfance, Famille, Les bals');
    const user = userEvent.setup();
    const row = rowOf(tables().answered, themesQuestion.question);
    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    const group = within(row).getByRole('group', { name: themesQuestion.question });
    expect(
      (within(group).getByRole('checkbox', { name: 'Enfance' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (within(group).getByRole('checkbox', { name: 'Travail' }) as HTMLInputElement).checked,
    ).toBe(false);
    const custom = within(group).getByRole('textbox') as HTMLInputElement;
    expect(custom.value).toBe('Les bals');
    expect(document.activeElement).toBe(within(group).getByRole('checkbox', { name: 'Enfance' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Travail' }));
    await user.click(within(row).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Enfance, Travail, Famille, Les bals');
    expect(
      JSON.parse(net.callsTo('PATCH /api/v1/onboardings/answers/a-themes')[0].body ?? ''),
    ).toEqual({
      answer: 'Enfance, Travail, Famille, Les bals',
    });
    await screen.findByText('Votre réponse a été enregistrée.');
    // Back in view mode, focus is on the row's edit button again.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Modifier'));
  });

  it('does not save an emptied answer, and cancel restores the view', async () => {
    const net = server();
    renderComponent(<OnboardingAnswers />);
    await screen.findByText('1942, à Lyon');
    const user = userEvent.setup();
    const row = rowOf(tables().answered, birthQuestion.question);
    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    const box = within(row).getByRole('textbox', { name: birthQuestion.question });
    await user.clear(box);
    await user.type(box, '   ');
    await user.click(within(row).getByRole('button', { name: 'Enregistrer' }));
    expect(
      within(row).getByText(
        "Une réponse vide n'est pas enregistrée. Pour retirer cette réponse, utilisez « Supprimer ».",
      ),
    ).toBeTruthy();
    expect(net.callsTo('PATCH /api/v1/onboardings/answers/a-birth')).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: 'Annuler' }));
    expect(
      within(rowOf(tables().answered, birthQuestion.question)).getByText('1942, à Lyon'),
    ).toBeTruthy();
    expect(net.callsTo('PATCH /api/v1/onboardings/answers/a-birth')).toHaveLength(0);
  });

  it('deletes an answer: the question moves to the unanswered table', async () => {
    const net = server();
    renderComponent(<OnboardingAnswers />);
    await screen.findByText('1942, à Lyon');
    const user = userEvent.setup();
    await user.click(
      within(rowOf(tables().answered, birthQuestion.question)).getByRole('button', {
        name: 'Supprimer',
      }),
    );
    await waitFor(() =>
      expect(within(tables().unanswered).getByText(birthQuestion.question)).toBeTruthy(),
    );
    expect(net.callsTo('DELETE /api/v1/onboardings/answers/a-birth')).toHaveLength(1);
    expect(within(tables().answered).queryByText('1942, à Lyon')).toBeNull();
  });

  it('answers an unanswered question inline: idle -> answering, example as placeholder', async () => {
    const net = server();
    renderComponent(<OnboardingAnswers />);
    await screen.findByText('1942, à Lyon');
    const user = userEvent.setup();
    // Birth becomes unanswered, to check the text input and its placeholder.
    await user.click(
      within(rowOf(tables().answered, birthQuestion.question)).getByRole('button', {
        name: 'Supprimer',
      }),
    );
    const row = await waitFor(() => rowOf(tables().unanswered, birthQuestion.question));
    await user.click(within(row).getByRole('button', { name: 'Répondre' }));
    const box = within(row).getByRole('textbox', { name: birthQuestion.question });
    expect(box.getAttribute('placeholder')).toBe('En 1942, à Lyon');
    await user.click(within(row).getByRole('button', { name: 'Enregistrer' }));
    expect(
      within(row).getByText("Écrivez ou choisissez une réponse avant d'enregistrer."),
    ).toBeTruthy();
    expect(net.callsTo('POST /api/v1/onboardings/answers')).toHaveLength(0);
    await user.type(box, '1950, à Brest');
    await user.click(within(row).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(within(tables().answered).getByText('1950, à Brest')).toBeTruthy());
    expect(JSON.parse(net.callsTo('POST /api/v1/onboardings/answers')[0].body ?? '')).toEqual({
      question_id: 'birth',
      answer: '1950, à Brest',
    });
  });

  it('answers a radio question inline', async () => {
    const net = server();
    renderComponent(<OnboardingAnswers />);
    const user = userEvent.setup();
    await screen.findByText('1942, à Lyon');
    const row = rowOf(tables().unanswered, speakingQuestion.question);
    await user.click(within(row).getByRole('button', { name: 'Répondre' }));
    await user.click(within(row).getByRole('radio', { name: 'Tutoiement' }));
    await user.click(within(row).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(within(tables().answered).getByText('Tutoiement')).toBeTruthy());
    expect(JSON.parse(net.callsTo('POST /api/v1/onboardings/answers')[0].body ?? '')).toEqual({
      question_id: 'speaking',
      answer: 'Tutoiement',
    });
  });
});
