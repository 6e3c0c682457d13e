// Runs before every unit test file: an in-memory IndexedDB for Dexie, a clean DOM and clean storage.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { markFirstPageShown } from '../../src/lib/first-page';

// findBy…/waitFor give a screen 10 s rather than 1 s: the first render of a lazily loaded route is
// compiled on demand, which on a busy 2-core machine took longer than a second (and once, with the
// whole suite and a build running beside it, longer than 5). A screen that never appears still fails;
// nothing waits longer when it does appear.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// jsdom's browser speaks American English, which the app would take at a first visit (src/lib/i18n.ts):
// the tests' browser is a French one that also lists American English (so a switch to English is en-US).
// Tests of the first visit set their own (tests/unit/lib/i18n-first-visit.test.ts).
Object.defineProperty(window.navigator, 'languages', {
  configurable: true,
  get: () => ['fr-FR', 'fr', 'en-US', 'en'],
});

// Pages are rendered here without the app's router, which says when the first page is on screen: what
// waits for it (the device store's reads, the sync indicator) starts at once.
markFirstPageShown();
