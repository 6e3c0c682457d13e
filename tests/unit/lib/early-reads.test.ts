// index.html's early reads (src/lib/early-reads.ts): on a signed-in visit to the home page the inline
// script asks for the chapter list, the onboarding questions left and the first chapter's picture before
// the app's code arrives; the app's own requests for the same addresses take those answers, once, for
// the same person, while the first page is being drawn. The inline script is run here as the page runs
// it, and the app's real request functions are called after it: their addresses must match.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';

const page = readFileSync(join(__dirname, '..', '..', '..', 'index.html'), 'utf8');
const earlyScript = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map(([, source]) => source)
  .find((source) => source.includes('__chapitresEarlyReads'));

const LIST = {
  count: 2,
  data: [
    {
      id: 'c1',
      title_infos: { title: 'La maison de Roanne' },
      images: [
        {
          id: 'i2',
          url: '/files/i2.png',
          display_url: '/files/i2.display.webp',
          legend: null,
          position: 2,
        },
        {
          id: 'i1',
          url: '/files/i1.jpg',
          display_url: '/files/i1.display.jpg',
          legend: null,
          position: 1,
        },
      ],
      updated_at: '2025-01-02T00:00:00Z',
    },
    { id: 'c2', images: [], updated_at: '2025-01-01T00:00:00Z' },
  ],
};
const QUESTIONS = { count: 0, data: [] };

function signIn(token: string, accountType = 'standard') {
  localStorage.setItem('chapitres.token', token);
  localStorage.setItem(
    'chapitres.user',
    JSON.stringify({ id: 'u1', email: 'jeanne@example.org', name: 'Jeanne', accountType }),
  );
}

/** The page's inline script, then fresh app modules (the unit tests' setup marks the first page shown). */
async function loadPage() {
  window.history.replaceState(null, '', '/');
  new Function(earlyScript!)();
  vi.resetModules();
  return {
    firstPage: await import('../../../src/lib/first-page'),
    session: await import('../../../src/lib/session'),
    conversations: await import('../../../src/lib/conversation-query'),
    questions: await import('../../../src/features/onboarding/api/get-questions'),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => {
  delete window.__chapitresEarlyReads;
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

describe('early reads', () => {
  it('answer the list and the onboarding questions without asking twice, and fetch the first picture', async () => {
    expect(earlyScript).toBeDefined();
    signIn('token-1');
    const net = mockFetch({
      'GET /api/v1/conversations': jsonReply(LIST),
      'GET /api/v1/onboardings/questions': jsonReply(QUESTIONS),
    });
    const { conversations, questions } = await loadPage();
    expect(net.calls).toHaveLength(2);
    expect(net.calls[0].headers.get('Authorization')).toBe('Bearer token-1');

    const list = await conversations.getConversationsWire();
    expect(list.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(await questions.getOnboardingQuestions('unanswered')).toEqual([]);
    expect(net.calls).toHaveLength(2);

    // The first chapter's picture in position 1, in the rendition its card shows.
    await flush();
    const preload = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe('/files/i1.display.jpg');

    // Taken once: the next request for the list asks the server.
    await conversations.getConversationsWire();
    expect(net.callsTo('GET /api/v1/conversations')).toHaveLength(2);
  });

  it('are not used for another person, after the first page, or when they failed', async () => {
    signIn('token-1');
    let net = mockFetch({
      'GET /api/v1/conversations': jsonReply(LIST),
      'GET /api/v1/onboardings/questions': jsonReply(QUESTIONS),
    });
    let modules = await loadPage();
    modules.session.startSession('token-2', modules.session.getSession()!.user!);
    await modules.conversations.getConversationsWire();
    expect(
      net.callsTo('GET /api/v1/conversations').map((c) => c.headers.get('Authorization')),
    ).toEqual(['Bearer token-1', 'Bearer token-2']);

    signIn('token-1');
    net = mockFetch({
      'GET /api/v1/conversations': jsonReply(LIST),
      'GET /api/v1/onboardings/questions': jsonReply(QUESTIONS),
    });
    modules = await loadPage();
    modules.firstPage.markFirstPageShown();
    await modules.conversations.getConversationsWire();
    expect(net.callsTo('GET /api/v1/conversations')).toHaveLength(2);

    signIn('token-1');
    net = mockFetch({
      'GET /api/v1/conversations': errorReply(500),
      'GET /api/v1/onboardings/questions': jsonReply(QUESTIONS),
    });
    modules = await loadPage();
    await expect(modules.conversations.getConversationsWire()).rejects.toMatchObject({
      reason: 'server',
    });
    expect(net.callsTo('GET /api/v1/conversations')).toHaveLength(2);
  });

  it("fetch the signed-in first page's code in the interface's language, listed by the build", async () => {
    signIn('token-1');
    localStorage.setItem('chapitres.lang', 'en');
    mockFetch({
      'GET /api/v1/conversations': jsonReply(LIST),
      'GET /api/v1/onboardings/questions': jsonReply(QUESTIONS),
    });
    expect(earlyScript).toContain('var code = { fr: [], en: [] };');
    const built = earlyScript!.replace(
      'var code = { fr: [], en: [] };',
      'var code = {"fr":["/assets/signed-in.js","/assets/texts-fr.js"],"en":["/assets/signed-in.js","/assets/texts-en.js"]};',
    );
    window.history.replaceState(null, '', '/');
    new Function(built)();
    const preloads = [
      ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
    ];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/signed-in.js',
      '/assets/texts-en.js',
    ]);
    for (const link of preloads) link.remove();
  });

  it('ask nothing signed out, on another page, or for the questions of a family account', async () => {
    const net = mockFetch({ 'GET /api/v1/conversations': jsonReply(LIST) });
    await loadPage();
    expect(net.calls).toHaveLength(0);

    signIn('token-1');
    window.history.replaceState(null, '', '/books');
    new Function(earlyScript!)();
    expect(net.calls).toHaveLength(0);

    signIn('token-1', 'multi-users');
    await loadPage();
    expect(net.calls.map((c) => c.path)).toEqual(['/api/v1/conversations']);
  });
});
