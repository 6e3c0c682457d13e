// Logging out leaves no copy of the query cache behind, even when the persister's throttled write of a
// copy taken before the logout falls due afterwards (it did, now and then, in the browser journey).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { queryClient, queryPersister } from '../../../src/lib/query-client';
import { storageKeys } from '../../../src/lib/storage';
import { signOut } from '../../../src/lib/sign-out';
import { signInAs } from '../support/render-app';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  window.localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

it('drops the throttled write that was still due when the person logged out', async () => {
  signInAs();
  queryClient.setQueryData(['conversations'], [{ title: 'Le bal de 1960' }]);
  const copy = {
    buster: 'test',
    timestamp: Date.now(),
    clientState: { mutations: [], queries: [] },
  };
  // The first write goes at once; the next one waits for the throttle: that is the one at risk.
  await queryPersister.persistClient(copy);
  await vi.advanceTimersByTimeAsync(10);
  await queryPersister.persistClient({ ...copy, timestamp: Date.now() });
  await signOut();
  expect(window.localStorage.getItem(storageKeys.queryCache)).toBeNull();
  await vi.advanceTimersByTimeAsync(2_000);
  expect(window.localStorage.getItem(storageKeys.queryCache)).toBeNull();

  // Later writes are kept again (the login page's own queries).
  await queryPersister.persistClient({ ...copy, timestamp: Date.now() });
  await vi.advanceTimersByTimeAsync(1_100);
  expect(window.localStorage.getItem(storageKeys.queryCache)).not.toBeNull();
});
