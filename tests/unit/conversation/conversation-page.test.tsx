// The chapter page: what it shows, the text written on arrival, corrections through the outbox (kept as
// drafts), undo/redo, the author line, deletion, the broken-picture fallback, offline reading, 404.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { storeChapter } from '../../../src/offline/stored-chapters';
import { errorReply, jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { BASE, ID, PAGE, chapterServer, chapterWire, clearDevice, deferred } from './support';

beforeEach(async () => {
  await resetApp();
  await clearDevice();
  reportNetworkSuccess();
});

async function pendingOps() {
  return db.outbox.where('[entity+entityId]').equals(['chapter', ID]).sortBy('createdAt');
}

describe('the chapter page', () => {
  it('shows the title, keywords, the main picture first, the thumbnails and the text', async () => {
    chapterServer();
    renderApp(PAGE);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'La maison de Roanne' }),
    ).toBeTruthy();
    expect(screen.getByText('Roanne, gare, Loire')).toBeTruthy();
    const main = screen.getByRole('img', { name: 'La gare' });
    expect(main.getAttribute('src')).toBe('/files/one.jpg');
    expect(screen.getByRole('button', { name: "Afficher l'image 2 en grand" })).toBeTruthy();
    const story = screen.getByRole('region', { name: 'Votre récit' });
    expect(within(story).getByText('Je suis née en 1941 à Roanne.').tagName).toBe('P');
    expect(within(story).getByText('Mon père était cheminot.')).toBeTruthy();
    // Nothing to undo or redo: no buttons.
    expect(screen.queryByRole('button', { name: /Annuler la dernière modification/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Rétablir/ })).toBeNull();
    // A standard account has no author line.
    expect(screen.queryByText('par Paul')).toBeNull();
    for (const name of [
      'Corriger mon histoire',
      'Refaire le résumé',
      'Partager mon histoire',
      'Nouveau chapitre',
      'Supprimer le chapitre',
    ])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continuer mon histoire' }).getAttribute('href')).toBe(
      `${PAGE}/chat`,
    );
    expect(screen.getByRole('link', { name: 'Gérer les images' }).getAttribute('href')).toBe(
      `${PAGE}/images`,
    );
    // Opened once, the chapter is kept on the device.
    await waitFor(async () =>
      expect((await db.chapters.get(ID))?.title).toBe('La maison de Roanne'),
    );
  });

  it('shows a larger thumbnail when it is pressed', async () => {
    chapterServer();
    renderApp(PAGE);
    await userEvent.click(
      await screen.findByRole('button', { name: "Afficher l'image 2 en grand" }),
    );
    expect(screen.getByRole('img', { name: 'Image 2 du chapitre' }).getAttribute('src')).toBe(
      '/files/two.jpg',
    );
  });

  it('replaces a picture that fails to load by the default one and says so', async () => {
    chapterServer();
    renderApp(PAGE);
    const main = await screen.findByRole('img', { name: 'La gare' });
    fireEvent.error(main);
    await waitFor(() => expect(main.getAttribute('src')).toBe('/images/default-image.svg'));
    expect(await screen.findByText("Impossible de charger l'image")).toBeTruthy();
  });

  it('writes a chapter with answers and no text on arrival, once, with the placeholder meanwhile', async () => {
    const answer = deferred<ReturnType<typeof jsonReply>>();
    const server = chapterServer(
      chapterWire({
        title_infos: { title: null },
        summary_infos: { summary: null, allowed_actions: [], warnings: [] },
        images: [],
      }),
      { routes: { [`POST ${BASE}/generate`]: () => answer.promise } },
    );
    renderApp(PAGE);
    expect(await screen.findByText('Le résumé est en cours de génération...')).toBeTruthy();
    const [call, ...others] = server.callsTo(`POST ${BASE}/generate`);
    expect(others).toHaveLength(0);
    expect(Object.fromEntries(call!.query)).toEqual({
      do_title: 'true',
      do_keywords: 'true',
      do_image: 'true',
      do_summary: 'true',
    });
    expect(JSON.parse(call!.body!)).toEqual({
      summary_kwargs: { user_instructions: null, use_previous_summary: true },
    });
    const written = chapterWire({
      title_infos: { title: 'Une enfance à Roanne' },
      summary_infos: { summary: 'Je suis née à Roanne.', allowed_actions: ['undo'], warnings: [] },
    });
    server.state.chapter = written;
    await act(async () => answer.resolve(jsonReply(written)));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Une enfance à Roanne' }),
    ).toBeTruthy();
    expect(screen.getByText('Je suis née à Roanne.')).toBeTruthy();
    expect(screen.queryByText('Le résumé est en cours de génération...')).toBeNull();
    expect(server.callsTo(`POST ${BASE}/generate`)).toHaveLength(1);
  });

  it('does not write a chapter that has a text, or no answer yet', async () => {
    const server = chapterServer(
      chapterWire({
        summary_infos: { summary: null, allowed_actions: [], warnings: [] },
        chat_count: 1,
      }),
    );
    renderApp(PAGE);
    expect(await screen.findByText(/Le récit de ce chapitre n'est pas encore écrit/)).toBeTruthy();
    expect(server.callsTo(`POST ${BASE}/generate`)).toHaveLength(0);
  });

  it('says when the writer failed, and keeps the page', async () => {
    chapterServer(
      chapterWire({ summary_infos: { summary: null, allowed_actions: [], warnings: [] } }),
      {
        routes: {
          [`POST ${BASE}/generate`]: errorReply(503, [
            { type: 'ai_unavailable', msg: 'Indisponible' },
          ]),
        },
      },
    );
    renderApp(PAGE);
    expect(
      await screen.findByText('Une erreur est survenue lors de la génération du résumé'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'La maison de Roanne' })).toBeTruthy();
  });

  it("shows the writer's warnings in plain words", async () => {
    chapterServer(
      chapterWire({
        summary_infos: {
          summary: 'Il est né à Roanne.',
          allowed_actions: [],
          warnings: ['comment_not_applied', 'unfaithful:Lyon'],
        },
      }),
    );
    renderApp(PAGE);
    expect(await screen.findByText(/Votre commentaire n'a pas pu être suivi/)).toBeTruthy();
    expect(screen.getByText(/cite peut-être des noms, des lieux ou des dates/)).toBeTruthy();
  });
});

describe('correcting the chapter', () => {
  it('queues the changed title and text in the outbox and shows them at once', async () => {
    const user = userEvent.setup();
    chapterServer();
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Corriger mon histoire' }));
    const title = screen.getByLabelText('Titre du chapitre');
    const text = screen.getByLabelText('Texte du chapitre');
    expect(text.getAttribute('rows')).toBe('20');
    await waitFor(() => expect((title as HTMLInputElement).value).toBe('La maison de Roanne'));
    expect(screen.queryByRole('button', { name: 'Corriger mon histoire' })).toBeNull();
    await user.clear(title);
    await user.type(title, 'Ma maison');
    await user.type(text, ' Fin.');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Vos corrections sont enregistrées.')).toBeTruthy();
    const ops = await pendingOps();
    expect(ops.map((op) => [op.field, (op.payload as { value: string }).value])).toEqual([
      ['title', 'Ma maison'],
      ['summary', 'Je suis née en 1941 à Roanne.\n\nMon père était cheminot. Fin.'],
    ]);
    expect(ops[0]!.baseUpdatedAt).toBe('2025-03-01T10:00:00.000Z');
    expect((ops[0]!.payload as { base: string }).base).toBe('La maison de Roanne');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ma maison' })).toBeTruthy();
    expect(screen.getByText('Mon père était cheminot. Fin.')).toBeTruthy();
    expect(screen.getByText(/Modification en attente/)).toBeTruthy();
    // The drafts are gone once saved.
    expect(await db.drafts.count()).toBe(0);
  });

  it('cancels without queuing anything', async () => {
    const user = userEvent.setup();
    chapterServer();
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Corriger mon histoire' }));
    const title = screen.getByLabelText('Titre du chapitre');
    await waitFor(() => expect((title as HTMLInputElement).value).toBe('La maison de Roanne'));
    await user.type(title, ' bis');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'La maison de Roanne' }),
    ).toBeTruthy();
    expect(await pendingOps()).toHaveLength(0);
    await waitFor(async () => expect(await db.drafts.count()).toBe(0));
  });

  it('gives back what was typed after a reload', async () => {
    const user = userEvent.setup();
    chapterServer();
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Corriger mon histoire' }));
    const text = screen.getByLabelText('Texte du chapitre');
    await waitFor(() => expect((text as HTMLTextAreaElement).value).toContain('cheminot'));
    await user.type(text, ' Et ma mère tenait une épicerie.');
    cleanup(); // the tab is closed: the draft is written on the way out
    await waitFor(async () =>
      expect((await db.drafts.get(`summary:${ID}`))?.value).toContain('épicerie'),
    );

    renderApp(PAGE);
    const again = await screen.findByLabelText('Texte du chapitre');
    await waitFor(() =>
      expect((again as HTMLTextAreaElement).value).toContain('Et ma mère tenait une épicerie.'),
    );
    // Said in the editor, above its fields (a toast lay over them at large text sizes).
    const said = await screen.findByText('Vos corrections non enregistrées ont été retrouvées.');
    expect(said.closest('form')).toBe(again.closest('form'));
  });
});

