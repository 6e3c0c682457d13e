// The chat screen through the real route, the network mocked at fetch: the banner and the question,
// the four states by typing and by (fake) voice, the countdown, pause/resume, sending with an
// idempotency key, the reply's audio, interrupt, replay, clear, the history in pages of 100, the
// loading tips, the draft kept in Dexie and offered back, the typed path without speech recognition,
// a refused microphone, a failed send that keeps the text, and an answer queued offline.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { CHAT_OUTBOX_ENTITY } from '../../../src/features/interview/answer-delivery';
import { readAnswerKey } from '../../../src/features/interview/answer-keys';
import { TIP_INTERVAL_MS, TIP_KEYS } from '../../../src/features/interview/components/loading-tips';
import { setLanguage } from '../../../src/lib/i18n';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { replayOutbox } from '../../../src/offline/outbox';
import { errorReply, jsonReply, mockFetch, type RecordedCall } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import { FakeRecognition } from './support/fake-recognition';

const ID = '0b0c2f7e-0000-4000-8000-0000000000c1';
const BASE = `/api/v1/conversations/${ID}`;
const OPENING = 'Bonjour Jeanne. Parlez-moi de la maison de votre enfance.';

type Reply = ReturnType<typeof jsonReply> | 'network-error';
type Route = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

interface Message {
  id: string;
  type: 'user' | 'assistant';
  content: string;
  created_at: string;
}

function message(type: Message['type'], content: string, n: number): Message {
  return {
    id: `m${n}`,
    type,
    content,
    created_at: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(),
  };
}

function chatServer(
  options: {
    title?: string | null;
    history?: Message[];
    send?: Route;
    extra?: Record<string, Route>;
  } = {},
) {
  signInAs();
  // Shared, not copied: a test's own send handler can add to what the server remembers.
  const history = options.history ?? [message('assistant', OPENING, 0)];
  let replies = 0;
  return mockFetch({
    'GET /api/v1/users/me': jsonReply(testUserWire),
    [`GET ${BASE}`]: jsonReply({
      id: ID,
      title_infos: { title: options.title ?? null },
      keywords_infos: { keywords: [] },
      summary_infos: { summary: null, allowed_actions: [] },
      images: [],
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
      conv_author: null,
      chat_count: history.length,
    }),
    [`GET ${BASE}/messages`]: (call) => {
      const skip = Number(call.query.get('skip'));
      const limit = Number(call.query.get('limit'));
      return jsonReply({ data: history.slice(skip, skip + limit), count: history.length });
    },
    [`POST ${BASE}/messages`]:
      options.send ??
      ((call) => {
        replies += 1;
        const { content } = JSON.parse(call.body ?? '{}') as { content: string };
        history.push(message('user', content, history.length));
        const reply = message('assistant', `Question de suivi ${replies}`, history.length);
        history.push(reply);
        return jsonReply({ id: reply.id, type: 'assistant', content: reply.content });
      }),
    [`GET ${BASE}/messages/assistant-latest/audio`]: { status: 200, json: 'RIFF' },
    'GET /healthz': 'network-error',
    // Asked where the browser cannot listen: no transcription server here.
    'GET /api/v1/config': jsonReply({}),
    ...options.extra,
  });
}

function mainButton(name: string | RegExp) {
  return screen.findByRole('button', { name });
}

function answerBox() {
  return screen.getByRole('textbox', { name: 'Votre réponse' }) as HTMLTextAreaElement;
}

function audioElement(): HTMLAudioElement {
  const audio = document.querySelector('audio');
  if (!audio) throw new Error('no audio element');
  return audio;
}

async function openChat() {
  const view = renderApp(`/conversations/${ID}/chat`);
  await screen.findByText(OPENING);
  await waitFor(() => expect(answerBox()).toBeTruthy());
  return view;
}

