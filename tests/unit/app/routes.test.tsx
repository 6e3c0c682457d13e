// The route table: guest routes, the redirect to /login remembering the address, where login leads,
// the 404 page and the document title.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSession } from '../../../src/lib/session';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';

beforeEach(async () => {
  await resetApp();
});

const protectedPages: [string, string][] = [
  ['/', 'Mes histoires'],
  ['/profile', 'Mon compte'],
  ['/conversations/c1', 'Chapitre'],
  ['/conversations/c1/images', 'Images du chapitre'],
  ['/conversations/c1/share', 'Partager le chapitre'],
  ['/conversations/c1/chat', 'Conversation'],
  ['/conversations/book/create', "Création d'un livre"],
  ['/books', 'Mes livres'],
  ['/book/b1', 'Livre'],
  ['/subscription', 'Abonnement'],
  ['/onboarding', 'Faisons connaissance'],
  ['/support', 'Aide et contact'],
];

async function logIn(email = 'jeanne@example.org', password = 'Souvenir1!') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Adresse email'), email);
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

function loginRoutes(unanswered: unknown[] | 'fail', wire = testUserWire) {
  return mockFetch({
    'POST /api/v1/login/access-token': jsonReply({
      access_token: 'fresh-token',
      token_type: 'bearer',
    }),
    'GET /api/v1/users/me': jsonReply(wire),
    'GET /api/v1/onboardings/questions':
      unanswered === 'fail'
        ? errorReply(500)
        : jsonReply({ data: unanswered, count: unanswered.length }),
  });
}

