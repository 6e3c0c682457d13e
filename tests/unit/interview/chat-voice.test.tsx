// The voice kept (issue 20) on the chat screen, through the real route with the network mocked at
// fetch and fake MediaRecorder/getUserMedia: asked once on the first spoken answer (yes records, no
// does not, the choice saved on the account), the recording stopped when the answer is sent and
// uploaded to the person's message (a corrected answer too), and, where the browser cannot listen,
// the server writing the words into the answer box, with its failures said plainly and nothing typed lost.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { PENDING_RECORDINGS_MAX_BYTES } from '../../../src/features/interview/recording/answer-recordings';
import { getSession } from '../../../src/lib/session';
import { reportNetworkSuccess } from '../../../src/offline/connectivity';
import { errorReply, jsonReply, mockFetch, type RecordedCall } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';
import { FakeMediaRecorder, installFakeMedia, removeFakeMedia } from './support/fake-media';
import { FakeRecognition } from './support/fake-recognition';

const ID = '0b0c2f7e-0000-4000-8000-0000000000c2';
const BASE = `/api/v1/conversations/${ID}`;
const OPENING = 'Bonjour Jeanne. Parlez-moi de votre école.';
const USER_MESSAGE = '0b0c2f7e-0000-4000-8000-0000000000f1';
const UPLOAD = `POST ${BASE}/messages/${USER_MESSAGE}/recording`;

type Reply = ReturnType<typeof jsonReply> | 'network-error';
type Route = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

function chatServer(
  options: {
    recordAnswers?: boolean | null;
    transcription?: 'none' | 'openai';
    extra?: Record<string, Route>;
  } = {},
) {
  const user = { ...testUserWire, record_answers: options.recordAnswers ?? null };
  signInAs(user);
  return mockFetch({
    'GET /api/v1/users/me': jsonReply(user),
    'PATCH /api/v1/users/me': (call) =>
      jsonReply({ ...user, ...(JSON.parse(call.body ?? '{}') as object) }),
    'GET /api/v1/config': jsonReply({
      features: {
        writer: 'embedded',
        voice: 'embedded',
        illustrations: 'embedded',
        transcription: options.transcription ?? 'none',
      },
      limits: { recording_max_bytes: 10 * 1024 * 1024, recording_max_ms: 600_000 },
    }),
    [`GET ${BASE}`]: jsonReply({
      id: ID,
      title_infos: { title: 'Mon école' },
      keywords_infos: { keywords: [] },
      summary_infos: { summary: null, allowed_actions: [] },
      images: [],
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
      conv_author: null,
      chat_count: 1,
    }),
    [`GET ${BASE}/messages`]: jsonReply({
      data: [{ id: 'm0', type: 'assistant', content: OPENING, created_at: '2025-01-01T00:00:00Z' }],
      count: 1,
    }),
    [`POST ${BASE}/messages`]: jsonReply({
      id: '0b0c2f7e-0000-4000-8000-0000000000f2',
      type: 'assistant',
      content: 'Et vos maîtres ?',
      user_message_id: USER_MESSAGE,
    }),
    [UPLOAD]: jsonReply({ url: '/files/r', mime_type: 'audio/webm', duration_ms: 1000 }, 201),
    [`GET ${BASE}/messages/assistant-latest/audio`]: { status: 200, json: 'RIFF' },
    'GET /healthz': 'network-error',
    ...options.extra,
  });
}

/** The multipart bodies the page sent to `key`, read from the fetch stub. */
function formsSentTo(key: string): FormData[] {
  const [method, path] = key.split(' ');
  return vi
    .mocked(fetch)
    .mock.calls.filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return url.pathname === path && (init?.method ?? 'GET') === method;
    })
    .map(([, init]) => init!.body as FormData);
}

function mainButton(name: string | RegExp) {
  return screen.findByRole('button', { name });
}

function answerBox() {
  return screen.getByRole('textbox', { name: 'Votre réponse' }) as HTMLTextAreaElement;
}

async function openChat() {
  renderApp(`/conversations/${ID}/chat`);
  await screen.findByText(OPENING);
  await waitFor(() => expect(answerBox()).toBeTruthy());
}

