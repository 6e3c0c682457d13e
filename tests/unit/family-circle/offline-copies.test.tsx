// A member's copies on the device (Dexie): a circle and a chapter once opened read again offline or
// when the request fails, without the query cache (a new build, days away); a chapter taken back and a
// circle one is no longer in lose their copies at the next sync; sign-out wipes them.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { queryClient } from '../../../src/lib/query-client';
import { clearLocalData } from '../../../src/offline/clear-local-data';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import {
  CHAPTER_ID,
  OLDER_CHAPTER_ID,
  STORYTELLER_ID,
  chapter,
  list,
  membership,
  summaries,
} from './fixtures';

const OTHER_ID = '5d0c5f1e-0000-4000-8000-00000000a002';
const chaptersPath = `/api/v1/circles/${STORYTELLER_ID}/chapters`;
const chapterPath = `${chaptersPath}/${CHAPTER_ID}`;
const circleUrl = `/circles/${STORYTELLER_ID}`;
const chapterUrl = `${circleUrl}/chapters/${CHAPTER_ID}`;

beforeEach(async () => {
  await resetApp();
  await Promise.all([db.outbox.clear(), db.circles.clear(), db.circleChapters.clear()]);
  reportNetworkSuccess();
  signInAs();
});

function onlineServer() {
  return mockFetch({
    'GET /healthz': 'network-error',
    'GET /api/v1/users/me': jsonReply(testUserWire),
    'GET /api/v1/circles': jsonReply(list([membership()])),
    [`GET ${chaptersPath}`]: jsonReply(list(summaries)),
    [`GET ${chapterPath}`]: jsonReply(chapter()),
  });
}

/** No network at all: every call fails as a lost connection does. */
function offlineServer() {
  return mockFetch({
    'GET /healthz': 'network-error',
    'GET /api/v1/users/me': 'network-error',
    'GET /api/v1/circles': 'network-error',
    [`GET ${chaptersPath}`]: 'network-error',
    [`GET ${chapterPath}`]: 'network-error',
  });
}

/** What the app keeps after an online visit of the circle and the chapter. */
async function visitOnline() {
  onlineServer();
  const first = renderApp(circleUrl);
  await screen.findByRole('link', { name: 'Le bal de 1962' });
  first.unmount();
  const second = renderApp(chapterUrl);
  await screen.findByRole('heading', { level: 1, name: 'Le bal de 1962' });
  await waitFor(async () =>
    expect((await db.circleChapters.get([STORYTELLER_ID, CHAPTER_ID]))?.chapter?.text).toContain(
      'Pierre',
    ),
  );
  await waitFor(async () =>
    expect((await db.circles.get(STORYTELLER_ID))?.membership?.storyteller_name).toBe('Jeanne'),
  );
  second.unmount();
  cleanup();
  // A new build, or more than a day away: the query cache is gone; only the device store is left.
  queryClient.clear();
}

