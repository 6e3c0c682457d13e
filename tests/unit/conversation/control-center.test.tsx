// The control center: the instruction text of spec §7, choices that toggle off, the 500-character
// comment, the reuse checkbox, the forbid rule under 5 exchanges, closing when done; and the share modal.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { summaryInstruction } from '../../../src/features/conversation/api/summary-instruction';
import {
  defaultShareText,
  shareLinks,
} from '../../../src/features/conversation/components/share-modal';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { BASE, PAGE, chapterServer, chapterWire, clearDevice } from './support';

beforeEach(async () => {
  await resetApp();
  await clearDevice();
  reportNetworkSuccess();
});

describe('the instruction text', () => {
  it('follows spec §7 for every combination', () => {
    expect(summaryInstruction({ style: null, perspective: null, comment: '' })).toBe(
      'Générer un résumé',
    );
    expect(summaryInstruction({ style: 'elegant-formel', perspective: null, comment: '' })).toBe(
      'Générer un résumé avec style & ton "elegant-formel"',
    );
    expect(summaryInstruction({ style: null, perspective: 'troisieme', comment: '' })).toBe(
      'Générer un résumé avec perspective troisieme',
    );
    expect(
      summaryInstruction({
        style: 'chaleureux-amical',
        perspective: 'premiere',
        comment: '  Plus court  ',
      }),
    ).toBe(
      'Générer un résumé avec style & ton "chaleureux-amical" et perspective premiere. Commentaire supplémentaire : Plus court',
    );
    expect(summaryInstruction({ style: null, perspective: null, comment: 'Plus court' })).toBe(
      'Générer un résumé. Commentaire supplémentaire : Plus court',
    );
  });
});

/** The current title is not known as the biographer's: replacing it is asked first (issue 29 #8). */
async function confirmNewTitle(user: ReturnType<typeof userEvent.setup>) {
  const confirm = screen.getByRole('alertdialog', { name: 'Remplacer votre titre\u202f?' });
  await user.click(within(confirm).getByRole('button', { name: 'Oui, proposer un nouveau titre' }));
}

async function openCenter(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Refaire le résumé' }));
  return screen.getByRole('dialog', { name: 'Refaire le résumé ou le titre' });
}