let play: ReturnType<typeof vi.fn<() => Promise<void>>>;

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  await Promise.all(db.tables.map((table) => table.clear()));
  FakeRecognition.reset();
  play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:reply');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  delete (window as { SpeechRecognition?: unknown }).SpeechRecognition;
});

function withFakeSpeech() {
  (window as { SpeechRecognition?: unknown }).SpeechRecognition = FakeRecognition;
}

describe('the chat screen', () => {
  it('shows the title banner, the question, and answers by typing through the four states', async () => {
    const net = chatServer({ title: 'Mon enfance à Lyon' });
    withFakeSpeech();
    await openChat();
    expect(screen.getByRole('heading', { level: 1, name: 'Mon enfance à Lyon' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Le biographe vous demande\u00a0:' });
    expect(section.dataset.state).toBe('user-can-talk');
    expect(
      screen.getAllByText('Appuyez sur Répondre pour commencer à parler.').length,
    ).toBeGreaterThan(0);
    await mainButton('RÉPONDRE');

    await userEvent.type(answerBox(), 'La maison avait un grand jardin.');
    const send = await mainButton('ENVOYER');
    expect(section.dataset.state).toBe('user-updating');
    // Typed answers are not sent behind the person's back.
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(async () =>
      expect((await db.drafts.get(`chat:${ID}`))?.value).toBe('La maison avait un grand jardin.'),
    );

    await userEvent.click(send);
    await mainButton('INTERROMPRE');
    expect(section.dataset.state).toBe('bot-talking');
    const [post] = net.callsTo(`POST ${BASE}/messages`);
    expect(JSON.parse(post!.body!)).toEqual({ content: 'La maison avait un grand jardin.' });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(net.callsTo(`GET ${BASE}/messages/assistant-latest/audio`)).toHaveLength(1);
    expect(play).toHaveBeenCalledTimes(1);
    expect(audioElement().src).toBe('blob:reply');
    expect(await screen.findByText('Question de suivi 1')).toBeTruthy();
    expect(answerBox().value).toBe('');
    // The answer is on the server: its draft and key are gone.
    await waitFor(async () => expect(await db.drafts.get(`chat:${ID}`)).toBeUndefined());
    expect(await readAnswerKey(ID)).toBeNull();

    fireEvent(audioElement(), new Event('ended'));
    await mainButton('RÉPONDRE');
    expect(section.dataset.state).toBe('user-can-talk');
  });

  it('calls the untitled chapter "Nouveau chapitre" and interrupts the voice; replay plays it again', async () => {
    chatServer();
    withFakeSpeech();
    await openChat();
    expect(screen.getByRole('heading', { level: 1, name: 'Nouveau chapitre' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Réécouter' }));
    await mainButton('INTERROMPRE');
    expect(play).toHaveBeenCalledTimes(1);
    const pause = vi.mocked(HTMLMediaElement.prototype.pause);
    pause.mockClear();
    await userEvent.click(await mainButton('INTERROMPRE'));
    await mainButton('RÉPONDRE');
    expect(pause).toHaveBeenCalled();
  });

  it('answers by voice: listening, interim text, stop, the countdown, then the automatic send', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const net = chatServer();
    withFakeSpeech();
    await openChat();
    fireEvent.click(await mainButton('RÉPONDRE'));
    await mainButton('ARRÊTER');
    const recognition = FakeRecognition.current;
    expect(recognition).toMatchObject({ lang: 'fr-FR', continuous: true, interimResults: true });
    act(() => recognition.hear('Nous avions'));
    expect(answerBox().value).toBe('Nous avions');
    act(() => recognition.hear('Nous avions un chien', true));
    expect(answerBox().value).toBe('Nous avions un chien');

    fireEvent.click(await mainButton('ARRÊTER'));
    await mainButton('ENVOYER');
    expect(recognition.aborted).toBe(true);
    const bar = screen.getByRole('progressbar', { name: 'Envoi automatique' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(bar.getAttribute('aria-valuetext')).toBe('Envoi automatique dans 7 secondes');
    act(() => vi.advanceTimersByTime(3000));
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(net.callsTo(`POST ${BASE}/messages`)).toHaveLength(0);
    act(() => vi.advanceTimersByTime(3700));
    await waitFor(() => expect(net.callsTo(`POST ${BASE}/messages`)).toHaveLength(1));
    expect(JSON.parse(net.callsTo(`POST ${BASE}/messages`)[0]!.body!)).toEqual({
      content: 'Nous avions un chien',
    });
    await mainButton('INTERROMPRE');
  });

  it('editing the text or pressing Attendre cancels the countdown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const net = chatServer();
    withFakeSpeech();
    await openChat();
    fireEvent.click(await mainButton('RÉPONDRE'));
    act(() => FakeRecognition.current.hear('Il pleuvait', true));
    fireEvent.click(await mainButton('ARRÊTER'));
    await screen.findByRole('progressbar');
    fireEvent.change(answerBox(), { target: { value: 'Il pleuvait souvent' } });
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(10_000));
    expect(net.callsTo(`POST ${BASE}/messages`)).toHaveLength(0);
    expect(await mainButton('ENVOYER')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Effacer' }));
    await mainButton('RÉPONDRE');
    fireEvent.click(await mainButton('RÉPONDRE'));
    act(() => FakeRecognition.current.hear('Le marché', true));
    fireEvent.click(await mainButton('ARRÊTER'));
    fireEvent.click(await screen.findByRole('button', { name: 'Attendre' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(10_000));
    expect(net.callsTo(`POST ${BASE}/messages`)).toHaveLength(0);
  });

  it('pause keeps the text and resume appends new speech after it', async () => {
    chatServer();
    withFakeSpeech();
    await openChat();
    await userEvent.click(await mainButton('RÉPONDRE'));
    act(() => FakeRecognition.current.hear('Mon grand-père', true));
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(FakeRecognition.current.aborted).toBe(true);
    expect(screen.getAllByText(/L'écoute est en pause/).length).toBeGreaterThan(0);
    expect(answerBox().value).toBe('Mon grand-père');
    await userEvent.click(screen.getByRole('button', { name: 'Reprendre' }));
    expect(FakeRecognition.instances).toHaveLength(2);
    act(() => FakeRecognition.current.hear('était cheminot', true));
    expect(answerBox().value).toBe('Mon grand-père était cheminot');
    await mainButton('ARRÊTER');
  });

  it('restarts listening 200 ms after the browser ends it, keeping the text', async () => {
    chatServer();
    withFakeSpeech();
    await openChat();
    await userEvent.click(await mainButton('RÉPONDRE'));
    act(() => FakeRecognition.current.hear('Au village', true));
    act(() => FakeRecognition.current.end());
    await waitFor(() => expect(FakeRecognition.instances).toHaveLength(2));
    act(() => FakeRecognition.current.hear('il y avait une école', true));
    expect(answerBox().value).toBe('Au village il y avait une école');
  });

  it('a refused microphone leads to typing, with a plain explanation', async () => {
    chatServer();
    withFakeSpeech();
    await openChat();
    await userEvent.click(await mainButton('RÉPONDRE'));
    act(() => FakeRecognition.current.fail('not-allowed'));
    await mainButton('RÉPONDRE');
    expect(screen.getByText("Le micro n'est pas autorisé")).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a listening that fails says so in plain words, with what to do, and keeps what was heard', async () => {
    chatServer();
    withFakeSpeech();
    await openChat();
    await userEvent.click(await mainButton('RÉPONDRE'));
    act(() => FakeRecognition.current.hear('La maison', true));
    act(() => FakeRecognition.current.fail('network'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("L'écoute s'est arrêtée");
    expect(alert.textContent).toContain('écrivez votre réponse dans le cadre');
    expect(answerBox().value).toBe('La maison');
    // Trying again takes the message away.
    await userEvent.click(await mainButton('ENVOYER'));
    await mainButton('INTERROMPRE');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('no microphone is said as such, and the answer can be typed instead', async () => {
    chatServer();
    withFakeSpeech();
    await openChat();
    await userEvent.click(await mainButton('RÉPONDRE'));
    act(() => FakeRecognition.current.fail('audio-capture'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Aucun micro n'a été trouvé");
    await mainButton('RÉPONDRE');
    await userEvent.type(answerBox(), 'Écrit au clavier');
    await mainButton('ENVOYER');
  });

  it('brings the new question into view and reads it first once the reply arrives', async () => {
    chatServer();
    withFakeSpeech();
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      await openChat();
      // Opening the chat moves nothing.
      expect(scrolled).toHaveLength(0);
      await userEvent.type(answerBox(), 'La maison avait un grand jardin.');
      await userEvent.click(await mainButton('ENVOYER'));
      const question = await screen.findByText('Question de suivi 1');
      await waitFor(() => expect(document.activeElement).toBe(question));
      const shown = scrolled.at(-1)!;
      expect(shown.contains(question)).toBe(true);
      expect(shown.textContent).toContain('Le biographe vous demande');
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('keeps the focus off the page start while sending, and Tab goes from the new question to the answer', async () => {
    chatServer();
    await openChat();
    await userEvent.type(answerBox(), 'La maison avait un grand jardin.');
    const send = await mainButton('ENVOYER');
    send.focus();
    await userEvent.keyboard('{Enter}');
    // While the button is disabled, the focus waits in the answer box, never on <body> (on a loaded
    // machine the answer may already be there: then it is on the new question).
    expect(document.activeElement).not.toBe(document.body);
    expect([answerBox(), screen.queryByText('Question de suivi 1')]).toContain(
      document.activeElement,
    );
    const question = await screen.findByText('Question de suivi 1');
    await waitFor(() => expect(document.activeElement).toBe(question));
    await userEvent.tab();
    expect(document.activeElement).toBe(answerBox());
  });

  it('leaves the focus in the answer box when a send fails', async () => {
    chatServer({ send: errorReply(503, [{ type: 'ai_unavailable', msg: 'Indisponible' }]) });
    await openChat();
    await userEvent.type(answerBox(), 'Ma soeur Louise');
    await userEvent.click(await mainButton('ENVOYER'));
    await screen.findByText(/Votre réponse n'est pas partie/);
    expect(document.activeElement).toBe(answerBox());
  });

  it('without speech recognition, RÉPONDRE leads to the answer box and the screen explains typing', async () => {
    chatServer();
    await openChat();
    expect(screen.getByText('Ici, vous répondez en écrivant')).toBeTruthy();
    expect(
      screen.getAllByText('Écrivez votre réponse dans le cadre, puis appuyez sur « Envoyer ».')
        .length,
    ).toBeGreaterThan(0);
    await userEvent.click(await mainButton('RÉPONDRE'));
    expect(document.activeElement).toBe(answerBox());
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveProperty('disabled', true);
    await userEvent.keyboard('Une réponse écrite');
    await mainButton('ENVOYER');
  });

  it('speaks English to English users', async () => {
    await setLanguage('en', { remember: false });
    chatServer();
    withFakeSpeech();
    renderApp(`/conversations/${ID}/chat`);
    await screen.findByText(OPENING);
    await userEvent.click(await mainButton('ANSWER'));
    await mainButton('STOP');
    expect(FakeRecognition.current.lang).toBe('en-US');
  });

  it('a send that fails keeps the text and only stops the loading', async () => {
    const net = chatServer({
      send: errorReply(503, [{ type: 'ai_unavailable', msg: 'Indisponible' }]),
    });
    await openChat();
    await userEvent.type(answerBox(), 'Ma soeur Louise');
    await userEvent.click(await mainButton('ENVOYER'));
    await screen.findByText(/Votre réponse n'est pas partie/);
    expect(answerBox().value).toBe('Ma soeur Louise');
    expect(await mainButton('ENVOYER')).toHaveProperty('disabled', false);
    expect(screen.queryByText('Indisponible')).toBeNull();
    // The retry is the same answer: same key.
    const firstKey = net.callsTo(`POST ${BASE}/messages`)[0]!.headers.get('Idempotency-Key');
    await userEvent.click(await mainButton('ENVOYER'));
    await waitFor(() => expect(net.callsTo(`POST ${BASE}/messages`)).toHaveLength(2));
    expect(net.callsTo(`POST ${BASE}/messages`)[1]!.headers.get('Idempotency-Key')).toBe(firstKey);
  });

  it('never sends an answer that is only spaces', async () => {
    const net = chatServer();
    await openChat();
    await userEvent.type(answerBox(), '   ');
    await mainButton('RÉPONDRE');
    expect(net.callsTo(`POST ${BASE}/messages`)).toHaveLength(0);
  });

  it('without connection the answer waits in the outbox with its key, and the reply arrives when it goes', async () => {
    let online = false;
    const history = [message('assistant', OPENING, 0)];
    const net = chatServer({
      history,
      send: (call) => {
        if (!online) return 'network-error';
        const { content } = JSON.parse(call.body ?? '{}') as { content: string };
        const reply = message('assistant', 'Que poussait-il dans ce jardin ?', 2);
        history.push(message('user', content, 1), reply);
        return jsonReply({ id: reply.id, type: 'assistant', content: reply.content });
      },
    });
    // The chat registers the outbox sender itself (start-up registers it too).
    await openChat();
    await userEvent.type(answerBox(), 'Le jardin de ma tante');
    await userEvent.click(await mainButton('ENVOYER'));
    await screen.findByText(/votre réponse est gardée sur cet appareil et partira toute seule/);
    const key = net.callsTo(`POST ${BASE}/messages`)[0]!.headers.get('Idempotency-Key');
    const [op] = await db.outbox
      .where('[entity+entityId]')
      .equals([CHAT_OUTBOX_ENTITY, ID])
      .toArray();
    expect(op!.payload).toEqual({ content: 'Le jardin de ma tante', idempotencyKey: key });
    expect(answerBox().value).toBe('Le jardin de ma tante');
    expect(answerBox().readOnly).toBe(true);
    expect(await mainButton('ENVOYER')).toHaveProperty('disabled', true);

    online = true;
    reportNetworkSuccess();
    await act(() => replayOutbox());
    await screen.findByText('Que poussait-il dans ce jardin ?');
    await mainButton('INTERROMPRE');
    const calls = net.callsTo(`POST ${BASE}/messages`);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers.get('Idempotency-Key')).toBe(key);
    expect(await db.outbox.count()).toBe(0);
    await waitFor(async () => expect(await db.drafts.get(`chat:${ID}`)).toBeUndefined());
    expect(answerBox().value).toBe('');
  });
});

describe('the draft', () => {
  it('is offered back when the chat reopens, and taken back as the answer', async () => {
    await db.drafts.put({ key: `chat:${ID}`, value: 'Mes années de pension', updated_at: 1 });
    chatServer();
    renderApp(`/conversations/${ID}/chat`);
    const offer = await screen.findByRole('region', { name: 'Vous aviez commencé une réponse' });
    expect(within(offer).getByText('Mes années de pension')).toBeTruthy();
    await userEvent.click(within(offer).getByRole('button', { name: 'Reprendre votre réponse' }));
    expect(answerBox().value).toBe('Mes années de pension');
    // Ready to go on: focus in the box, the caret after the last word.
    await waitFor(() => expect(document.activeElement).toBe(answerBox()));
    expect(answerBox().selectionStart).toBe('Mes années de pension'.length);
    await mainButton('ENVOYER');
  });

  it('can be thrown away instead', async () => {
    await db.drafts.put({ key: `chat:${ID}`, value: 'Brouillon', updated_at: 1 });
    chatServer();
    renderApp(`/conversations/${ID}/chat`);
    const offer = await screen.findByRole('region', { name: 'Vous aviez commencé une réponse' });
    await userEvent.click(within(offer).getByRole('button', { name: 'Effacer' }));
    expect(answerBox().value).toBe('');
    await waitFor(async () => expect(await db.drafts.get(`chat:${ID}`)).toBeUndefined());
    await mainButton('RÉPONDRE');
  });

  it('keeps the spoken answer as it is heard', async () => {
    chatServer();
    withFakeSpeech();
    await openChat();
    await userEvent.click(await mainButton('RÉPONDRE'));
    act(() => FakeRecognition.current.hear('Le tramway de Saint-Étienne', true));
    await waitFor(async () =>
      expect((await db.drafts.get(`chat:${ID}`))?.value).toBe('Le tramway de Saint-Étienne'),
    );
  });
});

describe('history, loading and the end', () => {
  it('loads the history in pages of 100 until complete and shows bubbles', async () => {
    const history = Array.from({ length: 230 }, (_, i) =>
      message(i % 2 === 0 ? 'assistant' : 'user', i === 228 ? OPENING : `Message ${i}`, i),
    );
    const net = chatServer({ history });
    await openChat();
    expect(
      net.callsTo(`GET ${BASE}/messages`).map((c) => [c.query.get('skip'), c.query.get('limit')]),
    ).toEqual([
      ['0', '100'],
      ['100', '100'],
      ['200', '100'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Historique' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historique de la conversation' });
    const bubbles = within(dialog).getAllByRole('listitem');
    expect(bubbles).toHaveLength(230);
    expect(bubbles[0]!.className).toContain('justify-start');
    expect(within(bubbles[0]!).getByText('Le biographe')).toBeTruthy();
    expect(bubbles[1]!.className).toContain('justify-end');
    expect(within(bubbles[1]!).getByText('Vous')).toBeTruthy();
  });

  it('shows rotating tips while the conversation loads, a new one every 8 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    chatServer({
      extra: {
        [`GET ${BASE}/messages`]: async () => {
          await gate;
          return jsonReply({ data: [message('assistant', OPENING, 0)], count: 1 });
        },
      },
    });
    renderApp(`/conversations/${ID}/chat`);
    await screen.findByText('Chargement de la conversation…');
    const tip = () => document.querySelector<HTMLElement>('[data-tip]')!.dataset.tip!;
    const first = tip();
    const at = TIP_KEYS.indexOf(first as (typeof TIP_KEYS)[number]);
    expect(at).toBeGreaterThanOrEqual(0);
    act(() => vi.advanceTimersByTime(TIP_INTERVAL_MS - 100));
    expect(tip()).toBe(first);
    act(() => vi.advanceTimersByTime(100));
    expect(tip()).toBe(TIP_KEYS[(at + 1) % TIP_KEYS.length]);
    act(() => release());
    await screen.findByText(OPENING);
    expect(screen.queryByText('Chargement de la conversation…')).toBeNull();
  });

  it('the end button returns to the chapter', async () => {
    chatServer();
    const { router } = await openChat();
    await userEvent.click(screen.getByRole('button', { name: 'Terminer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/conversations/${ID}`));
  });

  it('an unknown chapter says so', async () => {
    chatServer({ extra: { [`GET ${BASE}`]: errorReply(404, [{ type: 'not_found', msg: 'x' }]) } });
    renderApp(`/conversations/${ID}/chat`);
    expect(
      await screen.findByRole('heading', { name: 'Ce chapitre est introuvable' }),
    ).toBeTruthy();
  });
});
