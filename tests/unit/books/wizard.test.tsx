// The book wizard: the introduction and its progress, choosing 4 to 10 titled chapters, the order (by
// buttons and by keyboard dragging), the author, suggestions that fill only empty fields, the picture
// pickers (existing and upload), the saved state reopened at the same step, and the creation: the exact
// payload, the book page after it, the server's message and the offers link when it fails.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WIZARD_STORAGE_KEY } from '../../../src/features/books/wizard-state';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { FakeXhr } from '../images/support/fake-xhr';
import { errorReply, jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import {
  chapterId,
  conversation,
  jsonBody,
  savedWizard,
  seedWizard,
  WIZARD_PATH,
  wizardServer,
} from './wizard-server';

const FOUR = [1, 2, 3, 4].map(chapterId);
/** A chapter told with « je », and one with « elle » (long enough for the wizard to tell). */
const first =
  'Je suis née à Lyon en 1941. Mon père travaillait à la gare et ma mère tenait la maison. Je me souviens des trains du matin, de mes frères qui couraient sur le quai, et de moi qui attendais le retour de mon père chaque soir près de la fenêtre de la cuisine.';
const third =
  'Elle est née à Lyon en 1941. Son père travaillait à la gare et sa mère tenait la maison. Elle se souvient des trains du matin, de ses frères qui couraient sur le quai, et il lui arrivait d’attendre le retour de son père chaque soir. Il rentrait tard, et elle guettait la porte.';

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function dialog(name: string) {
  return screen.findByRole('dialog', { name });
}

function rows() {
  return screen
    .getAllByTestId('wizard-order-row')
    .map((row) => row.getAttribute('data-chapter-id'));
}

describe('the book wizard', () => {
  it('shows the introduction, then step 1 with titled chapters only and the count rules', async () => {
    wizardServer();
    const user = userEvent.setup();
    renderApp(WIZARD_PATH);

    await screen.findByRole('heading', { level: 1, name: "Création d'un livre" });
    const start = await screen.findByRole('button', { name: 'Commencer' });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    await user.click(start);

    const step1 = await dialog('Étape 1\u00a0: choix des chapitres');
    expect(within(step1).getByText('Étape 1 sur 6')).toBeTruthy();
    const bar = within(step1).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect(bar.getAttribute('aria-valuemax')).toBe('6');
    const listed = within(step1).getAllByTestId('wizard-chapter');
    expect(listed.map((item) => item.getAttribute('data-chapter-id'))).toEqual(
      [1, 2, 3, 4, 5, 6].map(chapterId),
    );
    expect(within(step1).getByText('0 chapitre choisi (entre 4 et 10)')).toBeTruthy();

    await user.click(within(step1).getByRole('button', { name: 'Continuer' }));
    expect(within(step1).getByText('Veuillez choisir au moins un chapitre')).toBeTruthy();

    const choose = (n: number) =>
      user.click(
        within(step1).getByRole('button', { name: `Choisir «\u00a0Chapitre ${n}\u00a0»` }),
      );
    await choose(3);
    await choose(1);
    const removeThree = within(step1).getByRole('button', {
      name: 'Retirer «\u00a0Chapitre 3\u00a0»',
    });
    expect(removeThree.getAttribute('aria-pressed')).toBe('true');
    expect(within(step1).getByText('2 chapitres choisis (entre 4 et 10)')).toBeTruthy();
    expect(within(step1).getByText('Choisissez entre 4 et 10 chapitres')).toBeTruthy();
    await user.click(within(step1).getByRole('button', { name: 'Continuer' }));
    expect(screen.queryByRole('dialog', { name: 'Ordre des chapitres' })).toBeNull();

    await choose(4);
    await choose(2);
    expect(within(step1).queryByText('Choisissez entre 4 et 10 chapitres')).toBeNull();
    await user.click(within(step1).getByRole('button', { name: 'Continuer' }));

    // Step 2 starts oldest first, whatever the order of choice.
    const step2 = await dialog('Ordre des chapitres');
    expect(within(step2).getByText('Étape 2 sur 6')).toBeTruthy();
    expect(rows()).toEqual([1, 2, 3, 4].map(chapterId));
    expect(savedWizard()).toMatchObject({
      currentStep: 2,
      selectedConversations: [3, 1, 4, 2].map(chapterId),
      sortedConversations: [1, 2, 3, 4].map(chapterId),
    });
  });

  it('keeps each step within the screen: no list scrolls inside it, its buttons below it', async () => {
    wizardServer();
    const user = userEvent.setup();
    renderApp(WIZARD_PATH);
    await user.click(await screen.findByRole('button', { name: 'Commencer' }));
    const step1 = await dialog('Étape 1\u00a0: choix des chapitres');
    // A sheet: the dialog is a column as tall as the screen at most.
    expect(step1.getAttribute('data-sheet')).toBe('true');
    expect(step1.className).toContain('h-full');
    const scroll = within(step1).getByTestId('book-wizard-scroll');
    const footer = within(step1).getByTestId('book-wizard-footer');
    expect(scroll.className).toContain('overflow-y-auto');
    // The buttons are outside the part that scrolls.
    expect(scroll.contains(within(step1).getByRole('button', { name: 'Continuer' }))).toBe(false);
    expect(footer.contains(within(step1).getByRole('button', { name: 'Continuer' }))).toBe(true);
    // Nothing inside the step scrolls by itself.
    for (const element of scroll.querySelectorAll('*'))
      expect(element.getAttribute('class') ?? '').not.toMatch(/overflow-(y-)?auto|max-h-/);
  });

  it('says when the chosen chapters mix « je » and « il / elle »', async () => {
    wizardServer({
      conversations: [
        conversation(1, { summary: first }),
        conversation(2, { summary: third }),
        conversation(3, { summary: first }),
        conversation(4),
      ],
    });
    seedWizard({ currentStep: 2, selectedConversations: FOUR, sortedConversations: FOUR });
    renderApp(WIZARD_PATH);
    const step2 = await dialog('Ordre des chapitres');
    expect(
      within(step2).getByText('Ces chapitres ne semblent pas racontés de la même façon'),
    ).toBeTruthy();
    expect(within(step2).getByText('Avec « je » : « Chapitre 1 », « Chapitre 3 ».')).toBeTruthy();
    expect(within(step2).getByText('Avec « il » ou « elle » : « Chapitre 2 ».')).toBeTruthy();
  });

  it('makes the chapters agree: rewrites those told the other way, and names what could not be', async () => {
    const chapters = [
      conversation(1, { summary: first }),
      conversation(2, { summary: third }),
      conversation(3, { summary: first }),
      conversation(4),
    ];
    const rewrite = (n: number) => (call: { body: string | null }) => {
      const body = JSON.parse(call.body ?? '{}') as {
        summary_kwargs: { user_instructions: string; use_previous_summary: boolean };
      };
      const toThird = body.summary_kwargs.user_instructions.endsWith('perspective troisieme');
      const chapter = chapters[n - 1]!;
      if (toThird) chapter.summary_infos = { ...chapter.summary_infos, summary: third };
      else
        chapter.summary_infos = {
          ...chapter.summary_infos,
          warnings: ['perspective_not_applied'],
        };
      return jsonReply(chapter);
    };
    const { net } = wizardServer({
      conversations: chapters,
      extra: Object.fromEntries(
        [1, 2, 3].map((n) => [`POST /api/v1/conversations/${chapterId(n)}/generate`, rewrite(n)]),
      ),
    });
    seedWizard({ currentStep: 2, selectedConversations: FOUR, sortedConversations: FOUR });
    renderApp(WIZARD_PATH);
    const step2 = await dialog('Ordre des chapitres');
    await userEvent.click(
      within(step2).getByRole('button', {
        name: 'Tout écrire avec «\u00a0il\u00a0» ou «\u00a0elle\u00a0»',
      }),
    );
    // The two chapters told with « je » were rewritten from their text, the text only.
    await within(step2).findByText('2 chapitres réécrits.');
    const calls = [1, 2, 3].flatMap((n) =>
      net.callsTo(`POST /api/v1/conversations/${chapterId(n)}/generate`),
    );
    expect(calls.map((call) => call.path)).toEqual(
      [1, 3].map((n) => `/api/v1/conversations/${chapterId(n)}/generate`),
    );
    for (const call of calls) {
      expect(Object.fromEntries(call.query)).toEqual({
        do_title: 'false',
        do_keywords: 'false',
        do_image: 'false',
        do_summary: 'true',
      });
      expect(JSON.parse(call.body ?? '')).toEqual({
        summary_kwargs: {
          user_instructions: 'Générer un résumé avec perspective troisieme',
          use_previous_summary: true,
        },
      });
    }
    // Read again: they agree, the note says so and offers nothing more.
    await waitFor(() =>
      expect(
        within(step2).queryByText('Ces chapitres ne semblent pas racontés de la même façon'),
      ).toBeNull(),
    );
    expect(
      within(step2).queryByRole('button', { name: 'Tout écrire avec «\u00a0je\u00a0»' }),
    ).toBeNull();
  });

  it('says which chapters the writer could not turn back into « je »', async () => {
    const chapters = [
      conversation(1, { summary: first }),
      conversation(2, { summary: third }),
      conversation(3, { summary: first }),
      conversation(4),
    ];
    const kept = {
      ...chapters[1]!,
      summary_infos: { ...chapters[1]!.summary_infos, warnings: ['perspective_not_applied'] },
    };
    const { net } = wizardServer({
      conversations: chapters,
      extra: { [`POST /api/v1/conversations/${chapterId(2)}/generate`]: jsonReply(kept) },
    });
    seedWizard({ currentStep: 2, selectedConversations: FOUR, sortedConversations: FOUR });
    renderApp(WIZARD_PATH);
    const step2 = await dialog('Ordre des chapitres');
    await userEvent.click(
      within(step2).getByRole('button', { name: 'Tout écrire avec «\u00a0je\u00a0»' }),
    );
    await within(step2).findByText(
      'Pas pu réécrire de cette façon : « Chapitre 2 ». Vous pouvez le faire à la main depuis la page du chapitre.',
    );
    expect(net.callsTo(`POST /api/v1/conversations/${chapterId(2)}/generate`)).toHaveLength(1);
    // Still mixed: the note stays.
    expect(
      within(step2).getByText('Ces chapitres ne semblent pas racontés de la même façon'),
    ).toBeTruthy();
  });

  it("names the chapters' pictures by their captions, by their place only without one", async () => {
    wizardServer({
      conversations: [
        // img-1-1 is sent at position 2, img-1-2 at position 1.
        conversation(1, { images: 2, legends: ['Le mariage de Paul', null] }),
        conversation(2),
        conversation(3),
        conversation(4),
      ],
    });
    seedWizard({ currentStep: 5, selectedConversations: FOUR, sortedConversations: FOUR });
    renderApp(WIZARD_PATH);
    const step5 = await dialog('Définir la photo de couverture');
    expect(await within(step5).findByRole('radio', { name: 'Le mariage de Paul' })).toBeTruthy();
    expect(
      within(step5).getByRole('radio', { name: 'Photo 1 du chapitre «\u00a0Chapitre 1\u00a0»' }),
    ).toBeTruthy();
    expect(within(step5).queryByRole('radio', { name: /Photo 2 du chapitre/ })).toBeNull();
  });

  it('says nothing of persons when the chapters are told the same way', async () => {
    wizardServer();
    seedWizard({ currentStep: 2, selectedConversations: FOUR, sortedConversations: FOUR });
    renderApp(WIZARD_PATH);
    const step2 = await dialog('Ordre des chapitres');
    expect(within(step2).queryByText(/pas racontés de la même façon/)).toBeNull();
  });

  it('does not offer to start with fewer than 4 titled chapters, and says how many are missing', async () => {
    wizardServer({
      conversations: [
        conversation(1),
        conversation(2),
        conversation(3),
        conversation(4, { title: null }),
      ],
    });
    const user = userEvent.setup();
    const { router } = renderApp(WIZARD_PATH);
    expect(
      await screen.findByText(
        'Il vous faut au moins 4 chapitres avec un titre pour créer un livre.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Il vous manque encore 1 chapitre avec un titre.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Commencer' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Retour à mes histoires' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('still says so in step 1 when a saved wizard resumes with too few chapters', async () => {
    wizardServer({ conversations: [conversation(1), conversation(2)] });
    seedWizard({ currentStep: 1 });
    renderApp(WIZARD_PATH);
    const step1 = await dialog('Étape 1\u00a0: choix des chapitres');
    expect(
      within(step1).getByText(
        'Il vous faut au moins 4 chapitres avec un titre pour créer un livre.',
      ),
    ).toBeTruthy();
  });

  it('closes the step back to the introduction and resumes there', async () => {
    wizardServer();
    const user = userEvent.setup();
    renderApp(WIZARD_PATH);
    await user.click(await screen.findByRole('button', { name: 'Commencer' }));
    const step1 = await dialog('Étape 1\u00a0: choix des chapitres');
    await user.click(
      within(step1).getByRole('button', { name: 'Choisir «\u00a0Chapitre 5\u00a0»' }),
    );
    await user.click(within(step1).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: "Reprendre à l'étape 1" }));
    const again = await dialog('Étape 1\u00a0: choix des chapitres');
    expect(
      within(again)
        .getByRole('button', { name: 'Retirer «\u00a0Chapitre 5\u00a0»' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await user.click(within(again).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reopened by itself, gives the focus to « Reprendre » when Escape closes the step', async () => {
    wizardServer();
    seedWizard({ currentStep: 2, selectedConversations: FOUR, sortedConversations: FOUR });
    const user = userEvent.setup();
    renderApp(WIZARD_PATH);
    const step2 = await dialog('Ordre des chapitres');
    expect(step2.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: "Reprendre à l'étape 2" }),
      ),
    );
  });

  it('reorders with Monter and Descendre, and keeps the order', async () => {
    wizardServer();
    seedWizard({ currentStep: 2, selectedConversations: FOUR, sortedConversations: FOUR });
    const user = userEvent.setup();
    renderApp(WIZARD_PATH);
    const step2 = await dialog('Ordre des chapitres');
    expect(rows()).toEqual(FOUR);
    const firstUp = within(step2).getByRole('button', { name: 'Monter «\u00a0Chapitre 1\u00a0»' });
    expect(firstUp.getAttribute('aria-disabled')).toBe('true');
    await user.click(firstUp);
    expect(rows()).toEqual(FOUR);

    const down = within(step2).getByRole('button', { name: 'Descendre «\u00a0Chapitre 1\u00a0»' });
    await user.click(down);
    expect(rows()).toEqual([2, 1, 3, 4].map(chapterId));
    expect(document.activeElement).toBe(
      within(step2).getByRole('button', { name: 'Descendre «\u00a0Chapitre 1\u00a0»' }),
    );
    expect(
      within(step2).getByText('« Chapitre 1 » est maintenant le chapitre 2 sur 4.'),
    ).toBeTruthy();
    await user.click(
      within(step2).getByRole('button', { name: 'Monter «\u00a0Chapitre 4\u00a0»' }),
    );
    expect(rows()).toEqual([2, 1, 4, 3].map(chapterId));
    expect(savedWizard()?.sortedConversations).toEqual([2, 1, 4, 3].map(chapterId));
    // The first image (by position) of each row, or the default one.
    const firstRow = screen.getAllByTestId('wizard-order-row')[1]!;
    expect(firstRow.querySelector('img')?.getAttribute('src')).toBe('/files/img-1-2.jpg');
    expect(
      screen.getAllByTestId('wizard-order-row')[3]!.querySelector('img')?.getAttribute('src'),
    ).toBe('/images/default-image.svg');

    await user.click(within(step2).getByRole('button', { name: 'Continuer' }));
    await dialog('Paramètres du livre');
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    await dialog('Ordre des chapitres');
    expect(rows()).toEqual([2, 1, 4, 3].map(chapterId));
  });

  it('reorders with the keyboard (dnd-kit)', async () => {
    wizardServer();
    seedWizard({ currentStep: 2, selectedConversations: FOUR, sortedConversations: FOUR });
    const user = userEvent.setup();
    renderApp(WIZARD_PATH);
    const step2 = await dialog('Ordre des chapitres');
    // happy-dom has no layout: the rows are stacked, 100 px apart.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const row = this.closest('[data-testid="wizard-order-row"]');
      const index = row
        ? screen.getAllByTestId('wizard-order-row').indexOf(row as HTMLElement)
        : -1;
      const top = index < 0 ? 0 : index * 100;
      const height = index < 0 ? 1000 : 90;
      return {
        x: 0,
        y: top,
        left: 0,
        top,
        width: 500,
        height,
        right: 500,
        bottom: top + height,
        toJSON: () => ({}),
      } as DOMRect;
    });
    within(step2).getByRole('button', { name: 'Déplacer «\u00a0Chapitre 1\u00a0»' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(rows()).toEqual([2, 1, 3, 4].map(chapterId)));
  });

  it('validates the author on step 3 and keeps large print', async () => {
    wizardServer();
    const user = userEvent.setup();
    renderApp(WIZARD_PATH);
    await user.click(await screen.findByRole('button', { name: 'Commencer' }));
    const step1 = await dialog('Étape 1\u00a0: choix des chapitres');
    for (const n of [1, 2, 3, 4])
      await user.click(
        within(step1).getByRole('button', { name: `Choisir «\u00a0Chapitre ${n}\u00a0»` }),
      );
    await user.click(within(step1).getByRole('button', { name: 'Continuer' }));
    await user.click(
      within(await dialog('Ordre des chapitres')).getByRole('button', { name: 'Continuer' }),
    );

    const step3 = await dialog('Paramètres du livre');
    const author = within(step3).getByRole('textbox', { name: "Nom de l'auteur" });
    expect((author as HTMLInputElement).value).toBe('Jeanne Martin');
    await user.clear(author);
    await user.type(author, '   ');
    await user.click(within(step3).getByRole('button', { name: 'Continuer' }));
    expect(within(step3).getByText("Le nom de l'auteur est requis")).toBeTruthy();
    expect(author.getAttribute('aria-invalid')).toBe('true');
    await user.clear(author);
    await user.type(author, 'Jo');
    expect(within(step3).getByText("L'auteur doit contenir au moins 3 caractères")).toBeTruthy();
    await user.click(within(step3).getByRole('button', { name: 'Continuer' }));
    expect(screen.queryByRole('dialog', { name: 'Résumé et biographie' })).toBeNull();
    await user.type(author, 'sé');
    expect(within(step3).queryByText("L'auteur doit contenir au moins 3 caractères")).toBeNull();
    await user.click(
      within(step3).getByRole('checkbox', { name: /Gros caractères \(plus facile à lire\)/ }),
    );
    const voiceCodes = within(step3).getByRole('checkbox', {
      name: /Ajouter un code pour écouter votre voix/,
    });
    expect((voiceCodes as HTMLInputElement).checked).toBe(false);
    await user.click(voiceCodes);
    await user.click(within(step3).getByRole('button', { name: 'Continuer' }));
    await dialog('Résumé et biographie');
    expect(savedWizard()?.bookParameters).toMatchObject({
      author: 'José',
      largePrint: true,
      voiceCodes: true,
    });
  });

  it('asks for suggestions on entering step 4 and fills only the empty fields', async () => {
    let release: () => void = () => {};
    const { net } = wizardServer({
      extra: {
        'POST /api/v1/books/suggestions': () =>
          new Promise((resolve) => {
            release = () =>
              resolve(
                jsonReply({
                  title: 'Une vie à Lyon',
                  subtitle: 'Souvenirs de famille',
                  summary: 'Le récit d’une vie.',
                  dedication: 'À mes petits-enfants',
                }),
              );
          }),
      },
    });
    const order = [3, 1, 4, 2].map(chapterId);
    seedWizard({
      currentStep: 3,
      selectedConversations: FOUR,
      sortedConversations: order,
      bookParameters: { author: 'Jeanne M.', title: 'Mon titre à moi' },
    });
    const user = userEvent.setup();
    renderApp(WIZARD_PATH);
    await user.click(
      within(await dialog('Paramètres du livre')).getByRole('button', { name: 'Continuer' }),
    );

    const step4 = await dialog('Résumé et biographie');
    expect(await within(step4).findByText('Nous préparons des propositions…')).toBeTruthy();
    expect(jsonBody(net.callsTo('POST /api/v1/books/suggestions')[0])).toEqual({
      conversation_ids: order,
      author: 'Jeanne M.',
    });
    // Typed while the suggestions are on their way: kept too.
    await user.type(within(step4).getByRole('textbox', { name: /^Dédicace/ }), 'Pour Paul');
    await act(async () => release());

    await within(step4).findByText(/Nous avons rempli les cases vides/);
    const value = (name: RegExp) =>
      (within(step4).getByRole('textbox', { name }) as HTMLInputElement).value;
    expect(value(/^Titre du livre/)).toBe('Mon titre à moi');
    expect(value(/^Sous-titre/)).toBe('Souvenirs de famille');
    expect(value(/^Résumé du livre/)).toBe('Le récit d’une vie.');
    expect(value(/^Dédicace/)).toBe('Pour Paul');
    expect(within(step4).getByText('15 / 200 caractères')).toBeTruthy();
    expect(savedWizard()?.bookParameters).toMatchObject({
      title: 'Mon titre à moi',
      subtitle: 'Souvenirs de famille',
      bookSummary: 'Le récit d’une vie.',
      dedication: 'Pour Paul',
    });
  });

  it('validates step 4 and shows nothing when suggestions fail', async () => {
    const { net } = wizardServer({
      extra: { 'POST /api/v1/books/suggestions': errorReply(500) },
    });
    seedWizard({ currentStep: 4, selectedConversations: FOUR, sortedConversations: FOUR });
    const user = userEvent.setup();
    renderApp(WIZARD_PATH);
    const step4 = await dialog('Résumé et biographie');
    await waitFor(() => expect(net.callsTo('POST /api/v1/books/suggestions')).toHaveLength(1));
    await waitFor(() =>
      expect(within(step4).queryByText('Nous préparons des propositions…')).toBeNull(),
    );
    expect(screen.queryByRole('status', { name: /erreur/i })).toBeNull();
    expect(console.warn).toHaveBeenCalled();

    await user.click(within(step4).getByRole('button', { name: 'Continuer' }));
    expect(within(step4).getByText('Le titre et le sous-titre sont requis')).toBeTruthy();
    expect(within(step4).getByText('Le résumé du livre est requis')).toBeTruthy();
    await user.type(within(step4).getByRole('textbox', { name: /^Titre du livre/ }), 'Ma vie');
    await user.type(within(step4).getByRole('textbox', { name: /^Sous-titre/ }), 'Souvenirs');
    await user.click(within(step4).getByRole('button', { name: 'Continuer' }));
    expect(within(step4).queryByText('Le titre et le sous-titre sont requis')).toBeNull();
    expect(within(step4).getByText('Le résumé du livre est requis')).toBeTruthy();
    await user.type(within(step4).getByRole('textbox', { name: /^Résumé du livre/ }), 'Un récit.');
    await user.click(within(step4).getByRole('button', { name: 'Continuer' }));
    await dialog('Définir la photo de couverture');
  });

  it('reopens the same step after a reload with everything typed, dropping deleted chapters', async () => {
    wizardServer();
    const user = userEvent.setup();
    const first = renderApp(WIZARD_PATH);
    await user.click(await screen.findByRole('button', { name: 'Commencer' }));
    const step1 = await dialog('Étape 1\u00a0: choix des chapitres');
    for (const n of [5, 1, 2, 3, 4])
      await user.click(
        within(step1).getByRole('button', { name: `Choisir «\u00a0Chapitre ${n}\u00a0»` }),
      );
    await user.click(within(step1).getByRole('button', { name: 'Continuer' }));
    await user.click(
      within(await dialog('Ordre des chapitres')).getByRole('button', { name: 'Continuer' }),
    );
    const author = within(await dialog('Paramètres du livre')).getByRole('textbox', {
      name: "Nom de l'auteur",
    });
    await user.clear(author);
    await user.type(author, 'Jeanne et Paul');
    first.unmount();

    // Chapter 5 was deleted meanwhile.
    wizardServer({ conversations: [1, 2, 3, 4, 6].map((n) => conversation(n)) });
    renderApp(WIZARD_PATH);
    const step3 = await dialog('Paramètres du livre');
    expect(
      (within(step3).getByRole('textbox', { name: "Nom de l'auteur" }) as HTMLInputElement).value,
    ).toBe('Jeanne et Paul');
    await waitFor(() => expect(savedWizard()?.sortedConversations).toEqual(FOUR));
    expect(savedWizard()?.selectedConversations).toEqual(FOUR);
  });

  it('ignores a saved state it cannot read', async () => {
    wizardServer();
    window.localStorage.setItem(WIZARD_STORAGE_KEY, '{"currentStep": "trois", "bookPar');
    renderApp(WIZARD_PATH);
    await screen.findByRole('button', { name: 'Commencer' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });

  it('offers chapter pictures and own photos on step 5, and an empty text when there are none', async () => {
    wizardServer({
      photos: [{ id: 'own-1', url: '/files/own-1.jpg', thumbnail_url: '/files/own-1-t.jpg' }],
    });
    seedWizard({
      currentStep: 5,
      selectedConversations: FOUR,
      sortedConversations: [2, 1, 3, 4].map(chapterId),
    });
    const user = userEvent.setup();
    const view = renderApp(WIZARD_PATH);
    const step5 = await dialog('Définir la photo de couverture');
    await within(step5).findByRole('radio', { name: 'Ma photo 1' });
    expect(
      within(step5)
        .getAllByTestId('wizard-photo-option')
        .map((option) => option.getAttribute('data-image-id')),
    ).toEqual(['img-2-1', 'img-1-2', 'img-1-1', 'own-1']);
    expect(
      (within(step5).getByRole('radio', { name: 'Sans photo' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(
      within(step5).getByRole('radio', { name: 'Photo 1 du chapitre «\u00a0Chapitre 1\u00a0»' }),
    );
    expect(savedWizard()?.bookParameters.coverImage).toEqual({
      conv_id: chapterId(1),
      image_id: 'img-1-2',
      url: '/files/img-1-2.jpg',
    });
    expect(within(step5).queryByRole('textbox', { name: /Légende/ })).toBeNull();
    view.unmount();

    wizardServer({ conversations: [3, 4, 5, 6].map((n) => conversation(n)) });
    seedWizard({
      currentStep: 5,
      selectedConversations: [3, 4, 5, 6].map(chapterId),
      sortedConversations: [3, 4, 5, 6].map(chapterId),
    });
    renderApp(WIZARD_PATH);
    expect(await screen.findByText('Aucune photo trouvée parmi vos chapitres.')).toBeTruthy();
  });

  it('uploads a photo with its progress and chooses it at once', async () => {
    const { net } = wizardServer();
    seedWizard({
      currentStep: 5,
      selectedConversations: FOUR,
      sortedConversations: FOUR,
      bookParameters: { title: 'Ma vie', subtitle: 'Souvenirs', bookSummary: 'Un récit.' },
    });
    const user = userEvent.setup();
    renderApp(WIZARD_PATH);
    const step5 = await dialog('Définir la photo de couverture');
    await user.click(within(step5).getByRole('radio', { name: 'Envoyer une photo' }));
    const input = within(step5).getByLabelText('Choisir une photo sur cet appareil');

    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(FakeXhr.instances).toHaveLength(0);

    await user.upload(input, new File(['photo'], 'maison.jpg', { type: 'image/jpeg' }));
    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/images');
    expect(xhr.headers.Authorization).toBe('Bearer test-token');
    expect((xhr.body?.get('file') as File).name).toBe('maison.jpg');
    act(() => xhr.progress(40, 100));
    expect(within(step5).getByText('Envoi de la photo : 40 %')).toBeTruthy();
    act(() =>
      xhr.respond(201, {
        id: 'own-9',
        url: '/files/own-9.jpg',
        thumbnail_url: '/files/own-9-t.jpg',
      }),
    );
    expect(await within(step5).findByText('La photo est envoyée et choisie.')).toBeTruthy();
    expect(savedWizard()?.bookParameters.coverImage).toEqual({
      conv_id: null,
      image_id: 'own-9',
      url: '/files/own-9-t.jpg',
    });

    await user.click(within(step5).getByRole('button', { name: 'Continuer' }));
    const step6 = await dialog("Choisir un portrait de l'auteur");
    await user.click(
      await within(step6).findByRole('radio', {
        name: 'Photo 1 du chapitre «\u00a0Chapitre 2\u00a0»',
      }),
    );
    await user.click(within(step6).getByRole('button', { name: 'Créer le livre' }));
    await waitFor(() => expect(net.callsTo('POST /api/v1/books')).toHaveLength(1));
    expect(jsonBody(net.callsTo('POST /api/v1/books')[0])).toMatchObject({
      front_cover_image_id: { conv_id: null, image_id: 'own-9' },
      back_cover_image_id: { conv_id: chapterId(2), image_id: 'img-2-1' },
    });
  });

  it('creates the book with the exact payload, goes to its page and starts the next one afresh', async () => {
    const { net, created } = wizardServer();
    const order = [4, 2, 1, 3].map(chapterId);
    seedWizard({
      currentStep: 6,
      selectedConversations: FOUR,
      sortedConversations: order,
      bookParameters: {
        author: '  Jeanne Martin ',
        title: 'Ma vie ',
        subtitle: 'Souvenirs',
        bookSummary: 'Un récit.',
        dedication: '   ',
        coverImage: { conv_id: chapterId(1), image_id: 'img-1-1', url: '/files/img-1-1.jpg' },
        authorImage: null,
        largePrint: true,
        voiceCodes: true,
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp(WIZARD_PATH);
    const step6 = await dialog("Choisir un portrait de l'auteur");
    expect(within(step6).getByText('Étape 6 sur 6')).toBeTruthy();
    await user.click(within(step6).getByRole('button', { name: 'Créer le livre' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/book/${created.id}`));
    expect(jsonBody(net.callsTo('POST /api/v1/books')[0])).toEqual({
      title: 'Ma vie',
      subtitle: 'Souvenirs',
      author: 'Jeanne Martin',
      conversation_ids: order,
      summary: 'Un récit.',
      dedication: null,
      front_cover_image_id: { conv_id: chapterId(1), image_id: 'img-1-1' },
      back_cover_image_id: null,
      large_print: true,
      voice_codes: true,
    });
    await waitFor(() => expect(window.localStorage.getItem(WIZARD_STORAGE_KEY)).toBeNull());
  });

  it("shows the server's message on a 422 and stays on the step, keeping everything", async () => {
    const { net } = wizardServer({
      extra: {
        'POST /api/v1/books': errorReply(422, [
          { type: 'chapter_untitled', msg: 'Un des chapitres choisis n’a pas de titre.' },
        ]),
      },
    });
    seedWizard({
      currentStep: 6,
      selectedConversations: FOUR,
      sortedConversations: FOUR,
      bookParameters: { title: 'Ma vie', subtitle: 'Souvenirs', bookSummary: 'Un récit.' },
    });
    const user = userEvent.setup();
    const { router } = renderApp(WIZARD_PATH);
    const step6 = await dialog("Choisir un portrait de l'auteur");
    await user.click(within(step6).getByRole('button', { name: 'Créer le livre' }));
    expect(
      await within(step6).findByText('Un des chapitres choisis n’a pas de titre.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(WIZARD_PATH);
    expect(net.callsTo('POST /api/v1/books')).toHaveLength(1);
    expect(savedWizard()).toMatchObject({ currentStep: 6, sortedConversations: FOUR });
    expect(
      (within(step6).getByRole('button', { name: 'Créer le livre' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('explains a 402 with a link to the offers, also on the introduction', async () => {
    wizardServer({
      fullAccess: false,
      extra: {
        'POST /api/v1/books': errorReply(402, [
          { type: 'full_access_required', msg: 'Full access required' },
        ]),
      },
    });
    seedWizard({
      currentStep: 6,
      selectedConversations: FOUR,
      sortedConversations: FOUR,
      bookParameters: { title: 'Ma vie', subtitle: 'Souvenirs', bookSummary: 'Un récit.' },
    });
    const user = userEvent.setup();
    renderApp(WIZARD_PATH);
    const step6 = await dialog("Choisir un portrait de l'auteur");
    await user.click(within(step6).getByRole('button', { name: 'Créer le livre' }));
    expect(
      await within(step6).findByText(/Pour créer votre livre, choisissez d'abord une offre/),
    ).toBeTruthy();
    expect(within(step6).getByRole('link', { name: 'Voir les offres' }).getAttribute('href')).toBe(
      '/subscription',
    );
    await user.click(within(step6).getByRole('button', { name: 'Fermer' }));
    expect(
      await screen.findByText("La création d'un livre est réservée à l'offre complète"),
    ).toBeTruthy();
  });
});
