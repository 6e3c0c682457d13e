// The home-screen shortcut « Nouveau chapitre » (`/?action=new-chapter`, manifest.ts): it starts a
// chapter once, and the address loses the request; a signed-out person signs in first and a new
// person answers the onboarding first, then the chapter starts.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { queryClient } from '../../../src/lib/query-client';
import { clearSession } from '../../../src/lib/session';
import { jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import { conversation, list, premium } from './fixtures';
import {
  newChapterShortcut,
  rememberNewChapterIntent,
  shortcutQuestionId,
  takeNewChapterIntent,
} from '../../../src/app/new-chapter-intent';

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

describe('the weekly question’s link (issue 31)', () => {
  const LINK = '/?action=new-chapter&question=childhood.first_memory';
  const asked = (net: ReturnType<typeof server>) =>
    net.callsTo('POST /api/v1/conversations').map((call) => call.query.get('question'));

  it('opens the chapter on its question, once', async () => {
    signInAs();
    const net = server();
    const { router } = renderApp(LINK);
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/new-1/chat'));
    expect(asked(net)).toEqual(['childhood.first_memory']);
    // A later « Nouveau chapitre » from the list names no question.
    await router.navigate('/');
    await screen.findByRole('button', { name: /nouveau chapitre/i });
    // On a busy machine the list drawn for the link may still be on screen (the router has moved on,
    // React has not drawn it yet): a tap there must not send the link's question again. A tap on a
    // button the list then replaces is lost: tap the current one until the chapter is asked for,
    // once; the chat page's code may then take more than waitFor's default second to load.
    await waitFor(
      async () => {
        if (net.callsTo('POST /api/v1/conversations').length < 2)
          await userEvent.click(screen.getByRole('button', { name: /nouveau chapitre/i }));
        expect(router.state.location.pathname).toBe('/conversations/new-2/chat');
      },
      { timeout: 10_000 },
    );
    expect(asked(net)).toEqual(['childhood.first_memory', null]);
  });

  it('keeps its question across the login', async () => {
    clearSession();
    const net = server();
    const { router } = renderApp(LINK);
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    signInAs();
    await router.navigate('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/new-1/chat'));
    expect(asked(net)).toEqual(['childhood.first_memory']);
  });

  it('keeps its question across the onboarding', async () => {
    signInAs();
    let onboardingLeft = true;
    const net = server({ requiredQuestion: () => onboardingLeft });
    const { router } = renderApp(LINK);
    await screen.findByRole('heading', { level: 1, name: 'Faisons connaissance' });
    onboardingLeft = false;
    queryClient.removeQueries();
    await router.navigate('/', { replace: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/new-1/chat'));
    expect(asked(net)).toEqual(['childhood.first_memory']);
  });

  it('sends no question the address does not name properly', async () => {
    signInAs();
    const net = server();
    const { router } = renderApp('/?action=new-chapter&question=%3Cscript%3E');
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/new-1/chat'));
    expect(asked(net)).toEqual([null]);
  });
});

describe('the kept wish', () => {
  it('carries the question, expires, and is used once', () => {
    const now = 1_000_000_000;
    rememberNewChapterIntent(now, 'work.first_job');
    expect(takeNewChapterIntent(now + 60_000)).toEqual({ questionId: 'work.first_job' });
    expect(takeNewChapterIntent(now + 60_000)).toBeNull();
    rememberNewChapterIntent(now);
    expect(takeNewChapterIntent(now + 31 * 60_000)).toBeNull();
    // A wish kept by the app before the question came along.
    sessionStorage.setItem('chapitres.newChapterIntent', String(now));
    expect(takeNewChapterIntent(now + 1000)).toEqual({ questionId: null });
  });

  it('reads and writes the question of the address', () => {
    expect(shortcutQuestionId('?action=new-chapter&question=childhood.house')).toBe(
      'childhood.house',
    );
    expect(shortcutQuestionId('?question=childhood.house')).toBeNull();
    expect(shortcutQuestionId('?action=new-chapter&question=a%20b')).toBeNull();
    expect(shortcutQuestionId('?action=new-chapter')).toBeNull();
    expect(newChapterShortcut('childhood.house')).toBe(
      '/?action=new-chapter&question=childhood.house',
    );
    expect(newChapterShortcut(null)).toBe('/?action=new-chapter');
  });
});
