// The screen preview of a finished book, drawn by pdf.js (react-pdf): loaded only through React.lazy so
// pdf.js and its worker never weigh on the first load. No toolbar and no text or link layers: the pages
// are pictures fitted to the width of the screen, a few at a time, and the context menu is blocked (a
// deterrent only — the spec asks for it). One plain GET (no range, no streaming) lets the service worker
// keep the file, so a book opened once stays readable offline (sw/sw.ts). The preview opens at the first
// chapter (the first entry of the PDF's outline: chapters are the book's only bookmarked headings), not on
// the half-title, blank, title and copyright pages; a button shows those opening pages too.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';

pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

/** Outside the component: react-pdf reloads the document whenever this object changes. */
export const PDF_DOCUMENT_OPTIONS = { disableRange: true, disableStream: true } as const;

/** Pages drawn at first and added by each "more pages": long books stay light on phones. */
export const PAGES_PER_STEP = 4;

/** What the preview needs of a loaded pdf.js document to find its first chapter. */
export interface OutlinedPdf {
  numPages: number;
  getOutline?: () => Promise<{ dest: string | unknown[] | null }[] | null>;
  getDestination?: (id: string) => Promise<unknown[] | null>;
  getPageIndex?: (ref: never) => Promise<number>;
}

/**
 * The page (1-based) where the first chapter starts: the target of the outline's first entry. 1 when the
 * PDF has no outline or it cannot be read.
 */
export async function firstChapterPage(pdf: OutlinedPdf): Promise<number> {
  try {
    const outline = (await pdf.getOutline?.()) ?? [];
    const first = outline[0];
    if (!first || !pdf.getPageIndex) return 1;
    const dest =
      typeof first.dest === 'string' ? await pdf.getDestination?.(first.dest) : first.dest;
    const target = dest?.[0];
    if (target === undefined || target === null) return 1;
    const index = typeof target === 'number' ? target : await pdf.getPageIndex(target as never);
    return index >= 0 && index < pdf.numPages ? index + 1 : 1;
  } catch {
    return 1;
  }
}

/** Sharp enough on any screen without giant canvases (memory) on 3x phones. */
const MAX_PIXEL_RATIO = 2;

/** The width available to the pages, followed as the screen turns or the text grows. */
function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = (value: number) => setWidth(Math.floor(value));
    measure(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

interface PdfPreviewProps {
  url: string;
  title: string;
}

export function PdfPreview({ url, title }: PdfPreviewProps) {
  const { t } = useTranslation('books');
  const containerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(containerRef);
  const [pageCount, setPageCount] = useState<number | null>(null);
  /** First page drawn: the first chapter's, or 1 once the opening pages are asked for. */
  const [start, setStart] = useState(1);
  const [shown, setShown] = useState(PAGES_PER_STEP);
  const visible = pageCount === null ? 0 : Math.min(shown, pageCount - start + 1);

  function loaded(pdf: OutlinedPdf) {
    if (typeof pdf.getOutline !== 'function') {
      setPageCount(pdf.numPages);
      return;
    }
    void firstChapterPage(pdf).then((page) => {
      setStart(page);
      setPageCount(pdf.numPages);
    });
  }
  const pixelRatio =
    typeof window === 'undefined' ? 1 : Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);

  return (
    <div className="space-y-4">
      <div
        ref={containerRef}
        onContextMenu={(event) => event.preventDefault()}
        className="select-none"
        aria-label={title}
        role="region"
      >
        <Document
          file={url}
          options={PDF_DOCUMENT_OPTIONS}
          onLoadSuccess={(pdf) => loaded(pdf as unknown as OutlinedPdf)}
          onLoadError={(error) => console.warn('Could not load the book preview', error)}
          loading={
            <div className="flex justify-center p-6 text-brand">
              <Spinner label={t('preview.loading')} />
            </div>
          }
          error={<Notice tone="info" title={t('preview.failed')} />}
          noData={<Notice tone="info" title={t('preview.failed')} />}
          className="space-y-4"
        >
          {width > 0 && start > 1 && pageCount !== null && (
            <Button
              variant="secondary"
              onClick={() => {
                setShown((count) => count + start - 1);
                setStart(1);
              }}
            >
              {t('preview.opening', { count: start - 1 })}
            </Button>
          )}
          {width > 0 &&
            Array.from({ length: visible }, (_, index) => (
              <div
                key={start + index}
                role="img"
                aria-label={t('preview.page', { page: start + index, total: pageCount })}
                className="overflow-hidden rounded border border-line bg-white shadow-md"
              >
                <Page
                  pageNumber={start + index}
                  width={width - 2}
                  devicePixelRatio={pixelRatio}
                  renderTextLayer={false}
                  renderAnnotationLayer={false}
                  loading={
                    <div className="aspect-[2/3] w-full animate-pulse bg-brand-soft motion-reduce:animate-none" />
                  }
                  error={<Notice tone="info" title={t('preview.failed')} />}
                />
              </div>
            ))}
        </Document>
      </div>
      {pageCount !== null && pageCount > 0 && (
        <div className="flex flex-wrap items-center gap-4">
          <p className="text-ink-muted" aria-live="polite">
            {t('preview.shown', { shown: visible, total: pageCount })}
          </p>
          {start + visible - 1 < pageCount && (
            <Button variant="secondary" onClick={() => setShown((count) => count + PAGES_PER_STEP)}>
              {t('preview.more')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
