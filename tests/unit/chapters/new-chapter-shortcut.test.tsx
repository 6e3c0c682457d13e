// The home-screen shortcut « Nouveau chapitre » (`/?action=new-chapter`, manifest.ts): it starts a
// chapter once, and the address loses the request; a signed-out person signs in first and a new
// person answers the onboarding first, then the chapter starts.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { queryClient } from '../../../src/lib/query-client';
import { clearSession } from '../../../src/lib/session';
import { jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import { conversation, list, premium } from './fixtures';

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  sessionStorage.clear();
  await db.chapters.clear();
});

function server(options: { requiredQuestion?: () => boolean } = {}) {
  const chapters: ReturnType<typeof conversation>[] = [];
  return mockFetch({
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /api/v1/onboardings/questions': () =>
      jsonReply(
        list(
          options.requiredQuestion?.()
            ? [{ question_id: 'birth', question_number: 1, is_answer_required: true }]
            : [],
        ),
      ),
    'GET /api/v1/onboardings/answers': jsonReply(list([])),
    'GET /api/v1/conversations': () => jsonReply(list(chapters)),
    'GET /api/v1/books': jsonReply(list([])),
    'GET /api/v1/premium-status': jsonReply(premium({ free_chapters_allowed: 3 })),
    'POST /api/v1/conversations': () => {
      const made = conversation({ id: `new-${chapters.length + 1}`, title: null });
      chapters.unshift(made);
      return jsonReply(made, 201);
    },
  });
}

describe('the « Nouveau chapitre » shortcut', () => {
  it('starts a chapter once and takes the request out of the address', async () => {
    signInAs();
    const net = server();
    const { router } = renderApp('/?action=new-chapter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/new-1/chat'));
    expect(net.callsTo('POST /api/v1/conversations')).toHaveLength(1);
    // Back on the list: nothing starts again.
    await router.navigate('/');
    await screen.findByRole('heading', { level: 1, name: 'Mes histoires' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(net.callsTo('POST /api/v1/conversations')).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });

  it('starts the chapter after the login of a signed-out person', async () => {
    clearSession();
    const net = server();
    const { router } = renderApp('/?action=new-chapter');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(net.callsTo('POST /api/v1/conversations')).toHaveLength(0);
    // Signed in; wherever the login leads to the list, the chapter starts there.
    signInAs();
    await router.navigate('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/new-1/chat'));
    expect(net.callsTo('POST /api/v1/conversations')).toHaveLength(1);
  });

  it('starts the chapter after the onboarding, not before', async () => {
    signInAs();
    let onboardingLeft = true;
    const net = server({ requiredQuestion: () => onboardingLeft });
    const { router } = renderApp('/?action=new-chapter');
    await screen.findByRole('heading', { level: 1, name: 'Faisons connaissance' });
    expect(net.callsTo('POST /api/v1/conversations')).toHaveLength(0);
    // As the wizard's end does: the answers are in, the questions are asked again, on to the list.
    onboardingLeft = false;
    queryClient.removeQueries();
    await router.navigate('/', { replace: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/new-1/chat'));
    expect(net.callsTo('POST /api/v1/conversations')).toHaveLength(1);
  });

  it('does nothing on a plain visit to the list', async () => {
    signInAs();
    const net = server();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Mes histoires' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(net.callsTo('POST /api/v1/conversations')).toHaveLength(0);
  });
});