describe('the control center', () => {
  it('sends the chosen style, point of view and comment, then closes with the new text', async () => {
    const user = userEvent.setup();
    const server = chapterServer(chapterWire(), {
      routes: {
        [`POST ${BASE}/generate`]: () => {
          server.state.chapter = chapterWire({
            summary_infos: {
              summary: 'Jeanne est née à Roanne.',
              allowed_actions: ['undo'],
              warnings: [],
            },
          });
          return jsonReply(server.state.chapter);
        },
      },
    });
    renderApp(PAGE);
    const center = await openCenter(user);
    const warm = within(center).getByRole('button', { name: 'Chaleureux et amical' });
    const formal = within(center).getByRole('button', { name: 'Élégant et formel' });
    await user.click(warm);
    await user.click(formal);
    expect(warm.getAttribute('aria-pressed')).toBe('false');
    expect(formal.getAttribute('aria-pressed')).toBe('true');
    const third = within(center).getByRole('button', {
      name: 'À la troisième personne (il, elle)',
    });
    await user.click(third);
    await user.click(third);
    expect(third.getAttribute('aria-pressed')).toBe('false');
    await user.click(third);
    const reuse = within(center).getByRole('checkbox', { name: /Partir du texte actuel/ });
    expect((reuse as HTMLInputElement).checked).toBe(true);
    await user.click(reuse);
    await user.type(
      within(center).getByLabelText('Commentaire pour votre biographe (facultatif)'),
      'Parlez de la gare',
    );
    expect(within(center).getByText('483 caractères restants')).toBeTruthy();
    await user.click(within(center).getByRole('button', { name: 'Générer le résumé' }));
    // Unticked, her corrections would go: she is asked first (issue 29 #10).
    const confirm = screen.getByRole('alertdialog', { name: 'Réécrire tout le texte\u202f?' });
    await user.click(within(confirm).getByRole('button', { name: 'Oui, tout réécrire' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Jeanne est née à Roanne.')).toBeTruthy();
    const [call] = server.callsTo(`POST ${BASE}/generate`);
    expect(Object.fromEntries(call!.query)).toEqual({
      do_title: 'false',
      do_keywords: 'false',
      do_image: 'false',
      do_summary: 'true',
    });
    expect(JSON.parse(call!.body!)).toEqual({
      summary_kwargs: {
        user_instructions:
          'Générer un résumé avec style & ton "elegant-formel" et perspective troisieme. Commentaire supplémentaire : Parlez de la gare',
        use_previous_summary: false,
      },
    });
  });

  it('refuses a comment over 500 characters without cutting it, the counter in red', async () => {
    const user = userEvent.setup();
    chapterServer();
    renderApp(PAGE);
    const center = await openCenter(user);
    const comment = within(center).getByLabelText('Commentaire pour votre biographe (facultatif)');
    await user.click(comment);
    await user.paste('a'.repeat(501));
    expect((comment as HTMLTextAreaElement).value).toHaveLength(501);
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(within(center).getByRole('alert').textContent).toMatch(/^Commentaire trop long/);
    const counter = within(center).getByText('0 caractère restant');
    expect(counter.className).toContain('text-danger');
    expect(within(center).getByRole('button', { name: 'Générer le résumé' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.type(comment, '{Backspace}');
    expect(within(center).getByText('0 caractère restant').className).not.toContain('text-danger');
    expect(within(center).getByRole('button', { name: 'Générer le résumé' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('writes a title alone and closes', async () => {
    const user = userEvent.setup();
    const server = chapterServer(chapterWire(), {
      routes: {
        [`POST ${BASE}/generate`]: () =>
          jsonReply(chapterWire({ title_infos: { title: 'Les trains de mon père' } })),
      },
    });
    renderApp(PAGE);
    const center = await openCenter(user);
    await user.click(within(center).getByRole('button', { name: 'Générer un titre' }));
    await confirmNewTitle(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Les trains de mon père' }),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [call] = server.callsTo(`POST ${BASE}/generate`);
    expect(call!.query.get('do_title')).toBe('true');
    expect(call!.query.get('do_summary')).toBe('false');
    expect(JSON.parse(call!.body!)).toEqual({});
  });

  it('stays open with the choices kept and says so when the writer fails', async () => {
    const user = userEvent.setup();
    chapterServer(chapterWire(), {
      routes: {
        [`POST ${BASE}/generate`]: errorReply(503, [
          { type: 'ai_unavailable', msg: 'Indisponible' },
        ]),
      },
    });
    renderApp(PAGE);
    const center = await openCenter(user);
    await user.type(
      within(center).getByLabelText('Commentaire pour votre biographe (facultatif)'),
      'Plus court',
    );
    await user.click(within(center).getByRole('button', { name: 'Générer un titre' }));
    await confirmNewTitle(user);
    expect(
      await screen.findByText('Une erreur est survenue lors de la génération du titre'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(
      (
        screen.getByLabelText(
          'Commentaire pour votre biographe (facultatif)',
        ) as HTMLTextAreaElement
      ).value,
    ).toBe('Plus court');
  });

  it('is refused under 5 exchanges, with the forbid message', async () => {
    const user = userEvent.setup();
    const server = chapterServer(chapterWire({ chat_count: 4 }));
    renderApp(PAGE);
    const center = await openCenter(user);
    expect(
      within(center).getByText(/Vous ne pouvez pas générer de résumé pour le moment/),
    ).toBeTruthy();
    expect(within(center).getByRole('button', { name: 'Générer le résumé' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(center).getByRole('button', { name: 'Générer un titre' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(server.callsTo(`POST ${BASE}/generate`)).toHaveLength(0);
  });

  it('waits for a run started elsewhere (409) instead of failing', async () => {
    const user = userEvent.setup();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = chapterServer(chapterWire(), {
        routes: {
          [`POST ${BASE}/generate`]: () => {
            // The other run finishes meanwhile: the chapter changes on the server.
            server.state.chapter = chapterWire({
              updated_at: '2025-03-01T11:00:00.000Z',
              title_infos: { title: "Écrit par l'autre onglet" },
            });
            return errorReply(409, [{ type: 'generation_in_progress', msg: 'En cours' }]);
          },
        },
      });
      renderApp(PAGE);
      const center = await openCenter(user);
      await user.click(within(center).getByRole('button', { name: 'Générer un titre' }));
      await confirmNewTitle(user);
      await vi.advanceTimersByTimeAsync(3_500);
      expect(
        await screen.findByRole('heading', { level: 1, name: "Écrit par l'autre onglet" }),
      ).toBeTruthy();
      expect(screen.queryByText(/Une erreur est survenue/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('cannot be opened offline', async () => {
    await import('../../../src/offline/stored-chapters').then((m) => m.storeChapter(chapterWire()));
    chapterServer(chapterWire(), {
      routes: { [`GET ${BASE}`]: 'network-error', 'GET /api/v1/users/me': 'network-error' },
    });
    reportNetworkFailure();
    renderApp(PAGE);
    expect(await screen.findByRole('button', { name: 'Refaire le résumé' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});

describe('the share modal', () => {
  it('builds its links from the text and points to the site', () => {
    const links = shareLinks('Ma vie', 'Bonjour & à bientôt', 'https://chapitres.example/');
    expect(links.whatsapp).toBe('https://wa.me/?text=Bonjour%20%26%20%C3%A0%20bient%C3%B4t');
    expect(links.x).toBe(
      'https://twitter.com/intent/tweet?text=Bonjour%20%26%20%C3%A0%20bient%C3%B4t',
    );
    expect(links.email).toBe('mailto:?subject=Ma%20vie&body=Bonjour%20%26%20%C3%A0%20bient%C3%B4t');
    expect(links.facebook).toContain('u=https%3A%2F%2Fchapitres.example%2F');
    const text = defaultShareText('Ma vie', 'mot '.repeat(200), 'Voir https://chapitres.example/');
    expect(text.startsWith('Ma vie\n\nmot mot')).toBe(true);
    expect(text).toContain('…\n\nVoir https://chapitres.example/');
  });

  // The links point to the chapter's public page; here the chapter is shared already (GET …/share).
  const shareLink = {
    url: `${window.location.origin}/s/tok-roanne`,
    created_at: '2025-03-02T09:00:00.000Z',
  };
  const shareRoutes = {
    [`GET ${BASE}/share`]: jsonReply(shareLink),
    [`POST ${BASE}/share`]: jsonReply(shareLink),
  };

  it('copies the edited text, counts it, and says when copying failed', async () => {
    const user = userEvent.setup();
    chapterServer(chapterWire(), { routes: shareRoutes });
    const writeText = vi
      .fn()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('no'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Partager mon histoire' }));
    const dialog = screen.getByRole('dialog', { name: 'Partager mon histoire' });
    const text = await within(dialog).findByLabelText('Texte à partager');
    expect((text as HTMLTextAreaElement).value).toMatch(/^La maison de Roanne\n\nJe suis née/);
    expect((text as HTMLTextAreaElement).value).toContain(`${window.location.origin}/s/tok-roanne`);
    await user.clear(text);
    await user.type(text, 'Mon histoire');
    expect(within(dialog).getByText('12 caractères')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: /WhatsApp/ })
        .getAttribute('href'),
    ).toBe('https://wa.me/?text=Mon%20histoire');
    await user.click(within(dialog).getByRole('button', { name: 'Copier le texte' }));
    expect(writeText).toHaveBeenCalledWith('Mon histoire');
    expect(await screen.findByText('Texte copié dans le presse-papiers !')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Copier le texte' }));
    expect(await screen.findByText('Erreur lors de la copie')).toBeTruthy();
  });

  it('says when the Facebook window could not open', async () => {
    const user = userEvent.setup();
    chapterServer(chapterWire(), { routes: shareRoutes });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Partager mon histoire' }));
    await user.click(await screen.findByRole('button', { name: /Partager sur Facebook/ }));
    expect(open.mock.calls[0]![0]).toMatch(
      /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/,
    );
    expect(await screen.findByText('Erreur lors du partage sur Facebook')).toBeTruthy();
    open.mockRestore();
  });
});