beforeEach(async () => {
  await resetApp();
  reportNetworkSuccess();
  await Promise.all(db.tables.map((table) => table.clear()));
  FakeRecognition.reset();
  installFakeMedia();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:reply');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});

afterEach(() => {
  delete (window as { SpeechRecognition?: unknown }).SpeechRecognition;
  removeFakeMedia();
});

function withFakeSpeech() {
  (window as { SpeechRecognition?: unknown }).SpeechRecognition = FakeRecognition;
}

describe('keeping the voice, asked once', () => {
  it('asks on the first spoken answer; yes records, saves the choice, and the sound follows the answer', async () => {
    const net = chatServer({ recordAnswers: null });
    withFakeSpeech();
    await openChat();
    await userEvent.click(await mainButton('RÉPONDRE'));
    const dialog = await screen.findByRole('dialog', {
      name: 'Garder le son de votre voix\u202f?',
    });
    expect(dialog.textContent).toContain('votre famille pourra un jour réécouter votre voix');
    expect(FakeRecognition.instances).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Oui, garder ma voix' }));
    await mainButton('ARRÊTER');
    expect(JSON.parse(net.callsTo('PATCH /api/v1/users/me')[0]!.body!)).toEqual({
      record_answers: true,
    });
    await waitFor(() => expect(getSession()?.user?.recordAnswers).toBe(true));
    await waitFor(() => expect(FakeMediaRecorder.current.state).toBe('recording'));
    expect(FakeMediaRecorder.current.mimeType).toBe('audio/webm;codecs=opus');

    act(() => FakeRecognition.current.hear('Mon école était au bout du village', true));
    act(() => FakeMediaRecorder.current.emit('son-'));
    await userEvent.click(await mainButton('ARRÊTER'));
    await waitFor(async () => expect(await db.recordings.count()).toBe(1));
    expect(FakeMediaRecorder.current.state).toBe('inactive');

    await userEvent.click(await mainButton('ENVOYER'));
    await mainButton('INTERROMPRE');
    await waitFor(() => expect(net.callsTo(UPLOAD)).toHaveLength(1));
    const [form] = formsSentTo(UPLOAD);
    expect(await (form!.get('file') as Blob).text()).toBe('son-fin');
    await waitFor(async () => expect(await db.recordings.count()).toBe(0));

    // Asked once: the next spoken answer starts at once.
    act(() => document.querySelector('audio')!.dispatchEvent(new Event('ended')));
    await userEvent.click(await mainButton('RÉPONDRE'));
    await mainButton('ARRÊTER');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('no keeps only the text: nothing is recorded and the choice is saved', async () => {
    const net = chatServer({ recordAnswers: null });
    withFakeSpeech();
    await openChat();
    await userEvent.click(await mainButton('RÉPONDRE'));
    await userEvent.click(await screen.findByRole('button', { name: 'Non, seulement le texte' }));
    await mainButton('ARRÊTER');
    expect(JSON.parse(net.callsTo('PATCH /api/v1/users/me')[0]!.body!)).toEqual({
      record_answers: false,
    });
    expect(FakeRecognition.instances).toHaveLength(1);
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    act(() => FakeRecognition.current.hear('La cour de récréation', true));
    await userEvent.click(await mainButton('ARRÊTER'));
    await userEvent.click(await mainButton('ENVOYER'));
    await mainButton('INTERROMPRE');
    expect(net.callsTo(UPLOAD)).toHaveLength(0);
  });

  it('a corrected answer still sends its sound, stopped when the answer is sent', async () => {
    const net = chatServer({ recordAnswers: true });
    withFakeSpeech();
    await openChat();
    await userEvent.click(await mainButton('RÉPONDRE'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(FakeMediaRecorder.current.state).toBe('recording'));
    act(() => FakeRecognition.current.hear('La maîtresse', true));
    // Correcting while listening pauses the dictation and the sound.
    await userEvent.type(answerBox(), ' sévère');
    expect(FakeMediaRecorder.current.state).toBe('paused');
    await userEvent.click(await mainButton('ARRÊTER'));
    await userEvent.click(await mainButton('ENVOYER'));
    await mainButton('INTERROMPRE');
    expect(JSON.parse(net.callsTo(`POST ${BASE}/messages`)[0]!.body!)).toEqual({
      content: 'La maîtresse sévère',
    });
    await waitFor(() => expect(net.callsTo(UPLOAD)).toHaveLength(1));
  });
});

describe('a phone that cannot share the microphone', () => {
  it('lets the dictation go on alone when it fails beside the recorder, and says the voice is not kept', async () => {
    const net = chatServer({ recordAnswers: true });
    withFakeSpeech();
    await openChat();
    await userEvent.click(await mainButton('RÉPONDRE'));
    await waitFor(() => expect(FakeMediaRecorder.current.state).toBe('recording'));
    act(() => FakeRecognition.current.fail('audio-capture'));
    expect(
      await screen.findByText(/Votre voix n'a pas pu être gardée sur cet appareil/),
    ).toBeTruthy();
    expect(FakeMediaRecorder.current.state).toBe('inactive');
    expect(FakeRecognition.instances).toHaveLength(2);
    await mainButton('ARRÊTER');
    act(() => FakeRecognition.current.hear('Les billes', true));
    await userEvent.click(await mainButton('ARRÊTER'));
    await userEvent.click(await mainButton('ENVOYER'));
    await mainButton('INTERROMPRE');
    expect(JSON.parse(net.callsTo(`POST ${BASE}/messages`)[0]!.body!)).toEqual({
      content: 'Les billes',
    });
    expect(net.callsTo(UPLOAD)).toHaveLength(0);
    expect(FakeMediaRecorder.instances).toHaveLength(1);
  });
});

describe('after the question about the voice', () => {
  it('goes straight into listening, and a missing microphone is said plainly with what to do', async () => {
    chatServer({ recordAnswers: null });
    withFakeSpeech();
    await openChat();
    await userEvent.click(await mainButton('RÉPONDRE'));
    await userEvent.click(await screen.findByRole('button', { name: 'Oui, garder ma voix' }));
    // No second press of RÉPONDRE: listening has started.
    await mainButton('ARRÊTER');
    expect(FakeRecognition.instances).toHaveLength(1);
    expect(FakeRecognition.current.started).toBe(true);
    // No microphone at all: the dictation is tried alone once, then the screen says why.
    act(() => FakeRecognition.current.fail('audio-capture'));
    await waitFor(() => expect(FakeRecognition.instances).toHaveLength(2));
    act(() => FakeRecognition.current.fail('audio-capture'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Aucun micro n'a été trouvé");
    expect(alert.textContent).toContain('écrire votre réponse dans le cadre');
    expect(screen.queryByText(/Votre voix n'a pas pu être gardée/)).toBeNull();
    await mainButton('RÉPONDRE');
  });
});

describe('the bound on sounds waiting on the device', () => {
  it('refuses to keep one more sound past 50 MB, says so, and the words still go', async () => {
    const net = chatServer({ recordAnswers: true });
    withFakeSpeech();
    await db.recordings.put({
      answerKey: 'waiting',
      conversationId: 'other',
      bytes: new ArrayBuffer(4),
      mimeType: 'audio/webm',
      size: PENDING_RECORDINGS_MAX_BYTES - 2,
      durationMs: null,
      messageId: null,
      createdAt: 1,
    });
    // Waiting in the outbox, so it is not taken for a forgotten one.
    await db.outbox.add({
      opId: 'op-waiting',
      entity: 'chat',
      entityId: 'other',
      field: 'content',
      payload: { content: 'Plus tard', idempotencyKey: 'waiting' },
      baseUpdatedAt: null,
      createdAt: 1,
      attempts: 1,
      nextAttemptAt: Date.now() + 3_600_000,
      status: 'pending',
      lastError: null,
    });
    await openChat();
    await userEvent.click(await mainButton('RÉPONDRE'));
    await waitFor(() => expect(FakeMediaRecorder.current.state).toBe('recording'));
    act(() => FakeRecognition.current.hear('Le préau', true));
    await userEvent.click(await mainButton('ARRÊTER'));
    expect(await screen.findByText(/trop d'enregistrements attendent déjà/)).toBeTruthy();
    expect(answerBox().value).toBe('Le préau');
    await userEvent.click(await mainButton('ENVOYER'));
    await mainButton('INTERROMPRE');
    expect(net.callsTo(`POST ${BASE}/messages`)).toHaveLength(1);
    expect(net.callsTo(UPLOAD)).toHaveLength(0);
    expect((await db.recordings.toArray()).map((row) => row.answerKey)).toEqual(['waiting']);
  });
});

describe('speech by the server where the browser cannot listen', () => {
  it('records, sends the sound to /transcriptions, and puts the words in the box to read over', async () => {
    const net = chatServer({
      recordAnswers: false,
      transcription: 'openai',
      extra: { 'POST /api/v1/transcriptions': jsonReply({ text: ' Nous allions à pied. ' }) },
    });
    await openChat();
    // No "you answer by typing" notice: speaking works here.
    expect(screen.queryByText('Ici, vous répondez en écrivant')).toBeNull();
    await userEvent.click(await mainButton('RÉPONDRE'));
    await mainButton('ARRÊTER');
    await waitFor(() => expect(FakeMediaRecorder.current.state).toBe('recording'));
    act(() => FakeMediaRecorder.current.emit('voix-'));
    await userEvent.click(await mainButton('ARRÊTER'));
    await waitFor(() => expect(answerBox().value).toBe('Nous allions à pied.'));
    const [form] = formsSentTo('POST /api/v1/transcriptions');
    expect(form!.get('language')).toBe('fr');
    expect(await (form!.get('file') as Blob).text()).toBe('voix-fin');
    // Read over before sending: no countdown.
    await mainButton('ENVOYER');
    expect(screen.queryByRole('progressbar')).toBeNull();
    // Not kept: the person said no.
    expect(await db.recordings.count()).toBe(0);
    expect(net.callsTo('POST /api/v1/transcriptions')).toHaveLength(1);
  });

  it('keeps the sound with the transcribed answer when the person chose so', async () => {
    const net = chatServer({
      recordAnswers: true,
      transcription: 'openai',
      extra: { 'POST /api/v1/transcriptions': jsonReply({ text: 'Le certificat d’études' }) },
    });
    await openChat();
    await userEvent.click(await mainButton('RÉPONDRE'));
    await waitFor(() => expect(FakeMediaRecorder.current.state).toBe('recording'));
    await userEvent.click(await mainButton('ARRÊTER'));
    await waitFor(() => expect(answerBox().value).toBe('Le certificat d’études'));
    await waitFor(async () => expect(await db.recordings.count()).toBe(1));
    await userEvent.click(await mainButton('ENVOYER'));
    await mainButton('INTERROMPRE');
    await waitFor(() => expect(net.callsTo(UPLOAD)).toHaveLength(1));
  });

  it('silence is said plainly', async () => {
    chatServer({
      recordAnswers: false,
      transcription: 'openai',
      extra: {
        'POST /api/v1/transcriptions': errorReply(422, [{ type: 'no_speech', msg: 'Rien' }]),
      },
    });
    await openChat();
    await userEvent.click(await mainButton('RÉPONDRE'));
    await waitFor(() => expect(FakeMediaRecorder.current.state).toBe('recording'));
    await userEvent.click(await mainButton('ARRÊTER'));
    expect(await screen.findByText(/Je n'ai entendu aucune parole/)).toBeTruthy();
    expect(await mainButton('RÉPONDRE')).toHaveProperty('disabled', false);
  });

  it('a failing or refusing server says so, and what was typed stays', async () => {
    const cases: [Reply, RegExp][] = [
      [errorReply(503, [{ type: 'transcription_failed', msg: 'x' }]), /n'ont pas pu être écrites/],
      [
        errorReply(413, [{ type: 'recording_too_large', msg: 'x' }]),
        /trop longue pour être écrite/,
      ],
      [errorReply(415, [{ type: 'invalid_audio_type', msg: 'x' }]), /Le son n'a pas pu être lu/],
    ];
    let answer: Reply = cases[0]![0];
    chatServer({
      recordAnswers: false,
      transcription: 'openai',
      extra: { 'POST /api/v1/transcriptions': () => answer },
    });
    await openChat();
    for (const [reply, message] of cases) {
      answer = reply;
      await userEvent.click(screen.getByRole('button', { name: 'Effacer' }));
      await userEvent.click(await mainButton('RÉPONDRE'));
      await waitFor(() => expect(FakeMediaRecorder.current.state).toBe('recording'));
      await userEvent.type(answerBox(), 'Mon cartable');
      await userEvent.click(await mainButton('ARRÊTER'));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(answerBox().value).toBe('Mon cartable');
      await mainButton('ENVOYER');
    }
  });

  it('without a transcription server, the typed path stays as it was', async () => {
    const net = chatServer({ recordAnswers: null, transcription: 'none' });
    await openChat();
    expect(await screen.findByText('Ici, vous répondez en écrivant')).toBeTruthy();
    await userEvent.click(await mainButton('RÉPONDRE'));
    expect(document.activeElement).toBe(answerBox());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(net.callsTo('POST /api/v1/transcriptions')).toHaveLength(0);
  });
});
