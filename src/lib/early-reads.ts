// The answers index.html asked for before the app's code arrived (its inline script: the chapter list
// and the onboarding questions left, on a signed-in visit to the home page). Each is handed to the
// first request for the same address with the same token, once, and only while the first page is being
// drawn: a later request, another person's or one whose early answer failed asks the server as usual.
import { isFirstPageShown } from './first-page';

interface EarlyReads {
  token: string;
  /** Request address → the answer, or null when it failed or was not a success. */
  reads: Record<string, Promise<Response | null> | undefined>;
}

declare global {
  interface Window {
    __chapitresEarlyReads?: EarlyReads;
  }
}

/** The early answer for `url`, if there is one for this token; it cannot be taken twice. */
export function takeEarlyRead(url: string, token: string | null): Promise<Response | null> | null {
  const early = window.__chapitresEarlyReads;
  if (!early) return null;
  if (!token || early.token !== token || isFirstPageShown()) {
    delete window.__chapitresEarlyReads;
    return null;
  }
  const read = early.reads[url];
  delete early.reads[url];
  return read ?? null;
}
