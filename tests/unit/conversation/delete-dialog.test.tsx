// Deleting a chapter that is in a book: the dialog names the chapter by its title, says it is a chapter
// (not « cette conversation ») and that it is in the book, whose files and ordered copies are kept.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { bookWire } from '../books/book-list-fixtures';
import { jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { ID, PAGE, chapterServer, chapterWire, clearDevice } from './support';

beforeEach(async () => {
  await resetApp();
  await clearDevice();
  reportNetworkSuccess();
});

describe('deleting a chapter that is in a book', () => {
  it('names the chapter and the book, and says the book keeps its printed file', async () => {
    chapterServer(chapterWire(), {
      routes: {
        'GET /api/v1/books': jsonReply({
          data: [
            bookWire({ title: 'Ma vie à Roanne', conversation_ids: [ID] }),
            bookWire({
              id: 'b0000000-0000-4000-8000-000000000009',
              title: 'Autre',
              conversation_ids: [],
            }),
          ],
          count: 2,
        }),
      },
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Supprimer le chapitre' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Voulez-vous vraiment supprimer le chapitre «\u00a0La maison de Roanne\u00a0»\u202f?',
    );
    expect(dialog.textContent).not.toMatch(/conversation \?/);
    const note = await within(dialog).findByTestId('delete-in-book');
    expect(note.textContent).toContain(
      'Ce chapitre est dans votre livre «\u00a0Ma vie à Roanne\u00a0»',
    );
    expect(note.textContent).toContain('exemplaire imprimé déjà commandé sera imprimé tel quel');
    expect(note.textContent).not.toContain('Autre');
  });

  it('says nothing of a book when the chapter is in none', async () => {
    chapterServer(chapterWire(), {
      routes: {
        'GET /api/v1/books': jsonReply({ data: [bookWire({ conversation_ids: [] })], count: 1 }),
      },
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Supprimer le chapitre' }));
    const dialog = screen.getByRole('alertdialog');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByTestId('delete-in-book')).toBeNull();
  });
});
