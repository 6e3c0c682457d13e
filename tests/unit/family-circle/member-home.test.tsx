// `/` for a member of a family circle who has no story of her own (no chapter, the onboarding not
// answered): her circles, with « Raconter ma propre histoire » leading to the onboarding; anyone else,
// or once she has a story, `/` is as before.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import { conversation, premium } from '../chapters/fixtures';
import { list, membership } from './fixtures';

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  signInAs();
});

function server({
  circles = 1,
  chapters = 0,
  onboardingLeft = true,
}: { circles?: number; chapters?: number; onboardingLeft?: boolean } = {}) {
  return mockFetch({
    'GET /healthz': jsonReply({ ok: true }),
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /api/v1/circles': jsonReply(list(circles > 0 ? [membership()] : [])),
    'GET /api/v1/onboardings/questions': jsonReply(
      list(
        onboardingLeft
          ? [{ question_id: 'birth', question_number: 1, is_answer_required: true }]
          : [],
      ),
    ),
    'GET /api/v1/onboardings/answers': jsonReply(list([])),
    'GET /api/v1/conversations': jsonReply(
      list(Array.from({ length: chapters }, (_, i) => conversation({ id: `mine-${i}` }))),
    ),
    'GET /api/v1/books': jsonReply(list([])),
    'GET /api/v1/premium-status': jsonReply(premium({ free_chapters_allowed: 3 })),
  });
}

describe('the home of a member without a story of her own', () => {
  it('shows her circles, and « Raconter ma propre histoire » leads to the onboarding', async () => {
    server();
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/circles'));
    expect(await screen.findByRole('heading', { name: 'Le cercle de Jeanne' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Raconter ma propre histoire' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });

  it('sends someone in no circle to the onboarding, as before', async () => {
    server({ circles: 0 });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });

  it('sends a member who started a chapter to the onboarding, as before', async () => {
    server({ chapters: 1 });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });

  it('leaves a member who answered the onboarding on her home', async () => {
    server({ onboardingLeft: false });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes histoires' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
