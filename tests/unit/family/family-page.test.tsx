// « Ma famille » (/family, issue 31), the storyteller's side of her circle: who is in it and what each may
// do, the invitation form (kept as a draft, cleared once sent; an address already there changes
// nothing), removal only after a confirmation that says access ends at once, and her family's questions.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CircleMember, CircleQuestion } from '@contract/circle';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { clearDevice } from '../conversation/support';
import { errorReply, jsonReply, mockFetch, type RecordedCall } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';

const MARIE: CircleMember = {
  id: '11111111-0000-4000-8000-000000000001',
  email: 'marie@example.org',
  name: 'Marie',
  relation: 'ma fille',
  role: 'contributor',
  status: 'active',
  invited_at: '2026-11-01T12:00:00.000Z',
  accepted_at: '2026-11-02T12:00:00.000Z',
  invite_expires_at: null,
  can_make_book: false,
};

const LUCAS: CircleMember = {
  id: '11111111-0000-4000-8000-000000000002',
  email: 'lucas@example.org',
  name: null,
  relation: 'mon petit-fils',
  role: 'reader',
  status: 'invited',
  invited_at: '2026-11-20T12:00:00.000Z',
  accepted_at: null,
  invite_expires_at: '2099-12-10T12:00:00.000Z',
  can_make_book: false,
};

const WAITING: CircleQuestion = {
  id: '22222222-0000-4000-8000-000000000001',
  text: 'Maman, comment as-tu rencontré papa ?',
  asker_name: 'Marie',
  relation: 'ma fille',
  status: 'waiting',
  conversation_id: null,
  created_at: '2026-11-03T12:00:00.000Z',
};

const ANSWERED: CircleQuestion = {
  id: '22222222-0000-4000-8000-000000000002',
  text: 'Quel était ton premier travail ?',
  asker_name: 'Paul',
  relation: null,
  status: 'answered',
  conversation_id: '0b0c2f7e-0000-4000-8000-0000000000c7',
  created_at: '2026-11-04T12:00:00.000Z',
};

type Reply = ReturnType<typeof jsonReply>;

function serve(
  routes: Record<string, Reply | ((call: RecordedCall) => Reply)> = {},
  members: CircleMember[] = [MARIE, LUCAS],
) {
  return mockFetch({
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /healthz': 'network-error',
    'GET /api/v1/circle/members': jsonReply({ data: members, count: members.length }),
    'GET /api/v1/circle/questions': jsonReply({ data: [WAITING, ANSWERED], count: 2 }),
    ...routes,
  });
}

function memberItem(name: string): HTMLElement {
  return screen.getByRole('listitem', { name: new RegExp(name) });
}

beforeEach(async () => {
  await resetApp();
  await clearDevice();
  reportNetworkSuccess();
  signInAs();
});

