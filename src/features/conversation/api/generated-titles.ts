// Which chapter titles were written by the biographer (issue 29 #8): « Générer un titre » asks first when
// the current title is not one the biographer wrote — the person typed it, or it is not known here.
// Only a short hash of each title is kept on the device (never the title itself), one per chapter.
const STORAGE_KEY = 'chapitres.generatedTitles';

/** FNV-1a, 32 bits: enough to tell one title from the next, and says nothing of the title. */
function titleHash(title: string): string {
  let hash = 0x811c9dc5;
  for (const char of title.trim()) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function readAll(): Record<string, string> {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Remembers that the chapter's title is the biographer's. */
export function rememberGeneratedTitle(conversationId: string, title: string | null): void {
  if (!title?.trim()) return;
  try {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ ...readAll(), [conversationId]: titleHash(title) }),
    );
  } catch (error) {
    console.warn('Could not remember the generated title', error);
  }
}

/** Whether replacing this title needs the person's yes: a title the biographer did not write. */
export function titleIsOwn(conversationId: string, title: string | null): boolean {
  if (!title?.trim()) return false;
  return readAll()[conversationId] !== titleHash(title);
}
