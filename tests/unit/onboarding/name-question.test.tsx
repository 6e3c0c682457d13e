// « Par mon prénom » needs her name: the step « how should the biographer address you » asks for it
// when it is not known, and keeps it (PATCH /users/me); when it is known, nothing more is asked.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import type { OnboardingQuestionWire } from '../../../src/features/onboarding/api/types';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import { list } from './fixtures';

const nameUse: OnboardingQuestionWire = {
  question_id: 'name_use',
  question_number: 8,
  question: 'Comment le biographe doit-il s’adresser à vous ?',
  valid_answers: ['Par mon prénom, en me vouvoyant', 'Sans utiliser mon nom'],
  example_answer: '',
  answer_input_type: 'radio',
  is_custom_answer_allowed: true,
  is_answer_required: false,
  language: 'fr',
  answer_id: null,
};

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  await db.drafts.clear();
});

function server(fullName: string) {
  const me = { ...testUserWire, full_name: fullName };
  signInAs(me);
  return mockFetch({
    'GET /api/v1/users/me': jsonReply(me),
    'PATCH /api/v1/users/me': (call) => jsonReply({ ...me, ...JSON.parse(call.body ?? '{}') }),
    'GET /api/v1/onboardings/questions': jsonReply(list([nameUse])),
    'GET /api/v1/onboardings/answers': jsonReply(list([])),
    'GET /api/v1/conversations': jsonReply(list([])),
    'GET /api/v1/books': errorReply(404),
    'GET /api/v1/premium-status': errorReply(404),
  });
}

describe('the name behind « Par mon prénom »', () => {
  it('is asked on that step when unknown, and kept', async () => {
    const net = server('');
    renderApp('/onboarding');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Commencer' }));
    await screen.findByRole('heading', { level: 2, name: nameUse.question });
    await user.click(screen.getByRole('radio', { name: 'Par mon prénom, en me vouvoyant' }));
    await user.type(screen.getByLabelText('Votre prénom et votre nom'), 'Jeanne Martin');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(net.callsTo('PATCH /api/v1/users/me')).toHaveLength(1));
    expect(JSON.parse(net.callsTo('PATCH /api/v1/users/me')[0]!.body ?? '')).toEqual({
      full_name: 'Jeanne Martin',
    });
  });

  it('is not asked again when already known', async () => {
    server('Jeanne Martin');
    renderApp('/onboarding');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Commencer' }));
    await screen.findByRole('heading', { level: 2, name: nameUse.question });
    expect(screen.queryByLabelText('Votre prénom et votre nom')).toBeNull();
  });
});
