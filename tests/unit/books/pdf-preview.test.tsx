// The book preview with pdf.js replaced by a stand-in: one plain GET (no range, no streaming, so the
// service worker can keep it), pages fitted to the width, a few at a time, no context menu, no text
// layer, and a plain message when the file cannot be read.
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApp } from '../support/render-app';

const seen = vi.hoisted(() => ({
  options: [] as unknown[],
  pages: [] as { pageNumber: number; width: number; text: unknown; annotations: unknown }[],
  numPages: 10,
  /** The outline's first entry points at this page index (0-based); none: no outline. */
  outlineFirstIndex: null as number | null,
}));

vi.mock('react-pdf', () => ({
  pdfjs: { GlobalWorkerOptions: { workerSrc: '' } },
  Document: ({
    file,
    options,
    onLoadSuccess,
    error,
    children,
  }: {
    file: string;
    options: unknown;
    onLoadSuccess: (pdf: { numPages: number }) => void;
    error: ReactNode;
    children: ReactNode;
  }) => {
    seen.options.push(options);
    const broken = file.includes('broken');
    useEffect(() => {
      if (broken) return;
      const index = seen.outlineFirstIndex;
      if (index === null) onLoadSuccess({ numPages: seen.numPages });
      else
        onLoadSuccess({
          numPages: seen.numPages,
          getOutline: () => Promise.resolve([{ dest: 'chapter-1' }, { dest: 'chapter-2' }]),
          getDestination: (id: string) =>
            Promise.resolve(id === 'chapter-1' ? [{ ref: index }, { name: 'XYZ' }] : null),
          getPageIndex: (ref: { ref: number }) => Promise.resolve(ref.ref),
        } as unknown as { numPages: number });
      // Loads once per file, like react-pdf.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [file]);
    return <div data-testid="document">{broken ? error : children}</div>;
  },
  Page: (props: {
    pageNumber: number;
    width: number;
    renderTextLayer: boolean;
    renderAnnotationLayer: boolean;
  }) => {
    seen.pages.push({
      pageNumber: props.pageNumber,
      width: props.width,
      text: props.renderTextLayer,
      annotations: props.renderAnnotationLayer,
    });
    return <canvas data-page={props.pageNumber} data-width={props.width} />;
  },
}));

const { PdfPreview, PDF_DOCUMENT_OPTIONS } =
  await import('../../../src/features/books/components/pdf-preview');
const { pdfjs } = await import('react-pdf');

beforeEach(async () => {
  await resetApp();
  seen.options.length = 0;
  seen.pages.length = 0;
  seen.numPages = 10;
  seen.outlineFirstIndex = null;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width: 362,
    height: 600,
    top: 0,
    left: 0,
    right: 362,
    bottom: 600,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
});

function drawnPages(): number[] {
  return [...document.querySelectorAll('canvas[data-page]')].map((c) =>
    Number(c.getAttribute('data-page')),
  );
}

describe('PdfPreview', () => {
  it('asks pdf.js for one plain GET, with its worker bundled by the app', () => {
    render(<PdfPreview url="/files/books/u/b/web.pdf?signature=1" title="Ma vie" />);
    expect(PDF_DOCUMENT_OPTIONS).toEqual({ disableRange: true, disableStream: true });
    expect(seen.options.every((options) => options === PDF_DOCUMENT_OPTIONS)).toBe(true);
    expect(String(pdfjs.GlobalWorkerOptions.workerSrc)).toContain('pdf.worker.min.mjs');
  });

  it('draws the first pages at the width of the screen, without text or link layers', async () => {
    render(<PdfPreview url="/files/books/u/b/web.pdf" title="Ma vie" />);
    expect(drawnPages()).toEqual([1, 2, 3, 4]);
    expect(seen.pages.every((page) => page.width === 360)).toBe(true);
    expect(seen.pages.every((page) => page.text === false && page.annotations === false)).toBe(
      true,
    );
    expect(screen.getByRole('img', { name: 'Page 1 sur 10' })).toBeTruthy();
    expect(screen.getByText('4 pages affichées sur 10')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Voir plus de pages' }));
    expect(drawnPages()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await userEvent.click(screen.getByRole('button', { name: 'Voir plus de pages' }));
    expect(drawnPages()).toHaveLength(10);
    expect(screen.getByText('10 pages affichées sur 10')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Voir plus de pages' })).toBeNull();
  });

  it('opens at the first chapter, with a button for the opening pages', async () => {
    seen.numPages = 20;
    seen.outlineFirstIndex = 4;
    render(<PdfPreview url="/files/books/u/b/web.pdf" title="Ma vie" />);
    expect(await screen.findByRole('img', { name: 'Page 5 sur 20' })).toBeTruthy();
    expect(drawnPages()).toEqual([5, 6, 7, 8]);
    expect(screen.queryByRole('img', { name: 'Page 1 sur 20' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Voir plus de pages' }));
    expect(drawnPages()).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);

    await userEvent.click(
      screen.getByRole('button', {
        name: 'Voir les 4 pages d’ouverture du livre (titre, table des matières…)',
      }),
    );
    expect(drawnPages()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(screen.getByText('12 pages affichées sur 20')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /pages d’ouverture/ })).toBeNull();
  });

  it('has no "more pages" button for a short book', () => {
    seen.numPages = 3;
    render(<PdfPreview url="/files/books/u/b/web.pdf" title="Ma vie" />);
    expect(drawnPages()).toEqual([1, 2, 3]);
    expect(screen.queryByRole('button', { name: 'Voir plus de pages' })).toBeNull();
  });

  it('blocks the context menu on the pages', () => {
    render(<PdfPreview url="/files/books/u/b/web.pdf" title="Ma vie" />);
    const region = screen.getByRole('region', { name: 'Ma vie' });
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    fireEvent(region.querySelector('canvas')!, event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('says so plainly when the file cannot be read', () => {
    render(<PdfPreview url="/files/books/u/b/broken.pdf" title="Ma vie" />);
    expect(
      screen.getByText("L'aperçu du livre ne peut pas être affiché pour le moment."),
    ).toBeTruthy();
    expect(drawnPages()).toEqual([]);
  });
});