describe('signed out', () => {
  it("asks nothing that needs a session on a guest's first visit to /", async () => {
    const net = mockFetch({
      'GET /api/v1/conversations': errorReply(401),
      'GET /api/v1/onboardings/questions': errorReply(401),
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    // Give a loader that raced the redirect the time to ask.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(net.callsTo('GET /api/v1/conversations')).toHaveLength(0);
    expect(net.callsTo('GET /api/v1/onboardings/questions')).toHaveLength(0);
  });

  it.each(protectedPages)('%s sends to /login and remembers the address', async (path) => {
    const { router } = renderApp(`${path}?from=test`);
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('chapitres.returnTo')).toBe(`${path}?from=test`);
  });

  it.each([
    ['/login', 'Connexion'],
    ['/register', 'Créer un compte'],
    ['/register-multi', 'Créer un compte famille ou groupe'],
    ['/forgot-password', 'Mot de passe oublié'],
    ['/reset-password', 'Nouveau mot de passe'],
    ['/payment-success', 'Merci, votre paiement est confirmé'],
    ['/payment-failure', "Le paiement n'a pas abouti"],
    ['/terms', 'Conditions générales'],
    ['/privacy', 'Politique de confidentialité'],
  ])('%s is open to guests', async (path, heading) => {
    const { router } = renderApp(path);
    await screen.findByRole('heading', { level: 1, name: heading });
    expect(router.state.location.pathname).toBe(path);
  });

  it('opens any path beginning with email-validation', async () => {
    mockFetch({ 'POST /api/v1/validate-email': jsonReply({ message: 'ok' }) });
    renderApp('/email-validation/extra?token=abc');
    await screen.findByText('Votre email est validé');
  });

  it('shows the 404 page for an unknown path', async () => {
    renderApp('/nowhere/at/all');
    await screen.findByRole('heading', { level: 1, name: 'Vous semblez perdu' });
    expect(document.title).toBe('Chapitres – Page introuvable');
  });

  it('titles the document with the product name and the route title', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    await waitFor(() => expect(document.title).toBe('Chapitres – Connexion'));
  });

  it('after login goes to the remembered address once', async () => {
    const net = loginRoutes([]);
    const { router } = renderApp('/books?page=2');
    await logIn();
    await screen.findByRole('heading', { level: 1, name: 'Mes livres' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/books?page=2');
    expect(window.localStorage.getItem('chapitres.returnTo')).toBeNull();
    expect(window.localStorage.getItem('chapitres.token')).toBe('fresh-token');
    expect(JSON.parse(window.localStorage.getItem('chapitres.user') ?? '{}')).toMatchObject({
      email: 'jeanne@example.org',
      name: 'Jeanne Martin',
    });
    expect(net.callsTo('GET /api/v1/users/me')[0].headers.get('Authorization')).toBe(
      'Bearer fresh-token',
    );
    const questions = net.callsTo('GET /api/v1/onboardings/questions')[0].query;
    expect(questions.get('questions_status')).toBe('unanswered');
    expect(questions.get('limit')).toBe('100');
  });

  it('after login goes to / without a remembered address', async () => {
    loginRoutes([]);
    const { router } = renderApp('/login');
    await logIn();
    await screen.findByRole('heading', { level: 1, name: 'Mes histoires' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('after login sends a standard account with unanswered questions to /onboarding', async () => {
    loginRoutes([{ question_id: 'q1' }]);
    const { router } = renderApp('/books');
    await logIn();
    await screen.findByRole('heading', { level: 1, name: 'Faisons connaissance' });
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('after login skips onboarding for a multi-users account', async () => {
    loginRoutes([{ question_id: 'q1' }], { ...testUserWire, account_type: 'multi-users' });
    const { router } = renderApp('/books');
    await logIn();
    await screen.findByRole('heading', { level: 1, name: 'Mes livres' });
    expect(router.state.location.pathname).toBe('/books');
  });

  it('after login goes on to the address when the questions cannot be loaded', async () => {
    loginRoutes('fail');
    const { router } = renderApp('/support');
    await logIn();
    await screen.findByRole('heading', { level: 1, name: 'Aide et contact' });
    expect(router.state.location.pathname).toBe('/support');
  });
});

const chapterC1 = {
  id: 'c1',
  title_infos: { title: 'Le jardin de ma grand-mère' },
  keywords_infos: { keywords: [] },
  summary_infos: { summary: 'Il était une fois.', allowed_actions: [], warnings: [] },
  images: [],
  created_at: '2025-03-01T09:00:00.000Z',
  updated_at: '2025-03-01T10:00:00.000Z',
  conv_author: null,
  chat_count: 7,
};

describe('signed in', () => {
  beforeEach(() => {
    signInAs();
    mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/conversations/c1': jsonReply(chapterC1),
    });
  });

  it.each(protectedPages)('%s shows its page with the title %s', async (path, title) => {
    const { router } = renderApp(path);
    // The chat's heading is the chapter's title ("Nouveau chapitre" until it is known), the chapter
    // page's too, the image manager has its own; the tab says which screen it is. The share address
    // opens the chapter with its share dialog.
    const headings: Record<string, string> = {
      '/conversations/c1/chat': 'Nouveau chapitre',
      '/conversations/c1': 'Le jardin de ma grand-mère',
      '/conversations/c1/share': 'Le jardin de ma grand-mère',
      '/conversations/c1/images': 'Les images du chapitre',
    };
    await screen.findByRole('heading', { level: 1, name: headings[path] ?? title });
    const tab = path.endsWith('/share') ? 'Chapitre' : title;
    await waitFor(() => expect(document.title).toBe(`Chapitres – ${tab}`));
    if (path.endsWith('/share')) {
      expect(router.state.location.pathname).toBe('/conversations/c1');
      expect(await screen.findByRole('dialog', { name: 'Partager mon histoire' })).toBeTruthy();
    }
  });

  it('skips the login screen', async () => {
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Mes histoires' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('leaves for /login as soon as a call answers 401', async () => {
    mockFetch({
      'GET /api/v1/users/me': errorReply(401, [{ type: 'invalid_token', msg: 'Jeton invalide' }]),
    });
    const { router } = renderApp('/books');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession()).toBeNull();
    await screen.findByText('Vous avez été déconnecté. Veuillez vous reconnecter.');
  });
});
