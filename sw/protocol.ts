// The messages the page and the service worker exchange, shared by both sides so their names cannot drift.

/** Sent by workbox-window's `messageSkipWaiting()` when the person accepts an update. */
export const SKIP_WAITING = 'SKIP_WAITING';
/** Sent on logout and account deletion; answered on the MessageChannel port once the caches are gone. */
export const CLEAR_USER_CACHES = 'CLEAR_USER_CACHES';
export const USER_CACHES_CLEARED = 'USER_CACHES_CLEARED';

/** Chapter pictures: per account, so cleared on logout. */
export const IMAGE_CACHE_NAME = 'chapitres-images';
/** Book files (PDFs and EPUBs): per account, cleared on logout with the pictures; few, as each weighs megabytes. */
export const BOOK_CACHE_NAME = 'chapitres-books-v1';
/**
 * Recordings of spoken answers (issue 20): per account, cleared on logout with the pictures; a few hundred
 * kilobytes to a few megabytes each, so fewer than pictures.
 */
export const RECORDING_CACHE_NAME = 'chapitres-recordings-v1';

export type PageToWorkerMessage =
  { type: typeof SKIP_WAITING } | { type: typeof CLEAR_USER_CACHES };
export type WorkerToPageMessage = { type: typeof USER_CACHES_CLEARED; ok: boolean };
