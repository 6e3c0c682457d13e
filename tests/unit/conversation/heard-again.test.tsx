// The voice kept (issue 20) — « Réécouter vos réponses » on the chapter page: the answers whose sound was
// kept, each under the question asked just before it, with a plain player (a large Écouter / Pause button
// named after its question, the time written out, « Depuis le début »), one voice at a time, a plain
// message when a sound cannot be played; nothing at all when no answer was kept with its sound.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChapterMessageWire as ChatMessageWire } from '../../../src/features/conversation/api/recorded-answers';
import { recordedAnswers } from '../../../src/features/conversation/api/recorded-answers';
import { clock } from '../../../src/features/conversation/components/answer-player';
import { setLanguage } from '../../../src/lib/i18n';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';
import { jsonReply } from '../support/fetch-mock';
import { renderApp, resetApp } from '../support/render-app';
import { BASE, PAGE, chapterServer, chapterWire, clearDevice } from './support';

const SOUND_1 = '/files/u1/c1/recordings/m2-aaaaaa.webm?expires=1&signature=s1';
const SOUND_2 = '/files/u1/c1/recordings/m4-bbbbbb.m4a?expires=1&signature=s2';

function message(
  id: string,
  type: 'user' | 'assistant',
  content: string,
  recording?: ChatMessageWire['recording'],
): ChatMessageWire {
  return {
    id,
    type,
    content,
    created_at: '2025-03-01T09:00:00.000Z',
    ...(recording ? { recording } : {}),
  };
}

const HISTORY: ChatMessageWire[] = [
  message('m1', 'assistant', 'Où êtes-vous née ?'),
  message('m2', 'user', 'À Roanne, en 1941.', {
    url: SOUND_1,
    mime_type: 'audio/webm',
    duration_ms: 65_000,
  }),
  message('m3', 'assistant', 'Que faisait votre père ?'),
  message('m4', 'user', 'Il était cheminot.'),
  message('m5', 'assistant', 'Et votre mère ?'),
  message('m6', 'user', 'Elle cousait.', { url: SOUND_2, mime_type: 'audio/mp4' }),
];

function serve(history: ChatMessageWire[] = HISTORY) {
  return chapterServer(chapterWire(), {
    routes: {
      [`GET ${BASE}/messages`]: jsonReply({ data: history, count: history.length }),
    },
  });
}

/** happy-dom plays nothing: play and pause only say they did, as a browser would. */
function fakeMedia(play: (audio: HTMLMediaElement) => Promise<void> = async () => {}) {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    return paused.get(this) ?? true;
  });
  const playSpy = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (
    this: HTMLMediaElement,
  ) {
    await play(this);
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
  });
  const pauseSpy = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
  return { playSpy, pauseSpy };
}

beforeEach(async () => {
  await resetApp();
  await clearDevice();
  reportNetworkSuccess();
});

afterEach(() => {
  reportNetworkSuccess();
});

describe('recordedAnswers', () => {
  it('keeps the answers with a sound, each with the question just before it', () => {
    expect(recordedAnswers(HISTORY)).toEqual([
      { id: 'm2', question: 'Où êtes-vous née ?', recording: HISTORY[1]!.recording },
      { id: 'm6', question: 'Et votre mère ?', recording: HISTORY[5]!.recording },
    ]);
    expect(recordedAnswers([message('u', 'user', 'Bonjour', HISTORY[1]!.recording)])).toEqual([
      { id: 'u', question: null, recording: HISTORY[1]!.recording },
    ]);
    expect(recordedAnswers([])).toEqual([]);
  });

  it('writes times as minutes and seconds', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(65.4)).toBe('1:05');
    expect(clock(600)).toBe('10:00');
    expect(clock(-1)).toBe('0:00');
  });
});