describe('a member reading offline from the device', () => {
  it('reads a chapter opened once, its pictures and words, with the query cache gone', async () => {
    await visitOnline();
    offlineServer();
    reportNetworkFailure();
    renderApp(chapterUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Le bal de 1962' })).toBeTruthy();
    expect(screen.getByText("Pierre m'a invitée à danser.")).toBeTruthy();
    expect(screen.getByAltText('Maman dans sa robe bleue')).toBeTruthy();
    expect(screen.getByText('Quelle belle robe !')).toBeTruthy();
    expect(
      screen.getByText('Pas de connexion : vous lisez la copie gardée sur cet appareil.'),
    ).toBeTruthy();
  });

  it('lists her chapters and knows her name offline, from the device', async () => {
    await visitOnline();
    offlineServer();
    reportNetworkFailure();
    renderApp(circleUrl);
    expect(await screen.findByRole('link', { name: "L'école du village" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Le bal de 1962' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Les souvenirs de Jeanne' }),
    ).toBeTruthy();
    expect(screen.getByText('Pas de connexion : voici ce que cet appareil a gardé.')).toBeTruthy();
  });

  it('reads the kept copy when the server fails, and says it could not be updated', async () => {
    await visitOnline();
    mockFetch({
      'GET /healthz': jsonReply({ ok: true }),
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/circles': errorReply(500),
      [`GET ${chaptersPath}`]: errorReply(500),
      [`GET ${chapterPath}`]: errorReply(500),
    });
    renderApp(chapterUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Le bal de 1962' })).toBeTruthy();
    expect(
      screen.getByText(
        "Ce chapitre n'a pas pu être mis à jour : vous lisez la copie gardée sur cet appareil.",
      ),
    ).toBeTruthy();
  });

  it('says a chapter never opened here needs a connection', async () => {
    offlineServer();
    reportNetworkFailure();
    renderApp(chapterUrl);
    expect(
      await screen.findByText(
        "Ce chapitre n'a pas encore été ouvert sur cet appareil : il faudra une connexion pour le lire.",
      ),
    ).toBeTruthy();
  });
});

describe('copies dropped at the next sync', () => {
  it('drops a chapter she took back when the list no longer has it', async () => {
    await visitOnline();
    mockFetch({
      'GET /healthz': 'network-error',
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/circles': jsonReply(list([membership()])),
      [`GET ${chaptersPath}`]: jsonReply(list(summaries.filter((s) => s.id !== CHAPTER_ID))),
    });
    renderApp(circleUrl);
    await screen.findByRole('link', { name: "L'école du village" });
    await waitFor(async () =>
      expect(await db.circleChapters.get([STORYTELLER_ID, CHAPTER_ID])).toBeUndefined(),
    );
    expect(await db.circleChapters.get([STORYTELLER_ID, OLDER_CHAPTER_ID])).toBeTruthy();
    cleanup();
    queryClient.clear();

    // Offline afterwards: the list and the chapter are gone from the device too.
    offlineServer();
    reportNetworkFailure();
    renderApp(chapterUrl);
    expect(
      await screen.findByText(
        "Ce chapitre n'a pas encore été ouvert sur cet appareil : il faudra une connexion pour le lire.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText("Pierre m'a invitée à danser.")).toBeNull();
  });

  it('drops the chapter that answers 404 (taken back)', async () => {
    await visitOnline();
    mockFetch({
      'GET /healthz': 'network-error',
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/circles': jsonReply(list([membership()])),
      [`GET ${chapterPath}`]: errorReply(404),
      [`GET ${chaptersPath}`]: jsonReply(list(summaries.filter((s) => s.id !== CHAPTER_ID))),
    });
    renderApp(chapterUrl);
    expect(
      await screen.findByRole('heading', { name: "Ce chapitre n'est plus partagé" }),
    ).toBeTruthy();
    await waitFor(async () =>
      expect(await db.circleChapters.get([STORYTELLER_ID, CHAPTER_ID])).toBeUndefined(),
    );
  });

  it('drops every copy of a circle that answers 404 (removed, or her account is gone)', async () => {
    await visitOnline();
    mockFetch({
      'GET /healthz': 'network-error',
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/circles': jsonReply(list([membership()])),
      [`GET ${chaptersPath}`]: errorReply(404),
    });
    renderApp(circleUrl);
    expect(
      await screen.findByRole('heading', { name: 'Vous ne faites plus partie de ce cercle' }),
    ).toBeTruthy();
    await waitFor(async () => expect(await db.circleChapters.count()).toBe(0));
    expect(await db.circles.get(STORYTELLER_ID)).toBeUndefined();
    cleanup();
    queryClient.clear();

    offlineServer();
    reportNetworkFailure();
    renderApp(chapterUrl);
    await screen.findByText(/il faudra une connexion pour le lire/);
    expect(screen.queryByText("Pierre m'a invitée à danser.")).toBeNull();
  });

  it('drops the pictures of a circle one is no longer in from the picture cache too', async () => {
    await visitOnline();
    const dropped: string[] = [];
    vi.stubGlobal('caches', {
      open: async (name: string) => ({
        delete: async (key: string) => {
          dropped.push(`${name} ${key}`);
          return true;
        },
      }),
    });
    mockFetch({
      'GET /healthz': 'network-error',
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'GET /api/v1/circles': jsonReply(list([membership()])),
      [`GET ${chaptersPath}`]: errorReply(404),
    });
    renderApp(circleUrl);
    await screen.findByRole('heading', { name: 'Vous ne faites plus partie de ce cercle' });
    const origin = window.location.origin;
    // Kept under the address without its signature (sw/image-cache.ts imageCacheKey).
    await waitFor(() =>
      expect(dropped).toEqual(
        expect.arrayContaining([
          `chapitres-images ${origin}/media/bal.jpg`,
          `chapitres-images ${origin}/media/robe-thumb.jpg`,
        ]),
      ),
    );
  });

  it('drops the copies of a circle GET /circles no longer lists', async () => {
    await visitOnline();
    await db.circles.put({
      storytellerId: OTHER_ID,
      membership: membership({ storyteller_id: OTHER_ID, storyteller_name: 'Simone' }),
      chapters_listed_at: 1,
      stored_at: 1,
    });
    await db.circleChapters.put({
      storytellerId: OTHER_ID,
      chapterId: CHAPTER_ID,
      listed: null,
      chapter: chapter(),
      stored_at: 1,
    });
    onlineServer();
    renderApp('/circles');
    await screen.findByRole('heading', { name: 'Le cercle de Jeanne' });
    await waitFor(async () => expect(await db.circles.get(OTHER_ID)).toBeUndefined());
    expect(await db.circleChapters.where('storytellerId').equals(OTHER_ID).count()).toBe(0);
    expect(await db.circleChapters.where('storytellerId').equals(STORYTELLER_ID).count()).toBe(2);
  });

  it('lists the kept circles offline', async () => {
    await visitOnline();
    offlineServer();
    reportNetworkFailure();
    renderApp('/circles');
    expect(await screen.findByRole('heading', { name: 'Le cercle de Jeanne' })).toBeTruthy();
  });

  it('wipes every copy at sign-out', async () => {
    await visitOnline();
    await clearLocalData();
    expect(await db.circles.count()).toBe(0);
    expect(await db.circleChapters.count()).toBe(0);
  });
});
