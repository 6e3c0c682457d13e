// « Ma famille » on her chapter page (issue 31): « Partager avec ma famille » releases the chapter to her
// circle and takes it back (POST / DELETE …/release), apart from the public link; the words her family
// left are hidden or shown and chosen for the book; suggested photos are added to the chapter (its
// pictures read again) or declined. Offline, it all says it needs the Internet.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChapterWord, SuggestedPhoto } from '@contract/circle';
import type { ConversationWire } from '../../../src/lib/conversation-query';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { BASE, PAGE, chapterServer, chapterWire, clearDevice } from '../conversation/support';
import { jsonReply, type RecordedCall } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';

const WORD: ChapterWord = {
  id: '33333333-0000-4000-8000-000000000001',
  author_name: 'Marie',
  text: 'Merci Maman, je ne savais pas tout cela.',
  created_at: '2026-11-21T12:00:00.000Z',
  hidden: false,
  printed: false,
  mine: false,
};

const PHOTO: SuggestedPhoto = {
  id: '44444444-0000-4000-8000-000000000001',
  url: '/files/suggested/one.jpg',
  thumbnail_url: '/files/suggested/one-thumb.jpg',
  legend: 'La gare de Roanne en 1950',
  contributor_name: 'Marie',
  created_at: '2026-11-22T12:00:00.000Z',
};

function released(releasedAt: string | null): ConversationWire {
  return chapterWire({ released_at: releasedAt } as Partial<ConversationWire>);
}

function familySection(): HTMLElement {
  return screen.getByRole('region', { name: 'Ma famille' });
}

beforeEach(async () => {
  await resetApp();
  await clearDevice();
  reportNetworkSuccess();
});

describe('sharing a chapter with her family', () => {
  it('releases the chapter, then takes it back, saying who will see it', async () => {
    const net = chapterServer(released(null), {
      routes: {
        [`POST ${BASE}/release`]: jsonReply({ released_at: '2026-11-20T12:00:00.000Z' }),
        [`DELETE ${BASE}/release`]: jsonReply({ released_at: null }),
      },
    });
    renderApp(PAGE);
    const toggle = (await screen.findByRole('switch', {
      name: 'Partager avec ma famille',
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    const section = familySection();
    expect(within(section).getByText(/Privé\s: les personnes de votre cercle/)).toBeTruthy();
    expect(
      within(section).getByText(/Les personnes de votre cercle pourront lire ce chapitre\./),
    ).toBeTruthy();
    // The public link is another thing, still there.
    expect(screen.getByRole('button', { name: 'Partager mon histoire' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(toggle);
    await within(section).findByText(/Partagé avec votre famille depuis le 20 novembre 2026/);
    expect(toggle.checked).toBe(true);
    expect(net.callsTo(`POST ${BASE}/release`)).toHaveLength(1);

    await user.click(toggle);
    await within(section).findByText(/Privé\s: les personnes de votre cercle/);
    expect(toggle.checked).toBe(false);
    expect(net.callsTo(`DELETE ${BASE}/release`)).toHaveLength(1);
  });

  it('hides and shows a word of her family, and chooses it for the book', async () => {
    let word = WORD;
    const net = chapterServer(released('2026-11-20T12:00:00.000Z'), {
      routes: {
        [`GET ${BASE}/words`]: () => jsonReply({ data: [word], count: 1 }),
        [`PATCH ${BASE}/words/${WORD.id}`]: (call: RecordedCall) => {
          word = { ...word, ...(JSON.parse(call.body ?? '{}') as Partial<ChapterWord>) };
          return jsonReply(word);
        },
      },
    });
    renderApp(PAGE);
    await screen.findByText('Merci Maman, je ne savais pas tout cela.');
    const user = userEvent.setup();
    const section = familySection();
    await user.click(within(section).getByRole('button', { name: 'Masquer' }));
    await within(section).findByText(/Masqué\s: votre famille ne le voit plus\./);
    expect(JSON.parse(net.callsTo(`PATCH ${BASE}/words/${WORD.id}`)[0].body ?? '')).toEqual({
      hidden: true,
    });

    await user.click(within(section).getByRole('button', { name: 'Afficher' }));
    await waitFor(() => expect(within(section).queryByText(/Masqué\s: votre famille/)).toBeNull());
    expect(JSON.parse(net.callsTo(`PATCH ${BASE}/words/${WORD.id}`)[1].body ?? '')).toEqual({
      hidden: false,
    });

    const print = within(section).getByRole('checkbox', {
      name: 'Imprimer dans le livre',
    }) as HTMLInputElement;
    expect(print.checked).toBe(false);
    await user.click(print);
    await waitFor(() => expect(print.checked).toBe(true));
    expect(JSON.parse(net.callsTo(`PATCH ${BASE}/words/${WORD.id}`)[2].body ?? '')).toEqual({
      printed: true,
    });
  });
});

describe('photos suggested by her family', () => {
  it('adds one to the chapter and reads its pictures again', async () => {
    const net = chapterServer(released(null), {
      routes: {
        [`GET ${BASE}/suggested-photos`]: jsonReply({ data: [PHOTO], count: 1 }),
        [`POST ${BASE}/suggested-photos/${PHOTO.id}/accept`]: { status: 204 },
      },
    });
    renderApp(PAGE);
    const section = await waitFor(() => familySection());
    await within(section).findByText('Photo de Marie');
    expect(within(section).getByText('La gare de Roanne en 1950')).toBeTruthy();
    expect(within(section).getByRole('img', { name: 'La gare de Roanne en 1950' })).toBeTruthy();
    const readsBefore = net.callsTo(`GET ${BASE}`).length;
    await userEvent.click(within(section).getByRole('button', { name: 'Ajouter au chapitre' }));
    await waitFor(() => expect(within(section).queryByText('Photo de Marie')).toBeNull());
    expect(net.callsTo(`POST ${BASE}/suggested-photos/${PHOTO.id}/accept`)).toHaveLength(1);
    await waitFor(() => expect(net.callsTo(`GET ${BASE}`).length).toBeGreaterThan(readsBefore));
    await screen.findByText('La photo de Marie est ajoutée au chapitre.');
  });

  it('declines one', async () => {
    const net = chapterServer(released(null), {
      routes: {
        [`GET ${BASE}/suggested-photos`]: jsonReply({ data: [PHOTO], count: 1 }),
        [`DELETE ${BASE}/suggested-photos/${PHOTO.id}`]: { status: 204 },
      },
    });
    renderApp(PAGE);
    const section = await waitFor(() => familySection());
    await within(section).findByText('Photo de Marie');
    await userEvent.click(within(section).getByRole('button', { name: 'Refuser' }));
    await waitFor(() => expect(within(section).queryByText('Photo de Marie')).toBeNull());
    expect(net.callsTo(`DELETE ${BASE}/suggested-photos/${PHOTO.id}`)).toHaveLength(1);
    expect(net.callsTo(`POST ${BASE}/suggested-photos/${PHOTO.id}/accept`)).toHaveLength(0);
  });
});

it('offline, says the family part needs the Internet', async () => {
  chapterServer(released(null));
  renderApp(PAGE);
  await screen.findByRole('switch', { name: 'Partager avec ma famille' });
  reportNetworkFailure();
  await within(familySection()).findByText(
    /Le partage avec votre famille, ses mots et ses photos ne sont pas disponibles sans connexion/,
  );
  expect(screen.queryByRole('switch', { name: 'Partager avec ma famille' })).toBeNull();
});
