// The EPUB beside the PDF on a finished book's page (issue 33): offered with its size when the server made
// it, not at all before; the version with the recordings inside only when there is one, its larger size
// said before she chooses; each downloaded under the book's title.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../src/lib/i18n';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { renderApp, resetApp } from '../support/render-app';
import { bookWire, booksServer } from './book-list-fixtures';

vi.mock('../../../src/features/books/components/pdf-preview', () => ({
  PdfPreview: () => <div data-testid="pdf-preview" />,
}));

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
});

const EPUB_BUTTON = 'Télécharger le livre numérique (EPUB)';
const VOICE_BUTTON = 'Télécharger le livre numérique avec votre voix (EPUB)';

function epubBook(fields: Parameters<typeof bookWire>[0] = {}) {
  const book = bookWire(fields);
  const folder = `/files/books/u1/${book.id}`;
  return {
    url_epub: `${folder}/book.epub?expires=1&signature=s`,
    epub_size: 2_430_000,
    url_epub_with_voice: null,
    epub_with_voice_size: null,
    ...book,
    ...fields,
  };
}

async function ebookSection() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Le livre numérique' });
  return heading.closest('section')!;
}

/** Catches the <a download> the page clicks, instead of letting happy-dom follow it. */
function catchDownloads() {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:book');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const clicked: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  const open = vi.spyOn(window, 'open').mockImplementation(() => null);
  return { clicked, open };
}

describe('the EPUB on a finished book', () => {
  it('is offered beside the PDF with what it is for and its size', async () => {
    const book = epubBook();
    booksServer({ books: [book] });
    renderApp(`/book/${book.id}`);
    const section = await ebookSection();
    expect(
      within(section).getByText(
        'Pour lire votre livre sur un téléphone, une tablette ou une liseuse : le texte peut y être agrandi ou lu à voix haute.',
      ),
    ).toBeTruthy();
    const button = within(section).getByRole('button', { name: EPUB_BUTTON });
    expect(within(section).getByText('Taille du fichier : 2,4 Mo')).toBeTruthy();
    // The size is read with the button.
    const described = button.getAttribute('aria-describedby')!;
    expect(document.getElementById(described)?.textContent).toBe('Taille du fichier\u00a0: 2,4 Mo');
    // The PDF is still there.
    expect(screen.getByRole('button', { name: 'Télécharger' })).toBeTruthy();
    // No voice version for this book.
    expect(within(section).queryByRole('button', { name: VOICE_BUTTON })).toBeNull();
  });

  it('is not offered while the server has not made it', async () => {
    const book = epubBook({ url_epub: null, epub_size: null });
    booksServer({ books: [book] });
    renderApp(`/book/${book.id}`);
    expect(await screen.findByRole('button', { name: 'Télécharger' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Le livre numérique' })).toBeNull();
    expect(screen.queryByRole('button', { name: EPUB_BUTTON })).toBeNull();
  });

  it('is not offered by a server that does not know about it yet', async () => {
    const book = bookWire();
    booksServer({ books: [book] });
    renderApp(`/book/${book.id}`);
    expect(await screen.findByRole('button', { name: 'Télécharger' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: EPUB_BUTTON })).toBeNull();
  });

  it('gives a small file in kilobytes', async () => {
    const book = epubBook({ epub_size: 850_400 });
    booksServer({ books: [book] });
    renderApp(`/book/${book.id}`);
    const section = await ebookSection();
    expect(within(section).getByText('Taille du fichier : 850 ko')).toBeTruthy();
  });

  it('offers the version with the recordings, saying its larger size before she chooses', async () => {
    const book = epubBook({
      url_epub_with_voice: '/files/books/u1/b/book-voice.epub?expires=1&signature=s',
      epub_with_voice_size: 38_250_000,
    });
    booksServer({ books: [book] });
    renderApp(`/book/${book.id}`);
    const section = await ebookSection();
    expect(within(section).getByRole('button', { name: EPUB_BUTTON })).toBeTruthy();
    const voice = within(section).getByRole('button', { name: VOICE_BUTTON });
    expect(within(section).getByText('Taille du fichier : 38,3 Mo')).toBeTruthy();
    const described = voice
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('Le fichier est plus lourd.');
    expect(described).toContain('Taille du fichier\u00a0: 38,3 Mo');
  });

  it('writes the size the English way in English', async () => {
    await setLanguage('en', { remember: false });
    const book = epubBook({
      url_epub_with_voice: '/files/books/u1/b/book-voice.epub?expires=1&signature=s',
      epub_with_voice_size: 38_250_000,
    });
    booksServer({ books: [book] });
    renderApp(`/book/${book.id}`);
    const heading = await screen.findByRole('heading', { level: 2, name: 'The e-book' });
    const section = heading.closest('section')!;
    expect(
      within(section).getByRole('button', { name: 'Download the e-book (EPUB)' }),
    ).toBeTruthy();
    expect(within(section).getByText('File size: 2.4 MB')).toBeTruthy();
    expect(within(section).getByText('File size: 38.3 MB')).toBeTruthy();
  });
});

describe('downloading the EPUB', () => {
  it('saves it under the title of the book', async () => {
    const book = epubBook({ title: 'Ma vie: 1941/2025' });
    const epubPath = new URL(book.url_epub!, 'http://localhost').pathname;
    const net = booksServer({
      books: [book],
      routes: { [`GET ${epubPath}`]: { status: 200, json: 'PK' } },
    });
    const { clicked, open } = catchDownloads();
    renderApp(`/book/${book.id}`);
    await userEvent.click(await screen.findByRole('button', { name: EPUB_BUTTON }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toEqual({ href: 'blob:book', download: 'Ma vie 1941 2025.epub' });
    expect(net.callsTo(`GET ${epubPath}`)).toHaveLength(1);
    expect(open).not.toHaveBeenCalled();
  });

  it('saves the version with the recordings under the title, marked « avec la voix »', async () => {
    const voicePath = '/files/books/u1/b/book-voice.epub';
    const book = epubBook({
      title: 'Au bord de l’eau',
      url_epub_with_voice: `${voicePath}?expires=1&signature=s`,
      epub_with_voice_size: 38_250_000,
    });
    const net = booksServer({
      books: [book],
      routes: { [`GET ${voicePath}`]: { status: 200, json: 'PK' } },
    });
    const { clicked } = catchDownloads();
    renderApp(`/book/${book.id}`);
    await userEvent.click(await screen.findByRole('button', { name: VOICE_BUTTON }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('Au bord de l’eau (avec la voix).epub');
    expect(net.callsTo(`GET ${voicePath}`)).toHaveLength(1);
  });

  it('opens the EPUB instead when it cannot be fetched', async () => {
    const book = epubBook();
    const epubPath = new URL(book.url_epub!, 'http://localhost').pathname;
    booksServer({ books: [book], routes: { [`GET ${epubPath}`]: 'network-error' } });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderApp(`/book/${book.id}`);
    await userEvent.click(await screen.findByRole('button', { name: EPUB_BUTTON }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(book.url_epub, '_blank', 'noopener'));
    expect(
      await screen.findByText(
        "Le téléchargement n'a pas abouti. Le livre s'ouvre dans un nouvel onglet.",
      ),
    ).toBeTruthy();
  });
});
