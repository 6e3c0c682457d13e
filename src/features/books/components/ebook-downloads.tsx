// The book as an EPUB (issue 33), beside the PDF on a finished book's page: for a phone, a tablet or an
// e-reader, where the text can be enlarged or read aloud. Each choice says its size before she presses it;
// the version with the chapters' recordings inside is offered only when the server made one. The file is
// named after the book, like the PDF, and kept by the service worker like it, so it opens again offline.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { numberFormat } from '../../../lib/intl';
import { toast } from '../../../lib/toast';
import type { BookWire } from '../api/types';
import { DownloadIcon } from './book-list-icons';
import { bookFileName, downloadFile } from './book-view-download';

const KILOBYTE = 1_000;
const MEGABYTE = 1_000_000;

type FileSizeKey = 'epub.sizeKilobytes' | 'epub.sizeMegabytes';

/**
 * A file size as phones show it (decimal units): « 850 ko » under a megabyte, then « 2,4 Mo » with one
 * decimal at most, the number written the page's way.
 */
export function fileSizeParts(bytes: number): { key: FileSizeKey; value: string } {
  if (bytes < MEGABYTE)
    return {
      key: 'epub.sizeKilobytes',
      value: numberFormat({ maximumFractionDigits: 0 }).format(
        Math.max(1, Math.round(bytes / KILOBYTE)),
      ),
    };
  return {
    key: 'epub.sizeMegabytes',
    value: numberFormat({ maximumFractionDigits: 1 }).format(bytes / MEGABYTE),
  };
}

export function EbookDownloads({ book }: { book: BookWire }) {
  const { t } = useTranslation('books');
  const [downloading, setDownloading] = useState<'plain' | 'voice' | null>(null);
  const epubUrl = book.url_epub ?? null;
  if (!epubUrl) return null;
  const voiceUrl = book.url_epub_with_voice ?? null;

  function sizeText(bytes: number | null | undefined): string | null {
    if (bytes == null || bytes <= 0) return null;
    const { key, value } = fileSizeParts(bytes);
    return t('epub.size', { size: t(key, { value }) });
  }

  async function download(kind: 'plain' | 'voice', url: string) {
    if (downloading) return;
    setDownloading(kind);
    try {
      const name = bookFileName(book.title, t('view.fallbackTitle'), {
        extension: 'epub',
        variant: kind === 'voice' ? t('epub.voiceFileVariant') : undefined,
      });
      const saved = await downloadFile(url, name);
      if (!saved) toast.info(t('view.downloadFailed'));
    } finally {
      setDownloading(null);
    }
  }

  const plainSize = sizeText(book.epub_size);
  const voiceSize = sizeText(book.epub_with_voice_size);

  return (
    <section aria-labelledby="ebook-heading" className="space-y-4">
      <h2 id="ebook-heading" className="text-2xl">
        {t('epub.title')}
      </h2>
      <p className="text-lg">{t('epub.explanation')}</p>
      <ul className="space-y-4">
        <li className="space-y-2">
          <Button
            variant="secondary"
            onClick={() => void download('plain', epubUrl)}
            busy={downloading === 'plain'}
            aria-describedby={plainSize ? 'ebook-size' : undefined}
          >
            <DownloadIcon />
            {t('epub.download')}
          </Button>
          {plainSize && (
            <p id="ebook-size" className="text-lg text-ink-muted">
              {plainSize}
            </p>
          )}
        </li>
        {voiceUrl && (
          <li className="space-y-2">
            <p className="text-lg" id="ebook-voice-explanation">
              {t('epub.voiceExplanation')}
            </p>
            <Button
              variant="secondary"
              onClick={() => void download('voice', voiceUrl)}
              busy={downloading === 'voice'}
              aria-describedby={
                voiceSize ? 'ebook-voice-explanation ebook-voice-size' : 'ebook-voice-explanation'
              }
            >
              <DownloadIcon />
              {t('epub.downloadWithVoice')}
            </Button>
            {voiceSize && (
              <p id="ebook-voice-size" className="text-lg text-ink-muted">
                {voiceSize}
              </p>
            )}
          </li>
        )}
      </ul>
    </section>
  );
}