describe('going back to the text before (issue 29 #10)', () => {
  it('is offered, explained, after a change made in this visit only, and goes with the next change', async () => {
    const user = userEvent.setup();
    const server = chapterServer(
      chapterWire({
        summary_infos: { summary: 'Texte corrigé.', allowed_actions: ['undo'], warnings: [] },
      }),
      {
        routes: {
          [`POST ${BASE}/generate`]: () => {
            server.state.chapter = chapterWire({
              summary_infos: { summary: 'Texte réécrit.', allowed_actions: ['undo'], warnings: [] },
            });
            return jsonReply(server.state.chapter);
          },
          [`PATCH ${BASE}/summaries`]: (call) => {
            const undo = call.query.get('action') === 'undo';
            server.state.chapter = chapterWire({
              summary_infos: undo
                ? { summary: 'Texte corrigé.', allowed_actions: ['redo'], warnings: [] }
                : { summary: 'Texte réécrit.', allowed_actions: ['undo'], warnings: [] },
            });
            return jsonReply(server.state.chapter);
          },
        },
      },
    );
    const view = renderApp(PAGE);
    await screen.findByText('Texte corrigé.');
    // An older change is not offered back for good under the chapter.
    expect(screen.queryByRole('button', { name: "Revenir au texte d'avant" })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Refaire le résumé' }));
    const center = screen.getByRole('dialog', { name: 'Refaire le résumé ou le titre' });
    await user.click(within(center).getByRole('button', { name: 'Générer le résumé' }));
    expect(await screen.findByText('Texte réécrit.')).toBeTruthy();
    const undo = await screen.findByRole('button', { name: "Revenir au texte d'avant" });
    expect(undo.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(undo.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /Le texte vient de changer.*jusqu'au prochain changement/,
    );
    await user.click(undo);
    expect(await screen.findByText('Texte corrigé.')).toBeTruthy();
    expect(server.callsTo(`PATCH ${BASE}/summaries`)[0]!.query.get('action')).toBe('undo');
    expect(screen.queryByRole('button', { name: "Revenir au texte d'avant" })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Remettre le nouveau texte' }));
    expect(await screen.findByText('Texte réécrit.')).toBeTruthy();
    expect(server.callsTo(`PATCH ${BASE}/summaries`)[1]!.query.get('action')).toBe('redo');
    await screen.findByRole('button', { name: "Revenir au texte d'avant" });

    // The next change (correcting by hand) takes the offer away.
    await user.click(screen.getByRole('button', { name: 'Corriger mon histoire' }));
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await screen.findByText('Texte réécrit.');
    expect(screen.queryByRole('button', { name: "Revenir au texte d'avant" })).toBeNull();

    // Leaving the page and coming back: not offered either.
    view.unmount();
    renderApp(PAGE);
    await screen.findByText('Texte réécrit.');
    expect(screen.queryByRole('button', { name: "Revenir au texte d'avant" })).toBeNull();
  });

  it('warns next to the box when unticked, and asks before a rewrite that drops her sentences', async () => {
    const user = userEvent.setup();
    const server = chapterServer(chapterWire(), {
      routes: { [`POST ${BASE}/generate`]: () => jsonReply(server.state.chapter) },
    });
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Refaire le résumé' }));
    const center = screen.getByRole('dialog', { name: 'Refaire le résumé ou le titre' });
    expect(within(center).queryByText(/ne seront pas gardées/)).toBeNull();
    const reuse = within(center).getByRole('checkbox', { name: /Partir du texte actuel/ });
    await user.click(reuse);
    const warning = within(center).getByText(/Attention : tout le texte sera réécrit/);
    expect(reuse.getAttribute('aria-describedby')).toBe(warning.id);

    await user.click(within(center).getByRole('button', { name: 'Générer le résumé' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Réécrire tout le texte\u202f?' });
    // The safe answer has the focus.
    expect(document.activeElement).toBe(
      within(confirm).getByRole('button', { name: 'Non, garder mon texte' }),
    );
    await user.click(within(confirm).getByRole('button', { name: 'Non, garder mon texte' }));
    expect(server.callsTo(`POST ${BASE}/generate`)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Refaire le résumé ou le titre' })).toBeTruthy();

    await user.click(within(center).getByRole('button', { name: 'Générer le résumé' }));
    await user.click(screen.getByRole('button', { name: 'Oui, tout réécrire' }));
    await waitFor(() => expect(server.callsTo(`POST ${BASE}/generate`)).toHaveLength(1));
    expect(JSON.parse(server.callsTo(`POST ${BASE}/generate`)[0]!.body!)).toMatchObject({
      summary_kwargs: { use_previous_summary: false },
    });
  });
});

describe('a generated title (issue 29 #8)', () => {
  it('asks before replacing a title she typed, shows the new one at the top, and can put the old one back', async () => {
    const user = userEvent.setup();
    const server = chapterServer(chapterWire({ title_infos: { title: 'Ma maison à moi' } }), {
      routes: {
        [`POST ${BASE}/generate`]: () => {
          server.state.chapter = chapterWire({ title_infos: { title: 'Les trains de mon père' } });
          return jsonReply(server.state.chapter);
        },
      },
    });
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Refaire le résumé' }));
    const center = screen.getByRole('dialog', { name: 'Refaire le résumé ou le titre' });
    await user.click(within(center).getByRole('button', { name: 'Générer un titre' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remplacer votre titre\u202f?' });
    expect(confirm.textContent).toContain('«\u00a0Ma maison à moi\u00a0»');
    await user.click(within(confirm).getByRole('button', { name: 'Non, garder mon titre' }));
    expect(server.callsTo(`POST ${BASE}/generate`)).toHaveLength(0);

    await user.click(within(center).getByRole('button', { name: 'Générer un titre' }));
    await user.click(screen.getByRole('button', { name: 'Oui, proposer un nouveau titre' }));
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Les trains de mon père',
    });
    // In view and read first.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText("L'ancien titre était « Ma maison à moi »."));
    await user.click(screen.getByRole('button', { name: "Remettre l'ancien titre" }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ma maison à moi' })).toBeTruthy();
    const ops = await pendingOps();
    expect(ops.map((op) => [op.field, (op.payload as { value: string }).value])).toEqual([
      ['title', 'Ma maison à moi'],
    ]);
    expect(screen.queryByRole('button', { name: "Remettre l'ancien titre" })).toBeNull();
  });

  it('does not ask again for a title the biographer wrote', async () => {
    const user = userEvent.setup();
    let n = 0;
    const server = chapterServer(chapterWire(), {
      routes: {
        [`POST ${BASE}/generate`]: () => {
          n += 1;
          server.state.chapter = chapterWire({ title_infos: { title: `Titre proposé ${n}` } });
          return jsonReply(server.state.chapter);
        },
      },
    });
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Refaire le résumé' }));
    await user.click(screen.getByRole('button', { name: 'Générer un titre' }));
    await user.click(screen.getByRole('button', { name: 'Oui, proposer un nouveau titre' }));
    await screen.findByRole('heading', { level: 1, name: 'Titre proposé 1' });
    await user.click(screen.getByRole('button', { name: 'Refaire le résumé' }));
    await user.click(screen.getByRole('button', { name: 'Générer un titre' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await screen.findByRole('heading', { level: 1, name: 'Titre proposé 2' });
    expect(screen.getByText("L'ancien titre était « Titre proposé 1 ».")).toBeTruthy();
  });
});

describe('correcting the story (issue 29 #7)', () => {
  it('brings the title field into view and gives it the focus', async () => {
    const user = userEvent.setup();
    chapterServer();
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderApp(PAGE);
      await user.click(await screen.findByRole('button', { name: 'Corriger mon histoire' }));
      const title = screen.getByLabelText('Titre du chapitre');
      await waitFor(() => expect(document.activeElement).toBe(title));
      // The form comes into view from its top: its heading, then the title field.
      expect(scrolled.at(-1)!.tagName).toBe('FORM');
      expect(scrolled.at(-1)!.contains(title)).toBe(true);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});

describe('closing the editor with Escape (issue 35 #10)', () => {
  it('closes at once when nothing changed and gives the focus back to « Corriger mon histoire »', async () => {
    const user = userEvent.setup();
    chapterServer();
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Corriger mon histoire' }));
    const title = screen.getByLabelText('Titre du chapitre');
    await waitFor(() => expect(document.activeElement).toBe(title));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByLabelText('Titre du chapitre')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Corriger mon histoire' }),
      ),
    );
    expect(await pendingOps()).toHaveLength(0);
  });

  it('asks first when something was typed; going on keeps the text, closing anyway keeps the draft', async () => {
    const user = userEvent.setup();
    chapterServer();
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Corriger mon histoire' }));
    const text = screen.getByLabelText('Texte du chapitre') as HTMLTextAreaElement;
    await waitFor(() => expect(text.value).toContain('cheminot'));
    await user.type(text, ' Et ma mère.');
    await user.keyboard('{Escape}');

    // The question, focused on the safe answer; « Continuer à corriger » goes back to the field.
    const question = await screen.findByRole('alertdialog', {
      name: 'Fermer sans enregistrer\u202f?',
    });
    expect(document.activeElement).toBe(
      within(question).getByRole('button', { name: 'Continuer à corriger' }),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(text);
    expect(text.value).toContain('Et ma mère.');

    // Asked again, « Fermer quand même » closes without losing what was typed.
    await user.keyboard('{Escape}');
    const again = await screen.findByRole('alertdialog', {
      name: 'Fermer sans enregistrer\u202f?',
    });
    await user.click(within(again).getByRole('button', { name: 'Fermer quand même' }));
    await waitFor(() => expect(screen.queryByLabelText('Texte du chapitre')).toBeNull());
    const editButton = screen.getByRole('button', { name: 'Corriger mon histoire' });
    await waitFor(() => expect(document.activeElement).toBe(editButton));
    expect(await pendingOps()).toHaveLength(0);
    await waitFor(async () =>
      expect((await db.drafts.get(`summary:${ID}`))?.value).toContain('Et ma mère.'),
    );

    await user.click(editButton);
    const reopened = (await screen.findByLabelText('Texte du chapitre')) as HTMLTextAreaElement;
    await waitFor(() => expect(reopened.value).toContain('Et ma mère.'));
  });
});

describe('the author line', () => {
  it('is shown to multi-user accounts, Enter confirms and Escape cancels', async () => {
    const user = userEvent.setup();
    chapterServer(chapterWire(), { user: { account_type: 'multi-users' } });
    renderApp(PAGE);
    expect(await screen.findByText('par Paul')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: "Changer le nom de l'auteur" }));
    const field = screen.getByLabelText("Nom de l'auteur de ce chapitre");
    await user.clear(field);
    await user.type(field, 'Pierre{Escape}');
    expect(await screen.findByText('par Paul')).toBeTruthy();
    expect(await pendingOps()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: "Changer le nom de l'auteur" }));
    const again = screen.getByLabelText("Nom de l'auteur de ce chapitre");
    await user.clear(again);
    await user.type(again, 'Pierre{Enter}');
    expect(await screen.findByText("Le nom de l'auteur a été mis à jour")).toBeTruthy();
    expect(await screen.findByText('par Pierre')).toBeTruthy();
    const [op] = await pendingOps();
    expect(op).toMatchObject({ field: 'conv_author', payload: { value: 'Pierre', base: 'Paul' } });
  });

  it('refuses an empty name', async () => {
    const user = userEvent.setup();
    chapterServer(chapterWire(), { user: { account_type: 'multi-users' } });
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: "Changer le nom de l'auteur" }));
    const field = screen.getByLabelText("Nom de l'auteur de ce chapitre");
    await user.clear(field);
    await user.type(field, '{Enter}');
    expect(screen.getByRole('alert').textContent).toBe("Le nom de l'auteur ne peut pas être vide.");
    expect(await pendingOps()).toHaveLength(0);
  });
});

describe('deleting the chapter', () => {
  it('asks first, deletes, forgets the copy on the device and goes home', async () => {
    const user = userEvent.setup();
    const server = chapterServer(chapterWire(), {
      routes: {
        [`DELETE ${BASE}`]: () => {
          server.state.chapter = null as never;
          return { status: 204 };
        },
        'GET /api/v1/conversations': jsonReply({ data: { data: [], count: 0 } }),
        'GET /api/v1/onboardings/questions': jsonReply({ data: [], count: 0 }),
        'GET /api/v1/onboardings/answers': jsonReply({ data: [], count: 0 }),
        'GET /api/v1/books': jsonReply({ data: [], count: 0 }),
        'GET /api/v1/premium-status': 'network-error',
      },
    });
    const { router } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Supprimer le chapitre' }));
    const dialog = screen.getByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Voulez-vous vraiment supprimer le chapitre « La maison de Roanne » ?',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(server.callsTo(`DELETE ${BASE}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Oui, supprimer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.callsTo(`DELETE ${BASE}`)).toHaveLength(1);
    expect(await db.chapters.get(ID)).toBeUndefined();
  });

  it('keeps the dialog open with the §8 message when it fails', async () => {
    const user = userEvent.setup();
    chapterServer(chapterWire(), { routes: { [`DELETE ${BASE}`]: errorReply(500) } });
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Supprimer le chapitre' }));
    await user.click(screen.getByRole('button', { name: 'Oui, supprimer' }));
    expect(
      (
        await screen.findAllByText(
          "Le chapitre n'a pas pu être supprimé. Réessayez dans un moment.",
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});

describe('without the server', () => {
  it('shows the copy kept on the device and disables what needs the network', async () => {
    await storeChapter(chapterWire({ title_infos: { title: 'Copie gardée' } }));
    chapterServer(chapterWire(), {
      routes: { [`GET ${BASE}`]: 'network-error', 'GET /api/v1/users/me': 'network-error' },
    });
    reportNetworkFailure();
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Copie gardée' })).toBeTruthy();
    expect(
      screen.getByText('Hors ligne : vous lisez la copie gardée sur cet appareil.'),
    ).toBeTruthy();
    expect(screen.getByText('Mon père était cheminot.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refaire le résumé' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Supprimer le chapitre' })).toHaveProperty(
      'disabled',
      true,
    );
    // Corrections still work: they wait in the outbox.
    expect(screen.getByRole('button', { name: 'Corriger mon histoire' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('says a chapter never opened on this device will show when the connection is back', async () => {
    chapterServer(chapterWire(), {
      routes: { [`GET ${BASE}`]: 'network-error', 'GET /api/v1/users/me': 'network-error' },
    });
    reportNetworkFailure();
    renderApp(PAGE);
    expect(await screen.findByText("Ce chapitre n'est pas sur cet appareil")).toBeTruthy();
  });

  it("says another person's or an unknown chapter cannot be found, asking only once", async () => {
    const server = chapterServer(chapterWire(), {
      routes: { [`GET ${BASE}`]: errorReply(404, [{ type: 'not_found', msg: 'Introuvable' }]) },
    });
    renderApp(PAGE);
    expect(await screen.findByText('Ce chapitre est introuvable')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.callsTo(`GET ${BASE}`)).toHaveLength(1);
  });
});
