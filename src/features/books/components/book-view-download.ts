// Downloading the print PDF under the book's title. The file is fetched and handed to an <a download>
// through an object URL, because browsers ignore `download` on another origin's link; if the fetch
// cannot be made (storage on another origin without CORS, no connection), the PDF opens in a new tab.

// Control characters are exactly what must go, hence the rule's exception.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;
const MAX_NAME_LENGTH = 150;

/** `<title>.pdf`, without the characters file systems refuse; 'livre.pdf' for an empty title. */
export function bookFileName(title: string, fallback = 'livre'): string {
  const name = title
    .replace(FORBIDDEN_IN_FILE_NAMES, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+|\.+$/g, '')
    .slice(0, MAX_NAME_LENGTH)
    .trim();
  return `${name || fallback}.pdf`;
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
