// The voice kept (issue 20) in the chat, with Chromium's fake microphone playing a WAV of real speech
// (espeak-ng, tests/e2e/fixtures/answer-fr.wav): an answer said aloud is recorded beside the (scripted)
// recognition once the person agreed, waits offline with its sound, goes when the connection returns, and
// is heard again on the chapter page; where the browser has no recognition, the recording is transcribed
// by the server's OpenAI-compatible provider (a local server speaking the protocol) for the person to
// read over before sending.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_FLAGS } from '../../scripts/chromium-flags.mjs';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
  PASSWORD,
  type Account,
} from './support/accounts';
import { chatMessages, chatPage } from './support/chat-page';
import { fakeSpeech, installFakeSpeech } from './support/fake-speech';
import { answerRequiredQuestions, createChapterByApi } from './support/home-helpers';
import { startOwnServer, type OwnServer } from './support/own-server';

const WAV = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'answer-fr.wav');
const SAID = 'je suis née à douarnenez en mille neuf cent trente-deux';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${WAV}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

interface MessageWithRecording {
  type: 'user' | 'assistant';
  content: string;
  recording?: { url: string; mime_type: string; duration_ms?: number };
}

async function messagesWithRecordings(
  request: APIRequestContext,
  account: Account,
  id: string,
): Promise<MessageWithRecording[]> {
  return (await chatMessages(request, account, id)) as MessageWithRecording[];
}

test('an answer said aloud keeps its voice: recorded, kept offline, sent on return, heard again', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(installFakeSpeech);
  const account = await createAccount(request, { full_name: 'Jeanne Martin', recordAnswers: null });
  await answerRequiredQuestions(request, account);
  const id = await createChapterByApi(request, account);
  const [opening] = await chatMessages(request, account, id);
  await signInWithStorage(page, account, `/conversations/${id}/chat`);
  const chat = chatPage(page);
  const speech = fakeSpeech(page);
  await chat.expectState('user-can-talk', 60_000);

  // Asked once, in plain words, on the first spoken answer.
  await chat.main('user-can-talk').click();
  const ask = page.getByRole('dialog', { name: 'Garder le son de votre voix ?' });
  await expect(ask).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await ask.getByRole('button', { name: 'Oui, garder ma voix' }).click();
  await chat.expectState('user-talking');
  await speech.hear(SAID, true);
  await expect(chat.answer).toHaveValue(SAID);
  // The fake microphone plays the WAV: let the recorder take a few seconds of it.
  await page.waitForTimeout(3000);

  // Sent without connection: the answer and its sound wait on the device.
  await context.setOffline(true);
  await chat.main('user-talking').click();
  await chat.expectState('user-updating');
  await chat.main('user-updating').click();
  await expect(page.getByText(/votre réponse est gardée sur cet appareil/)).toBeVisible();

  await context.setOffline(false);
  await chat.expectState('bot-talking', 90_000);
  await expect
    .poll(
      async () =>
        (await messagesWithRecordings(request, account, id)).find((m) => m.type === 'user')
          ?.recording?.mime_type ?? null,
      { timeout: 60_000 },
    )
    .toMatch(/^audio\/(webm|ogg|mp4)$/);
  const answers = (await messagesWithRecordings(request, account, id)).filter(
    (m) => m.type === 'user',
  );
  expect(answers.map((m) => m.content)).toEqual([SAID]);
  const sound = await request.get(answers[0]!.recording!.url);
  expect(sound.status()).toBe(200);
  expect((await sound.body()).length).toBeGreaterThan(5000);
  expect(
    await request
      .get('/api/v1/users/me', {
        headers: { authorization: `Bearer ${account.token}` },
      })
      .then(async (r) => ((await r.json()) as { record_answers: boolean | null }).record_answers),
  ).toBe(true);

  // Heard again on the chapter page, under the question it answered.
  await page.goto(`/conversations/${id}`);
  await expect(page.getByRole('heading', { name: 'Réécouter vos réponses' })).toBeVisible();
  const play = page.getByRole('button', { name: `Écouter votre réponse à : ${opening!.content}` });
  await play.click();
  await expect(
    page.getByRole('button', { name: `Pause de votre réponse à : ${opening!.content}` }),
  ).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Math.max(...[...document.querySelectorAll('audio')].map((a) => a.currentTime)),
      ),
    )
    .toBeGreaterThan(0.3);
  await expectNoSeriousA11yViolations(page);

  // Heard once, it is kept on the device: offline, the page opens again and plays it.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Réécouter vos réponses' })).toBeVisible();
  await play.click();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Math.max(...[...document.querySelectorAll('audio')].map((a) => a.currentTime)),
      ),
    )
    .toBeGreaterThan(0.3);
  await context.setOffline(false);

  // Regretted, the sound alone goes: the words stay in the chapter.
  await page
    .getByRole('button', {
      name: `Supprimer l’enregistrement de votre réponse à : ${opening!.content}`,
    })
    .click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Oui, supprimer le son' })
    .click();
  await expect(page.getByRole('heading', { name: 'Réécouter vos réponses' })).toHaveCount(0);
  const after = (await messagesWithRecordings(request, account, id)).filter(
    (m) => m.type === 'user',
  );
  expect(after.map((m) => [m.content, m.recording ?? null])).toEqual([[SAID, null]]);
});