describe('Ma famille', () => {
  it('lists who is in her circle with their role in words, and the invitations still waiting', async () => {
    serve();
    renderApp('/family');
    await screen.findByRole('heading', { level: 1, name: 'Ma famille' });
    const marie = await screen.findByRole('listitem', { name: /Marie/ });
    expect(within(marie).getByText(/ma fille/)).toBeTruthy();
    expect(
      within(marie).getByText('contributeur : lit, pose des questions, ajoute des photos'),
    ).toBeTruthy();
    expect(within(marie).getByRole('button', { name: 'Passer en lecteur' })).toBeTruthy();
    expect(within(marie).queryByRole('button', { name: "Renvoyer l'invitation" })).toBeNull();

    const lucas = memberItem('lucas@example.org');
    expect(within(lucas).getByText('lecteur : lit les chapitres que vous partagez')).toBeTruthy();
    expect(
      within(lucas).getByText("Invitation envoyée, valable jusqu'au 10 décembre 2099"),
    ).toBeTruthy();
    expect(within(lucas).getByRole('button', { name: "Renvoyer l'invitation" })).toBeTruthy();
  });

  it("lists the family's questions with who asked and where each stands, and sets one aside", async () => {
    const net = serve({
      [`DELETE /api/v1/circle/questions/${WAITING.id}`]: { status: 204 },
    });
    renderApp('/family');
    const section = (await screen.findByRole('heading', { name: 'Les questions de votre famille' }))
      .parentElement!;
    await within(section).findByText('Maman, comment as-tu rencontré papa ?');
    expect(within(section).getByText('Marie (ma fille) demande :')).toBeTruthy();
    expect(
      within(section).getByText(
        "en attente — votre biographe vous la posera au début d'un prochain chapitre",
      ),
    ).toBeTruthy();
    expect(within(section).getByText('Paul demande :')).toBeTruthy();
    expect(within(section).getByText('répondue')).toBeTruthy();
    // Only a question still waiting can be set aside.
    const setAside = within(section).getAllByRole('button', {
      name: 'Ne pas poser cette question',
    });
    expect(setAside).toHaveLength(1);
    await userEvent.click(setAside[0]);
    await waitFor(() =>
      expect(within(section).queryByText('Maman, comment as-tu rencontré papa ?')).toBeNull(),
    );
    expect(net.callsTo(`DELETE /api/v1/circle/questions/${WAITING.id}`)).toHaveLength(1);
  });

  it('invites by email with a relation and a role: the form clears and the list shows them', async () => {
    const ANNE: CircleMember = {
      ...LUCAS,
      id: '11111111-0000-4000-8000-000000000003',
      email: 'anne@example.org',
      relation: 'ma sœur',
      role: 'contributor',
    };
    const net = serve({ 'POST /api/v1/circle/members': jsonReply(ANNE, 201) });
    renderApp('/family');
    const user = userEvent.setup();
    const email = (await screen.findByLabelText('Son adresse email')) as HTMLInputElement;
    await waitFor(() => expect(email.disabled).toBe(false));
    await user.type(email, ' anne@example.org ');
    await user.type(screen.getByLabelText(/Qui est-ce pour vous/), 'ma sœur');
    await user.click(screen.getByRole('radio', { name: /Contributeur/ }));
    await user.click(screen.getByRole('button', { name: "Envoyer l'invitation" }));

    await screen.findByText(
      "Invitation envoyée à anne@example.org. Elle est valable jusqu'au 10 décembre 2099.",
    );
    expect(JSON.parse(net.callsTo('POST /api/v1/circle/members')[0].body ?? '')).toEqual({
      email: 'anne@example.org',
      role: 'contributor',
      relation: 'ma sœur',
    });
    expect(email.value).toBe('');
    expect((screen.getByLabelText(/Qui est-ce pour vous/) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('radio', { name: /Lecteur/ }) as HTMLInputElement).checked).toBe(true);
    expect(memberItem('anne@example.org')).toBeTruthy();
  });

  it('says an address already in her circle changed nothing (200)', async () => {
    serve({ 'POST /api/v1/circle/members': jsonReply(MARIE, 200) });
    renderApp('/family');
    const user = userEvent.setup();
    const email = (await screen.findByLabelText('Son adresse email')) as HTMLInputElement;
    await waitFor(() => expect(email.disabled).toBe(false));
    await user.type(email, 'marie@example.org');
    await user.click(screen.getByRole('button', { name: "Envoyer l'invitation" }));
    await screen.findByText(/marie@example\.org est déjà dans votre cercle\s:\srien n'a changé\./);
    expect(screen.getAllByRole('listitem', { name: /Marie/ })).toHaveLength(1);
  });

  it('checks the address before sending, and says plainly when too many invitations went', async () => {
    const net = serve({
      'POST /api/v1/circle/members': errorReply(429, [
        { type: 'too_many_requests', msg: 'Too many' },
      ]),
    });
    renderApp('/family');
    const user = userEvent.setup();
    const email = (await screen.findByLabelText('Son adresse email')) as HTMLInputElement;
    await waitFor(() => expect(email.disabled).toBe(false));
    await user.type(email, 'anne@');
    await user.click(screen.getByRole('button', { name: "Envoyer l'invitation" }));
    expect(
      screen.getByText('Cette adresse email ne semble pas complète. Vérifiez-la.'),
    ).toBeTruthy();
    expect(net.callsTo('POST /api/v1/circle/members')).toHaveLength(0);
    await user.type(email, 'example.org');
    await user.click(screen.getByRole('button', { name: "Envoyer l'invitation" }));
    await screen.findByText(/Vous avez envoyé beaucoup d'invitations/);
    expect(email.value).toBe('anne@example.org');
  });

  it('keeps the address being typed across a reload (a draft)', async () => {
    serve();
    const first = renderApp('/family');
    const user = userEvent.setup();
    const email = (await screen.findByLabelText('Son adresse email')) as HTMLInputElement;
    await waitFor(() => expect(email.disabled).toBe(false));
    await user.type(email, 'paul@exa');
    first.unmount();
    renderApp('/family');
    const again = (await screen.findByLabelText('Son adresse email')) as HTMLInputElement;
    await waitFor(() => expect(again.value).toBe('paul@exa'));
  });

  it('removes someone only after a confirmation that says access ends at once', async () => {
    const net = serve({ [`DELETE /api/v1/circle/members/${MARIE.id}`]: { status: 204 } });
    renderApp('/family');
    const user = userEvent.setup();
    const marie = await screen.findByRole('listitem', { name: /Marie/ });
    await user.click(within(marie).getByRole('button', { name: 'Retirer du cercle' }));
    const dialog = screen.getByRole('alertdialog', { name: /Retirer Marie de votre cercle/ });
    expect(
      within(dialog).getByText('Marie ne pourra plus lire vos chapitres, dès maintenant.'),
    ).toBeTruthy();
    expect(net.callsTo(`DELETE /api/v1/circle/members/${MARIE.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Retirer maintenant' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(net.callsTo(`DELETE /api/v1/circle/members/${MARIE.id}`)).toHaveLength(1);
    expect(screen.queryByRole('listitem', { name: /Marie/ })).toBeNull();
    await screen.findByText("Marie n'est plus dans votre cercle.");
  });

  it('changes a role and sends an invitation again', async () => {
    const net = serve({
      [`PATCH /api/v1/circle/members/${MARIE.id}`]: (call) =>
        jsonReply({ ...MARIE, ...(JSON.parse(call.body ?? '{}') as object) }),
      [`POST /api/v1/circle/members/${LUCAS.id}/invitation`]: jsonReply(LUCAS),
    });
    renderApp('/family');
    const user = userEvent.setup();
    const marie = await screen.findByRole('listitem', { name: /Marie/ });
    await user.click(within(marie).getByRole('button', { name: 'Passer en lecteur' }));
    await within(marie).findByText('lecteur : lit les chapitres que vous partagez');
    expect(
      JSON.parse(net.callsTo(`PATCH /api/v1/circle/members/${MARIE.id}`)[0].body ?? ''),
    ).toEqual({ role: 'reader' });
    await user.click(
      within(memberItem('lucas@example.org')).getByRole('button', {
        name: "Renvoyer l'invitation",
      }),
    );
    await screen.findByText("L'invitation a été renvoyée à lucas@example.org.");
    expect(net.callsTo(`POST /api/v1/circle/members/${LUCAS.id}/invitation`)).toHaveLength(1);
  });

  it('offline, says plainly that changes need the Internet and sends nothing', async () => {
    serve();
    renderApp('/family');
    await screen.findByRole('listitem', { name: /Marie/ });
    reportNetworkFailure();
    await screen.findByText(/Votre famille n'est pas disponible sans connexion/);
    expect(
      (screen.getByRole('button', { name: "Envoyer l'invitation" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (
        within(memberItem('Marie')).getByRole('button', {
          name: 'Retirer du cercle',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });
});

describe('the menu', () => {
  it('has « Ma famille » next to the books', async () => {
    serve();
    renderApp('/family');
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    const link = within(nav).getByRole('link', { name: 'Famille' });
    expect(link.getAttribute('href')).toBe('/family');
    expect(link.getAttribute('aria-current')).toBe('page');
  });
});