describe('the recorded answers on the chapter page', () => {
  it('lists each recorded answer under its question, with a player, and nothing for the others', async () => {
    const net = serve();
    fakeMedia();
    renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Réécouter vos réponses' });
    expect(
      within(section).getByText('Vos 2 réponses enregistrées, chacune sous la question posée.'),
    );
    const items = within(section).getAllByTestId('recorded-answer');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Question\u00a0: Où êtes-vous née ?');
    expect(items[1]!.textContent).toContain('Question\u00a0: Et votre mère ?');
    // The typed answer (no sound) is not there, nor any answer's text.
    expect(section.textContent).not.toContain('Que faisait votre père ?');
    expect(section.textContent).not.toContain('cheminot');

    // The players: a large, named button each, and the length written out when known.
    const first = within(items[0]!).getByRole('button', {
      name: 'Écouter votre réponse à\u00a0: Où êtes-vous née ?',
    });
    expect(first.className).toContain('min-h-14');
    expect(within(items[0]!).getByText('0:00 sur 1:05')).toBeTruthy();
    expect(
      within(items[1]!).getByRole('button', {
        name: 'Écouter votre réponse à\u00a0: Et votre mère ?',
      }),
    );
    expect(within(items[1]!).getByText('0:00')).toBeTruthy();
    // The sound is loaded only when asked for, from the signed link, with its type.
    const sources = [...section.querySelectorAll('audio source')];
    expect(sources.map((s) => [s.getAttribute('src'), s.getAttribute('type')])).toEqual([
      [SOUND_1, 'audio/webm'],
      [SOUND_2, 'audio/mp4'],
    ]);
    for (const audio of section.querySelectorAll('audio'))
      expect(audio.getAttribute('preload')).toBe('none');
    expect(net.callsTo(`GET ${BASE}/messages`)).toHaveLength(1);
  });

  it('plays and pauses by the same button, with the keyboard too, and shows the time heard', async () => {
    serve();
    const { playSpy, pauseSpy } = fakeMedia();
    const user = userEvent.setup();
    renderApp(PAGE);
    const item = (await screen.findAllByTestId('recorded-answer'))[0]!;
    const audio = item.querySelector('audio')!;
    const listen = within(item).getByRole('button', { name: /^Écouter/ });
    expect(within(item).queryByRole('button', { name: /Depuis le début/ })).toBeNull();

    listen.focus();
    await user.keyboard('{Enter}');
    expect(playSpy).toHaveBeenCalledTimes(1);
    const pause = await within(item).findByRole('button', {
      name: 'Pause de votre réponse à\u00a0: Où êtes-vous née ?',
    });
    expect(pause).toBe(document.activeElement);

    Object.defineProperty(audio, 'currentTime', {
      value: 12.6,
      configurable: true,
      writable: true,
    });
    fireEvent.timeUpdate(audio);
    expect(within(item).getByText('0:12 sur 1:05')).toBeTruthy();
    expect(within(item).getByRole('button', { name: /^Réécouter depuis le début/ })).toBeTruthy();

    await user.keyboard(' ');
    expect(pauseSpy).toHaveBeenCalled();
    expect(await within(item).findByRole('button', { name: /^Écouter/ })).toBeTruthy();
    // Paused, the time stays where it was.
    expect(within(item).getByText('0:12 sur 1:05')).toBeTruthy();

    // « Depuis le début » goes back to 0:00 and plays.
    await user.click(within(item).getByRole('button', { name: /^Réécouter depuis le début/ }));
    expect(audio.currentTime).toBe(0);
    expect(playSpy).toHaveBeenCalledTimes(2);
    expect(within(item).getByText('0:00 sur 1:05')).toBeTruthy();

    // At the end, ready to be heard again from the start.
    fireEvent.ended(audio);
    expect(await within(item).findByRole('button', { name: /^Écouter/ })).toBeTruthy();
    expect(within(item).getByText('0:00 sur 1:05')).toBeTruthy();
  });

  it('plays one answer at a time', async () => {
    serve();
    const { pauseSpy } = fakeMedia();
    const user = userEvent.setup();
    renderApp(PAGE);
    const [first, second] = await screen.findAllByTestId('recorded-answer');
    await user.click(within(first!).getByRole('button', { name: /^Écouter/ }));
    await within(first!).findByRole('button', { name: /^Pause/ });
    await user.click(within(second!).getByRole('button', { name: /^Écouter/ }));
    await within(second!).findByRole('button', { name: /^Pause/ });
    expect(pauseSpy).toHaveBeenCalledTimes(1);
    expect(within(first!).getByRole('button', { name: /^Écouter/ })).toBeTruthy();
  });

  it('learns the length from the file when the server did not know it', async () => {
    serve();
    fakeMedia();
    renderApp(PAGE);
    const item = (await screen.findAllByTestId('recorded-answer'))[1]!;
    const audio = item.querySelector('audio')!;
    Object.defineProperty(audio, 'duration', { value: 42.2, configurable: true });
    fireEvent.loadedMetadata(audio);
    expect(within(item).getByText('0:00 sur 0:42')).toBeTruthy();
  });

  it('says plainly when a sound cannot be played, and why when offline', async () => {
    serve();
    fakeMedia(async () => {
      throw new DOMException('No supported source', 'NotSupportedError');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp(PAGE);
    const [first, second] = await screen.findAllByTestId('recorded-answer');
    await user.click(within(first!).getByRole('button', { name: /^Écouter/ }));
    expect((await within(first!).findByRole('alert')).textContent).toBe(
      'Impossible de lire cet enregistrement. Réessayez dans un instant.',
    );
    expect(within(first!).getByRole('button', { name: /^Écouter/ })).toBeTruthy();

    // Offline, a sound never heard on this device is not there: the message says so.
    act(() => reportNetworkFailure());
    fireEvent.error(second!.querySelector('audio')!);
    expect((await within(second!).findByRole('alert')).textContent).toBe(
      "Cet enregistrement n'est pas encore gardé sur cet appareil\u00a0: vous pourrez l'écouter au retour de la connexion.",
    );
  });

  it('shows nothing when no answer was kept with its sound, or the history cannot be had', async () => {
    serve(HISTORY.map(({ recording: _recording, ...rest }) => rest));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'La maison de Roanne' }));
    await waitFor(() => expect(screen.queryByText(/Réécouter/)).toBeNull());
    expect(document.querySelector('audio')).toBeNull();
  });

  it('deletes one answer’s sound after asking, and the words stay', async () => {
    let history = HISTORY;
    const net = chapterServer(chapterWire(), {
      routes: {
        [`GET ${BASE}/messages`]: () => jsonReply({ data: history, count: history.length }),
        [`DELETE ${BASE}/messages/m2/recording`]: () => {
          history = history.map(({ recording, ...rest }) =>
            rest.id === 'm2' ? rest : { ...rest, ...(recording ? { recording } : {}) },
          );
          return jsonReply({ message: 'deleted' });
        },
      },
    });
    fakeMedia();
    renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Réécouter vos réponses' });
    await userEvent.click(
      within(section).getByRole('button', {
        name: 'Supprimer l’enregistrement de votre réponse à\u00a0: Où êtes-vous née ?',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Supprimer cet enregistrement\u202f?',
    });
    expect(
      within(dialog).getByText('Le texte de votre réponse reste dans le chapitre.'),
    ).toBeTruthy();
    expect(net.callsTo(`DELETE ${BASE}/messages/m2/recording`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oui, supprimer le son' }));
    await waitFor(() => expect(within(section).getAllByTestId('recorded-answer')).toHaveLength(1));
    expect(net.callsTo(`DELETE ${BASE}/messages/m2/recording`)).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(section).queryByText('Où êtes-vous née ?')).toBeNull();
    expect(within(section).getByText('Et votre mère ?')).toBeTruthy();
  });

  it('keeps the question open and says why when the deletion fails', async () => {
    chapterServer(chapterWire(), {
      routes: {
        [`GET ${BASE}/messages`]: jsonReply({ data: HISTORY, count: HISTORY.length }),
        [`DELETE ${BASE}/messages/m6/recording`]: jsonReply({}, 500),
      },
    });
    fakeMedia();
    renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Réécouter vos réponses' });
    await userEvent.click(
      within(section).getByRole('button', {
        name: 'Supprimer l’enregistrement de votre réponse à\u00a0: Et votre mère ?',
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oui, supprimer le son' }));
    expect(
      await within(dialog).findByText('L’enregistrement n’a pas pu être supprimé. Réessayez.'),
    ).toBeTruthy();
    expect(within(section).getAllByTestId('recorded-answer')).toHaveLength(2);
  });

  it('says the same in English', async () => {
    await setLanguage('en', { remember: false });
    serve();
    fakeMedia();
    renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Listen to your answers again' });
    expect(
      within(section).getByRole('button', { name: 'Listen to your answer to: Où êtes-vous née ?' }),
    ).toBeTruthy();
    expect(within(section).getByText('0:00 of 1:05')).toBeTruthy();
  });
});
