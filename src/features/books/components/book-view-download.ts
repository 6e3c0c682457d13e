// Downloading the print PDF or the EPUB (issue 33) under the book's title. The file is fetched and
// handed to an <a download> through an object URL, because browsers ignore `download` on another
// origin's link; if the fetch cannot be made (storage on another origin without CORS, no connection),
// the file opens in a new tab. The fetch goes through the service worker's book cache
// (sw/image-cache.ts), so a book downloaded once downloads again without a connection.

// Control characters are exactly what must go, hence the rule's exception.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;
const MAX_NAME_LENGTH = 150;

export interface BookFileNameOptions {
  /** 'pdf' unless told. */
  extension?: 'pdf' | 'epub';
  /** Words put after the title in parentheses, to tell two versions apart (« avec la voix »). */
  variant?: string;
}

/**
 * `<title>.pdf` (or `<title> (<variant>).epub`), without the characters file systems refuse; 'livre.pdf'
 * for an empty title.
 */
export function bookFileName(
  title: string,
  fallback = 'livre',
  { extension = 'pdf', variant }: BookFileNameOptions = {},
): string {
  const name = title
    .replace(FORBIDDEN_IN_FILE_NAMES, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+|\.+$/g, '')
    .slice(0, MAX_NAME_LENGTH)
    .trim();
  const suffix = variant ? ` (${variant.replace(FORBIDDEN_IN_FILE_NAMES, ' ').trim()})` : '';
  return `${name || fallback}${suffix}.${extension}`;
}

/** How long the object URL lives after the click: the browser has taken the file by then. */
const REVOKE_AFTER_MS = 60_000;

/** Saves the file at `url` as `fileName`; true when saved, false when it was opened in a tab instead. */
export async function downloadFile(url: string, fileName: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`The file answered ${response.status}`);
    const blob = await response.blob();
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(objectUrl), REVOKE_AFTER_MS);
    return true;
  } catch (error) {
    console.warn('Could not download the book, opening it instead', error);
    window.open(url, '_blank', 'noopener');
    return false;
  }
}