test.describe('a browser without speech recognition', () => {
  let transcriber: Server;
  let server: OwnServer;
  const received: { bytes: number; model: string; language: string }[] = [];
  const port = Number(process.env.E2E_PORT ?? 3100) + 57;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // A local server speaking the OpenAI /audio/transcriptions protocol.
    transcriber = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('latin1');
        const field = (name: string) =>
          new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(body)?.[1] ?? '';
        received.push({ bytes: body.length, model: field('model'), language: field('language') });
        if (req.url !== '/v1/audio/transcriptions' || req.method !== 'POST') {
          res.writeHead(404).end();
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ text: 'Je suis née à Douarnenez en 1932.' }));
      });
    });
    await new Promise<void>((resolve) => transcriber.listen(0, '127.0.0.1', resolve));
    const address = transcriber.address();
    const transcriberPort = typeof address === 'object' && address ? address.port : 0;
    server = await startOwnServer({
      port,
      name: 'transcription',
      publicUrl: `http://127.0.0.1:${port}`,
      env: {
        TRANSCRIBE_BASE_URL: `http://127.0.0.1:${transcriberPort}/v1`,
        TRANSCRIBE_MODEL: 'whisper-small',
      },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => transcriber?.close(resolve));
  });

  async function withoutRecognition(page: Page) {
    await page.addInitScript(() => {
      if (location.protocol.startsWith('http') && !localStorage.getItem('chapitres.consent'))
        localStorage.setItem(
          'chapitres.consent',
          JSON.stringify({ analytics: false, decided_at: '2026-01-01T00:00:00.000Z', version: 1 }),
        );
      for (const name of ['SpeechRecognition', 'webkitSpeechRecognition'])
        Object.defineProperty(window, name, { value: undefined, configurable: true });
    });
  }

  test('answers by voice through the server’s transcription, read over before sending', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const api = await playwright.request.newContext({ baseURL: server.url });
    const account = await createAccount(api, { full_name: 'Jeanne Martin', recordAnswers: null });
    await answerRequiredQuestions(api, account);
    const id = await createChapterByApi(api, account);
    await withoutRecognition(page);

    await page.goto(`${server.url}/login`);
    await page.getByLabel(/^Adresse email$/).fill(account.email);
    await page.getByLabel(/^Mot de passe$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`${server.url}/conversations/${id}/chat`);
    const chat = chatPage(page);
    await chat.expectState('user-can-talk', 60_000);
    // Speaking is offered: no « you answer by typing here ».
    await expect(page.getByText('Ici, vous répondez en écrivant')).toHaveCount(0);

    await chat.main('user-can-talk').click();
    const ask = page.getByRole('dialog', { name: 'Garder le son de votre voix ?' });
    await ask.getByRole('button', { name: 'Non, seulement le texte' }).click();
    await chat.expectState('user-talking');
    await page.waitForTimeout(3000);
    await chat.main('user-talking').click();
    await expect(chat.answer).toHaveValue('Je suis née à Douarnenez en 1932.', { timeout: 30_000 });
    const asked = received.at(-1)!;
    expect(asked).toMatchObject({ model: 'whisper-small', language: 'fr' });
    expect(asked.bytes).toBeGreaterThan(5000);
    await expectNoSeriousA11yViolations(page);

    // Read over, corrected, then sent as the person wants it.
    await chat.answer.fill('Je suis née à Douarnenez en 1932, au bord de la mer.');
    await chat.main('user-updating').click();
    await chat.expectState('bot-talking', 60_000);
    const answers = (await chatMessages(api, account, id)).filter((m) => m.type === 'user');
    expect(answers.map((m) => m.content)).toEqual([
      'Je suis née à Douarnenez en 1932, au bord de la mer.',
    ]);
    // The person said no: no sound kept.
    expect((answers[0] as MessageWithRecording).recording).toBeUndefined();
    await api.dispose();
  });
});
